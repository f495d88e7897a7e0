/** What grammar/ offers: lex → parse → schema → check, as one call that never throws. */
import { parse } from './parse.ts';
import { buildSchema, type Schema } from './schema.ts';
import { check, type Annotations } from './checker.ts';
import type { RulesFile } from './ast.ts';
import { resetSuggestionBudget, type Diagnostic } from './diagnostics.ts';

export * from './diagnostics.ts';
export type * as AST from './ast.ts';
export type { Schema, PoolInfo, RoleInfo } from './schema.ts';
export type { Annotations, Resolution, MemberResolution, Type } from './checker.ts';
export { builtinFunctions, describeType } from './checker.ts';
export { highlightClasses } from './tokens.ts';
export { parse } from './parse.ts';

export interface Analysis {
  ast: RulesFile;
  schema: Schema;
  annotations: Annotations;
  diagnostics: Diagnostic[];
  /** True when there is no error (warnings allowed): the game can be built. */
  ok: boolean;
}

export function analyze(text: string): Analysis {
  resetSuggestionBudget();
  const { ast, diagnostics, complete } = parse(text);
  const schema = buildSchema(ast, diagnostics, complete);
  const annotations = check(ast, schema, diagnostics, complete);
  diagnostics.sort((a, b) => a.range.start - b.range.start);
  return { ast, schema, annotations, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
