/** What grammar/ offers: lex → parse → schema → check, as one call that never throws. */
import { parseReusing } from './parse-reusing.ts';
import { buildSchema, type ExtraDeclarationChecks } from './schema.ts';
import type { Schema } from './schema-types.ts';
import { collapseMisspeltTokens } from './misspelt-declaration.ts';
import { check } from './checker.ts';
import type { ExtraStatementChecks } from './statement-check.ts';
import type { Annotations } from './check-state.ts';
import { checkLooks } from './look-check.ts';
import type { RulesFile } from './ast.ts';
import { resetSuggestionBudget, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

export * from './diagnostics.ts';
export type * as AST from './ast.ts';
export type { Schema, PoolInfo, RoleInfo } from './schema-types.ts';
export type { Annotations, Resolution, MemberResolution, Type } from './check-state.ts';
export { describeType } from './check-state.ts';
export { builtinArity, builtinFunctions, isBuiltin, type BuiltinName, type BuiltinSignature } from './expression-check.ts';
export { highlightClasses } from './tokens.ts';
export { parse } from './parse.ts';
// What lowering reads of the checked constructs beside the AST.
export { lookColour, lookTargets, type LookTarget } from './look-check.ts';
export { mentions } from './selection-grammar.ts';
export { estimateOf } from './estimate-check.ts';
// The parser's lookahead tables, made once by the CLI's build instead of at every start.
export { RulesParser } from './parser.ts';
export { grammarTables, useGrammarTables, type GrammarTables } from './prepared-analysis.ts';

export interface Analysis {
  ast: RulesFile;
  schema: Schema;
  annotations: Annotations;
  diagnostics: Diagnostic[];
  /** True when there is no error (warnings allowed): the game can be built. */
  ok: boolean;
}

/**
 * A failure of Regola itself (a bug, not a mistake in the text): one diagnostic that says so,
 * never an exception that would freeze an editor or lose what was typed.
 */
export function internalErrorDiagnostic(error: unknown): Diagnostic {
  return m.at(m.internalError(error), { start: 0, end: 0 });
}

/**
 * The last text analysed and its analysis: in the studio the playtest's compile and the editor's
 * services (outline, highlights, hovers) ask for the same text on every keystroke. Analyses are
 * never changed by their readers.
 */
let last: { text: string; analysis: Analysis } | undefined;

export function analyze(text: string): Analysis {
  if (last && last.text === text) return last.analysis;
  const analysis = analyzeGuarded(text);
  last = { text, analysis };
  return analysis;
}

/** More checks of statements and declarations, run after each kind's own (check-registry.ts). */
export interface ExtraChecks { statements?: ExtraStatementChecks; declarations?: ExtraDeclarationChecks }

/**
 * The analysis with more checks: for a tool that adds checks of its own, and for the tests that
 * make a check fail on purpose. Never kept as the last analysis.
 */
export function analyzeWith(text: string, extra: ExtraChecks): Analysis {
  return analyzeGuarded(text, extra);
}

function analyzeGuarded(text: string, extra?: ExtraChecks): Analysis {
  try {
    return analyzeUnguarded(text, extra);
  } catch (error) {
    const schema = buildSchema({ declarations: [], range: { start: 0, end: 0 } }, [], false);
    return { ast: { declarations: [], range: { start: 0, end: 0 } }, schema, annotations: check({ declarations: [], range: { start: 0, end: 0 } }, schema, [], false), diagnostics: [internalErrorDiagnostic(error)], ok: false };
  }
}

function analyzeUnguarded(text: string, extra: ExtraChecks | undefined): Analysis {
  resetSuggestionBudget();
  // The declarations the last keystroke did not touch are not parsed again (parse-reusing.ts).
  const { ast, diagnostics, complete, plannedNames } = parseReusing(text);
  const schema = buildSchema(ast, diagnostics, complete, extra?.declarations);
  const annotations = check(ast, schema, diagnostics, complete, extra?.statements);
  checkLooks(ast, schema, diagnostics);
  collapseMisspeltTokens(text, ast, diagnostics);
  diagnostics.sort((a, b) => a.range.start - b.range.start);
  // A name a planned declaration would have declared (already reported as planned) is not unknown too.
  if (plannedNames.size) {
    const kept = diagnostics.filter((d) => !(d.code.startsWith('name/unknown') && plannedNames.has(text.slice(d.range.start, d.range.end))));
    diagnostics.splice(0, diagnostics.length, ...kept);
  }
  // The same words checked several times (a property shared by every card of a product, card-product.ts) say a mistake once.
  const seen = new Set<string>();
  const unique = diagnostics.filter((d) => {
    const key = `${d.code} ${d.range.start} ${d.range.end} ${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  diagnostics.splice(0, diagnostics.length, ...unique);
  return { ast, schema, annotations, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
// The catalogue of constructs and the one walker read from it.
export {
  declarationCatalogue, statementCatalogue, expressionCatalogue, declarationForms, statementForms, declarationWords, textValues,
  clauseForms, namingWords, followersOfValue, wordsAfterAnyValue,
  type DeclarationCatalogue, type StatementCatalogue, type ExpressionCatalogue, type DeclarationEntry, type StatementEntry,
  type DeclarationKind, type StatementKind, type ExpressionKind, type Form, type Flow,
} from './constructs.ts';
export { walk, walkExpression, type Visitor, type Walkable } from './walk.ts';
