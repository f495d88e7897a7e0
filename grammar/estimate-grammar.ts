/**
 * The grammar of `estimate SCORE`: how well a player stands, in the rules' own terms, for bots that
 * cut an imagined game short (interpreter/bots/). SCORE is a number about one player, as a role's
 * goal is a condition about one: token names and player variables are that player's, `it` is the
 * player; `estimate q: …` also names the player, for a `where` inside. `estimate` is a plain
 * name, taken from no rules file.
 *
 * @example
 * estimate 10 * arrivate + count(pieces(it))
 * estimate q: count(Mondo where owner == q)
 */
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { LookGrammar } from './look-grammar.ts';

export class EstimateGrammar extends LookGrammar {
  /** `estimate` followed by anything but `=` or `:` (no other declaration starts with a plain name but `look` and `at any time`). */
  protected startsEstimate(): boolean {
    const next = this.LA(2).tokenType;
    return this.LA(1).image === 'estimate' && this.LA(1).tokenType === T.Identifier && next !== T.Equals && next !== T.Colon;
  }

  protected estimateDecl = this.RULE('estimateDecl', (): A.EstimateDecl => {
    const first = this.CONSUME2(T.Identifier);
    let player: A.Name | undefined;
    // `estimate q: …` names the player, so a `where` inside can still reach them (as `where t: …` does).
    this.OPTION({
      GATE: () => this.LA(2).tokenType === T.Colon,
      DEF: () => { player = this.identifier(); this.CONSUME(T.Colon); },
    });
    const score = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'estimate', player, score, range: this.join(this.span(first), score.range) }) as A.EstimateDecl);
  });
}
