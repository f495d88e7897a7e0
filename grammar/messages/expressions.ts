/** Expressions: the kinds of values, names and members, calls, operators, conditions. */
import { codes } from '../diagnostics.ts';
import { error, warning } from './message.ts';

const expected = (what: string, found: string) => `expected ${what} here, but this is ${found}`;
/** Made by `expect`: `what` the place needs ("a number (the score)"), `found` what it was given. */
export const expectedNumber = error(codes.typeExpectedNumber, expected);
export const expectedPlayer = error(codes.typeExpectedPlayer, expected);
export const expectedKind = error(codes.typeMismatch, expected);

export const notDeclared = error(codes.nameUnknown, (name: string) =>
  `'${name}' is not declared${name === 'it' ? " ('it' means the element only inside where)" : ''}`);
export const defineWithoutParentheses = error(codes.nameUnknown, (define: string, params: string[]) =>
  `'${define}' is a define: its value is asked for with parentheses, ${define}(${params.join(', ')})`);
export const noSuchAttribute = error(codes.nameUnknownAttribute, (owner: string, attribute: string) => `${owner} has no attribute '${attribute}'`);
export const roleUnknown = error(codes.nameUnknownRole, (role: string) => `there is no role '${role}'`);

export const functionUnknown = error(codes.nameUnknownFunction, (name: string) => `there is no function '${name}'`);
export const functionArguments = error(codes.argumentCount, (name: string, params: number, args: number) =>
  `${name} takes ${params} argument${params === 1 ? '' : 's'}, not ${args}`);
export const functionNeedsList = error(codes.typeExpectedList, (name: string, found: string) => `${name} needs a list, but this is ${found}`);
export const functionArgumentKind = error(codes.typeMismatch, (name: string, wanted: string, found: string) =>
  `${name} needs ${wanted} here, but this is ${found}`);
export const regionsOfMap = error(codes.typeMismatch, (maps: string[]) =>
  `regions(…) needs the name of a map${maps.length ? ` (${maps.join(', ')})` : ': declare one with map NAME { region … }'}`);
export const gridFirst = error(codes.typeMismatch, (name: string, grids: string[]) =>
  `${name} needs the name of a grid first${grids.length ? ` (${grids.join(', ')})` : ': declare one with grid NAME: ROWS by COLUMNS cells'}`);

export const aggregateList = error(codes.typeExpectedList, (what: string, found: string) =>
  `'${what} of' goes over the elements of a list, but this is ${found}`);
export const whereList = error(codes.typeExpectedList, (found: string) => `'where' filters a list, but this is ${found}`);
export const arithmeticNumbers = error(codes.typeExpectedNumber, (operator: string, found: string) => `'${operator}' needs numbers, but this is ${found}`);
export const conditionalKinds = error(codes.typeMismatch, (then: string, otherwise: string) =>
  `the two values of 'if … then … else …' must be of one kind, but after 'then' is ${then} and after 'else' ${otherwise}`);
export const comparisonNumbers = error(codes.typeExpectedNumber, (operator: string, found: string) => `'${operator}' compares numbers, but this is ${found}`);
export const inList = error(codes.typeExpectedList, (found: string) => `'in' needs a list on its right, but this is ${found}`);
export const isPlayer = error(codes.typeExpectedPlayer, (found: string) => `'is' asks whether a player has a status, but this is ${found}`);
export const faceNotNumber = error(codes.typeMismatch, () =>
  "a face is a name, not a number, so this is never equal: compare d.value with a number instead");
export const expectedCondition = error(codes.typeExpectedCondition, (found: string, operator: string | undefined, hint: string) =>
  `expected a condition (true or false)${operator ? ` on each side of '${operator}'` : ''} here, but this is ${found}${hint}`);

export const parameterTwice = error(codes.nameDuplicate, (param: string) =>
  `the parameter '${param}' is already in this define; give this one another name`);
export const defineIsBuiltin = error(codes.nameDuplicate, (define: string) =>
  `'${define}' is a function of the language; give this define another name`);
/** `circle`: the defines of the loop, from this one back to it. */
export const defineRecursive = error(codes.defineRecursive, (define: string, circle: string[]) => circle.length === 2
  ? `the define '${define}' calls itself: its value would never be found (a loop is written with a rule, or with sum of, count or where over a list)`
  : `the define '${define}' calls itself through ${circle.slice(1, -1).map((n) => `'${n}'`).join(' and ')} (${circle.join(' → ')}): its value would never be found`);
export const defineUnused = warning(codes.defineUnused, (define: string) => `the define '${define}' is never used (no call ${define}(…))`);
export const defineArguments = error(codes.argumentCount, (define: string, params: string[], args: number) =>
  `the define '${define}' takes ${params.length} argument${params.length === 1 ? '' : 's'}${params.length ? ` (${params.join(', ')})` : ''}, not ${args}`);

export const statusInQuotes = error(codes.typeMismatch, () => "'is' asks whether a player has a status: write the status's name in quotes");
export const statusUnknown = error(codes.nameUnknown, (status: string, known: string[]) => known.length
  ? `"${status}" is not a status; the statuses are ${known.map((s) => `"${s}"`).join(', ')}`
  : `"${status}" is not a status: declare it in a thresholds block`);
export const ambiguousAggregate = warning(codes.ambiguousAggregate, (operator: string, what: string) =>
  `the value after 'by' runs on past '${operator}', so what follows counts for each element, not once after '${what} …': ` +
  `bracket the value after 'by', or the '${what} …', to say which`);
