/** The shapes of the catalogue of constructs (constructs.ts): entries typed over every AST kind. */
import type * as A from './ast.ts';

export type DeclarationKind = A.Declaration['kind'];
export type StatementKind = A.Statement['kind'];
export type ExpressionKind = A.Expr['kind'];
export type DeclarationOf<K extends DeclarationKind> = Extract<A.Declaration, { kind: K }>;
export type StatementOf<K extends StatementKind> = Extract<A.Statement, { kind: K }>;
export type ExpressionOf<K extends ExpressionKind> = Extract<A.Expr, { kind: K }>;

/** One way of writing a construct. */
export interface Form {
  /** The fixed words it starts with, as written: `for each`, `first player by rolling`, `at any time`. */
  words: string;
  /** The completion item's label, where it is not the words (`deal cards` for `deal 6 from …`). */
  label?: string;
  /** What completion inserts, with placeholders (`${1:name}`); its defaults make a text that parses. */
  snippet: string;
  description: string;
  /**
   * The words it may write after a value (`to` of `gain 2 Oro to p`, `times` of `repeat 3 times`):
   * completion offers them once a value is finished in it, with the words that go on any value.
   */
  followers?: readonly string[];
  /** The words it writes before a name made up there or a text (`let`, `prompt`): completion offers nothing after them. */
  naming?: readonly string[];
}

/**
 * How to reach the parts of a node. Each list is in the order written; an absent optional part is
 * `undefined`, which the walker skips. Expressions include the `{…}` values of a text.
 */
export interface Parts<N> {
  expressions?: (node: N) => readonly (A.Expr | undefined)[];
  blocks?: (node: N) => readonly (A.Block | undefined)[];
  /** `option "…" { … }` clauses: each a condition and a block. */
  clauses?: (node: N) => readonly A.OptionClause[];
  /** The names written in it (declared or referred to) outside its expressions. */
  names?: (node: N) => readonly (A.Name | undefined)[];
}

/**
 * What a statement is to the flow of play (the machine diagram draws it so): a plain `step`, a
 * `choice` a player makes, a `branch`, a `loop`, a `call` of a rule, an `ending` (of the game, the
 * turn or a player), a `section` with a body of its own, or a `note` that does nothing.
 */
export type Flow = 'step' | 'choice' | 'branch' | 'loop' | 'call' | 'ending' | 'section' | 'note';

export interface StatementEntry<K extends StatementKind> extends Parts<StatementOf<K>> {
  /** The ways of writing it; none for `error`, which stands where a statement could not be read. */
  forms: readonly Form[];
  flow: Flow;
  /** What an `ending` ends. */
  ends?: 'game' | 'turn' | 'player';
  /** It changes the game's state (a rule made only of statements that do not needs no citation). */
  changesState: boolean;
  /** Its outcome is drawn by lot. */
  drawsByLot: boolean;
  /**
   * Its outcome depends on the order the players act in, so a simultaneous block may not hold it:
   * what it is called in that message ('a roll').
   */
  orderDependent?: string;
  /** Written only directly in `turns` (a phase). */
  onlyInTurns?: boolean;
}

export interface DeclarationEntry<K extends DeclarationKind> extends Parts<DeclarationOf<K>> {
  forms: readonly Form[];
  /** The name it declares, if it declares one under a name (the outline shows it). */
  named?: (node: DeclarationOf<K>) => A.Name | undefined;
  /** Its items, one a line, each of which may continue over several lines (a role's goal). */
  items?: (node: DeclarationOf<K>) => readonly A.Node[];
}

export type ExpressionEntry<K extends ExpressionKind> = Parts<ExpressionOf<K>>;

export type StatementCatalogue = { readonly [K in StatementKind]: StatementEntry<K> };
export type DeclarationCatalogue = { readonly [K in DeclarationKind]: DeclarationEntry<K> };
export type ExpressionCatalogue = { readonly [K in ExpressionKind]: ExpressionEntry<K> };
