/**
 * The catalogue of constructs: for every kind of declaration, statement and expression of the AST
 * (ast.ts), the words it is written with, how to reach its parts, what it does to a game, and how
 * completion offers it. Every tool that needs such a fact reads it here — the walker (walk.ts), the
 * parser's "expected a declaration" message, the declaration words, the studio's completion,
 * formatter, outline and machine diagram, coverage's citation walk and the checker's kind lists —
 * so a new construct is registered once.
 *
 * The tables are mapped types over the AST's kinds: a kind added to `Declaration`, `Statement` or
 * `Expr` without its entry here does not compile (test/grammar/constructs.test.ts holds the proof).
 */
import { clauseForms, statementCatalogue, textValues } from './constructs-statements.ts';
import { declarationCatalogue } from './constructs-declarations.ts';
import type { DeclarationKind, Form, StatementKind } from './construct-types.ts';

// The types live apart so the tables' modules can use them without importing this one back.
export type * from './construct-types.ts';

export { statementCatalogue, declarationCatalogue, textValues, clauseForms };
export { expressionCatalogue, wordsAfterAnyValue } from './constructs-expressions.ts';

/** Every form of every declaration, in the order of the catalogue. */
export const declarationForms: readonly (Form & { kind: DeclarationKind })[] = (Object.keys(declarationCatalogue) as DeclarationKind[])
  .flatMap((kind) => declarationCatalogue[kind].forms.map((form) => ({ ...form, kind })));

/** Every form of every statement, in the order of the catalogue. */
export const statementForms: readonly (Form & { kind: StatementKind })[] = (Object.keys(statementCatalogue) as StatementKind[])
  .flatMap((kind) => statementCatalogue[kind].forms.map((form) => ({ ...form, kind })));

/**
 * The words after which a name is made up or a text written (`rule`, `let`, `prompt`, `cite`), in
 * every form of every declaration, statement and clause: completion offers nothing after them.
 */
export const namingWords: ReadonlySet<string> = new Set([...declarationForms, ...statementForms, ...clauseForms].flatMap((form) => form.naming ?? []));

/**
 * For each first word of a statement or a clause (`gain`, `choose`, `option`), the words its forms
 * may write after a value (`to`; `from`, `by`, `prompt`), in the order of the catalogue.
 */
export const followersOfValue: ReadonlyMap<string, readonly string[]> = (() => {
  const byWord = new Map<string, string[]>();
  for (const form of [...statementForms, ...clauseForms]) {
    const first = form.words.split(' ')[0];
    const words = byWord.get(first) ?? [];
    for (const word of form.followers ?? []) if (!words.includes(word)) words.push(word);
    byWord.set(first, words);
  }
  return byWord;
})();

/**
 * The words that start a top-level declaration (`game`, `player` of `player var`, `at` of `at any
 * time`…): where the text is cut between declarations without parsing (parse-reusing.ts) and where
 * the parser skips to the next declaration (parse.ts).
 */
export const declarationWords: ReadonlySet<string> = new Set(declarationForms.map((form) => form.words.split(' ')[0]));

/** `a, b, c or d`. */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** Every way of starting a declaration, as a list in words: `game, tokens, …, estimate or define`. */
export const declarationStarts = orList([...new Set(declarationForms.map((form) => form.words))]);

/** What the parser says it expected where no declaration starts: every way of starting one. */
export const expectedDeclaration = `a declaration (${declarationStarts})`;
