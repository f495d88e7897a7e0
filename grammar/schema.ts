/**
 * The declarations of a game gathered into one table (schema-types.ts): what names exist and what they are.
 * Each kind of declaration adds itself (schema-declarations.ts, one check per kind, each run in
 * isolation); then the references between declarations are resolved (schema-references.ts).
 * Duplicate names and bad numbers are reported here; statements are checked by the checker (checker.ts).
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import { CheckRegistry, isolated, type ExtraChecks } from './check-registry.ts';
import { emptySchema, newSchemaBuilder, type SchemaBuilder } from './schema-builder.ts';
import { declarationChecks } from './schema-declarations.ts';
import { schemaReferences } from './schema-references.ts';
import type { Schema } from './schema-types.ts';

/** More checks of declarations, run after each kind's own (check-registry.ts). */
export type ExtraDeclarationChecks = ExtraChecks<A.Declaration, SchemaBuilder>;

/** `complete` false: the file was cut short, so a missing block may just be unread; say nothing of it. */
export function buildSchema(file: A.RulesFile, diagnostics: Diagnostic[], complete = true, extra?: ExtraDeclarationChecks): Schema {
  const builder = newSchemaBuilder(emptySchema(), diagnostics, complete);
  const report = (d: Diagnostic) => diagnostics.push(d);
  const declarations = new CheckRegistry<A.Declaration, SchemaBuilder, void>('declaration', declarationChecks, undefined, report).register(extra);
  for (const decl of file.declarations) declarations.run(decl, builder);
  for (const [name, pass] of schemaReferences) isolated(name, file, report, undefined, () => pass(file, builder));
  return builder.schema;
}
