/**
 * Filters over a whole pool of dice (`Dadi where tenuto and not risolto`, `Dadi where face in
 * [Ratto, Vino]`), written as a loop over the pool's die numbers. Where the closure takes its fast
 * path (compile-expression.ts `poolFilter`: marks, and faces compared with values written in the
 * rules) the die is tested directly and bound to no local, exactly as there; any other condition
 * takes the general loop, which binds each die to the filter's local (expression.ts).
 */
import { code, empty, join, lines, type Code } from './code.ts';
import type { AST, Annotations } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import { index, number, type Tables } from './tables.ts';
import { constantScalars } from '../program/operands.ts';
import { dieAttribute, markMask } from '../lowering/index.ts';

/**
 * What a filter is wanted for: the list, its count, its first item, the values of a choice (put
 * into `H.candidates`, their number returned), or whether it finds any (a pool's only: it stops at
 * the first die, which a filter binding each item to its local may not).
 */
export type FilterUse = 'filter' | 'count' | 'top' | 'into' | 'some';

/** The die numbers of a pool: `first` up to `end` (excluded), as the closure's list of them. */
export function poolDice(definition: GameDefinition, name: string): { first: number; end: number } {
  const pool = definition.pools.find((p) => p.name === name)!;
  return { first: pool.first, end: pool.first + pool.count };
}

/**
 * `Pool where C` as a call of a function written for it, when C is a test the closure makes on
 * the die itself; null when C is anything else (the general loop then binds each die).
 */
export function poolFilter(node: AST.WhereExpr, a: Annotations, definition: GameDefinition, tables: Tables, as: FilterUse): Code | null {
  const start = as === 'filter' ? code`  const r = [];` : as === 'count' ? code`  let r = 0;` : as === 'into' ? code`  let n = 0;` : empty;
  const take = as === 'filter' ? code`r.push(d);` : as === 'into' ? code`r[n++] = d;` : as === 'count' ? code`r++;` : as === 'some' ? code`return true;` : code`return d;`;
  // `top` of no die is none (the closure's `[0] ?? null`).
  const end = as === 'top' ? code`  return null;` : as === 'some' ? code`  return false;` : as === 'into' ? code`  return n;` : code`  return r;`;
  const name = poolLoop(node, a, definition, tables, as === 'into' ? code`s, r` : code`s`, start, take, end);
  return name === null ? null : as === 'into' ? code`${name}(s, H.candidates)` : code`${name}(s)`;
}

/** What `mark`, `unmark` and `roll` do to one die (`die`, its record; `d`, its number), as their closures in compile-effects.ts. */
export type DiceChange = 'markOn' | 'markOff' | 'roll';

/**
 * `mark X on Pool where C` (or `unmark`, `roll`; or of the whole pool) as a call of a function
 * that changes each die where it finds one, building no list; null as for `poolFilter`. C reads only the die it tests,
 * so testing each die just before changing it finds the dice the list would have held (and a
 * roll draws for them in the same order).
 */
export function poolChange(node: AST.Expr, a: Annotations, definition: GameDefinition, tables: Tables, change: DiceChange, bit: number): Code | null {
  const whole = node.kind === 'name' ? a.names.get(node) : undefined;
  const list = node.kind === 'where' && node.list.kind === 'name' ? a.names.get(node.list) : whole;
  if (list?.kind !== 'pool') return null;
  const pool = index(definition.pools.findIndex((p) => p.name === list.name));
  const body = change === 'markOn' ? code`die.marks = die.marks | ${index(bit)};`
    : change === 'markOff' ? code`die.marks = die.marks & ${number(~bit)};`
    : code`{ const faces = D.pools[${pool}].faces; die.face = faces[H.randomInt(s, faces.length)]; }`;
  const name = poolLoop(node, a, definition, tables, code`s`, empty, body, empty);
  return name === null ? null : code`${name}(s)`;
}

/** The function looping over a pool's dice (a pool's name, or a filter of one with C tested on each), or null (poolFilter). */
function poolLoop(node: AST.Expr, a: Annotations, definition: GameDefinition, tables: Tables, parameters: Code, start: Code, take: Code, end: Code): Code | null {
  const pooled = node.kind === 'where' ? node.list : node;
  const list = pooled.kind === 'name' ? a.names.get(pooled) : undefined;
  if (list?.kind !== 'pool') return null;
  const test = node.kind === 'where' ? dieTest(node.condition, a, tables) : code`true`;
  if (test === null) return null;
  const { first, end: last } = poolDice(definition, list.name);
  return tables.function((fn) => lines([
    code`function ${fn}(${parameters}) {`,
    ...(start ? [start] : []),
    code`  for (let d = ${index(first)}; d < ${index(last)}; d++) {`,
    code`    const die = s.dice[d];`,
    test === 'true' ? code`    ${take}` : code`    if (${test}) ${take}`,
    code`  }`,
    ...(end ? [end] : []),
    code`}`,
  ]));
}

/**
 * A test of `die` (a die's record) as source, in the shapes the closure's `dieTest` accepts and
 * in the same order of tests: a mask of marks, `not`, `and`/`or` of such tests, `face` compared
 * with values written in the rules. Null for anything else.
 */
function dieTest(node: AST.Expr, a: Annotations, tables: Tables): Code | null {
  const mask = markMask(node, a);
  if (mask) {
    const { required, forbidden } = mask;
    const tests = [
      ...(required !== 0 ? [code`(die.marks & ${index(required)}) === ${index(required)}`] : []),
      ...(forbidden !== 0 ? [code`(die.marks & ${index(forbidden)}) === 0`] : []),
    ];
    return tests.length === 0 ? code`true` : code`(${join(tests, code` && `)})`;
  }
  if (node.kind === 'unary' && node.operator === 'not') {
    const inner = dieTest(node.operand, a, tables);
    return inner === null ? null : code`!${inner}`;
  }
  if (node.kind === 'binary' && (node.operator === 'and' || node.operator === 'or')) {
    const left = dieTest(node.left, a, tables);
    const right = left === null ? null : dieTest(node.right, a, tables);
    if (left === null || right === null) return null;
    return code`(${left} ${node.operator === 'and' ? code`&&` : code`||`} ${right})`;
  }
  if (node.kind === 'binary' && dieAttribute(node.left, a)?.kind === 'face') {
    const constants = node.operator === 'in' ? constantScalars(node.right, a)
      : node.operator === '==' || node.operator === '!=' ? constantScalars({ kind: 'list', items: [node.right], range: node.right.range }, a) : null;
    if (!constants) return null;
    const has = membership(code`die.face`, constants, tables);
    return node.operator === '!=' ? code`!${has}` : has;
  }
  return null;
}

/** Sets this small are tested value by value: a few `===` cost less than hashing for `Set.has`. */
const fewest = 6;

/**
 * `value in constants` as source, as the closure's `Set.has` answers it (SameValueZero: `===`,
 * since no constant written in the rules is NaN). `value` is read once per constant, so it must be
 * a plain read (a variable, a property).
 */
export function membership(value: Code, constants: Set<string | number | boolean>, tables: Tables): Code {
  if (constants.size === 0) return code`false`;
  if (constants.size > fewest) return code`${tables.constant(constants)}.has(${value})`;
  const one = (c: string | number | boolean) => (typeof c === 'number' ? number(c) : typeof c === 'boolean' ? (c ? code`true` : code`false`) : tables.constant(c));
  return code`(${join([...constants].map((c) => code`${value} === ${one(c)}`), code` || `)})`;
}
