/**
 * The grammar of flows beyond one player's turn: decisions several players make at once
 * (`simultaneously for each p in … { … }`), moves open at any time, who plays next
 * (`next turn to right(dealer)`), and what happens at the turn limit (`at turn limit { … }`).
 *
 * @example
 * simultaneously for each p in players {
 *   choose offerta from range(0, p.Oro) by p prompt "La tua offerta segreta"
 *   set p.offerta = offerta
 * }
 */
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { GridGrammar } from './grid-grammar.ts';
import { recovered } from './parser-base.ts';

const K = T.keywords;

export class FlowGrammar extends GridGrammar {
  /** Defined by the statement grammar (statement-grammar.ts), which extends this class. */
  declare public block: (idx?: number) => A.Block;
  declare public optionClause: (idx?: number) => A.OptionClause;

  /** `at any time …`: three plain words, so 'at', 'any' and 'time' stay free as names elsewhere. */
  protected startsAnyTime(): boolean {
    return this.LA(1).image === 'at' && this.LA(2).image === 'any' && this.LA(3).image === 'time';
  }

  protected anyTimeDecl = this.RULE('anyTimeDecl', (): A.AnyTimeDecl => {
    const first = this.CONSUME(T.Identifier);
    this.CONSUME2(T.Identifier);
    this.CONSUME3(T.Identifier);
    this.CONSUME(K.by);
    const variable = this.SUBRULE(this.name);
    this.CONSUME(K.in);
    const players = this.SUBRULE(this.expression);
    this.CONSUME(T.LBrace);
    const options: A.OptionClause[] = [];
    this.AT_LEAST_ONE(() => { const option = this.SUBRULE(this.optionClause); this.ACTION(() => options.push(option)); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'any-time', variable, players, options: options.filter((o) => !recovered(o)), range: this.span(first, last) }) as A.AnyTimeDecl);
  });

  /** `at turn limit { … }`: 'at' is a plain word; `turn` and `limit` are keywords. */
  protected startsAtTurnLimit(): boolean {
    return this.LA(1).image === 'at' && this.LA(1).tokenType === T.Identifier && this.LA(2).tokenType === K.turn && this.LA(3).tokenType === K.limit;
  }

  protected atTurnLimitDecl = this.RULE('atTurnLimitDecl', (): A.AtTurnLimitDecl => {
    const first = this.CONSUME4(T.Identifier);
    this.CONSUME(K.turn);
    this.CONSUME(K.limit);
    const body = this.SUBRULE2(this.block);
    return this.ACTION(() => ({ kind: 'at-turn-limit', body, range: this.join(this.span(first), body.range) }) as A.AtTurnLimitDecl);
  });

  /** `thresholds BigBrother { 1 "Ministero della Verità" forbid "opinione coperta"  … }` */
  protected thresholdsDecl = this.RULE('thresholdsDecl', (): A.ThresholdsDecl => {
    const first = this.CONSUME(K.thresholds);
    const token = this.SUBRULE2(this.name);
    this.CONSUME2(T.LBrace);
    const items: A.ThresholdItem[] = [];
    this.MANY(() => {
      const count = this.CONSUME(T.NumberLiteral);
      const statusToken = this.CONSUME3(T.StringLiteral);
      const forbid: { label: string; range: A.Range }[] = [];
      this.OPTION(() => {
        this.CONSUME(K.forbid);
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => {
          const label = this.CONSUME2(T.StringLiteral);
          this.ACTION(() => forbid.push({ label: this.unquote(label.image), range: this.span(label) }));
        } });
      });
      const cite = this.OPTION2(() => { this.CONSUME(K.cite); return this.text(); });
      this.ACTION(() => items.push({
        count: this.numberNode(count), status: this.unquote(statusToken.image), statusRange: this.span(statusToken), forbid, cite,
        range: this.join(this.span(count), this.lastRange()),
      }));
    });
    const last = this.CONSUME2(T.RBrace);
    return this.ACTION(() => ({ kind: 'thresholds', token, items, range: this.span(first, last) }) as A.ThresholdsDecl);
  });

  /** `next turn to P`: 'next' is a plain word, so it stays free as a name elsewhere. */
  protected startsNextTurn(): boolean {
    return this.LA(1).image === 'next' && this.LA(2).tokenType === K.turn && this.LA(3).tokenType === K.to;
  }

  protected nextTurnStmt = this.RULE('nextTurnStmt', (): A.NextTurnStmt => {
    const first = this.CONSUME(T.Identifier);
    this.CONSUME(K.turn);
    this.CONSUME(K.to);
    const player = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'next-turn', player, range: this.join(this.span(first), player.range) }) as A.NextTurnStmt);
  });

  protected simultaneousStmt = this.RULE('simultaneousStmt', (): A.SimultaneousStmt => {
    const first = this.CONSUME(K.simultaneously);
    this.CONSUME(K.for);
    this.CONSUME(K.each);
    const variable = this.SUBRULE(this.name);
    this.CONSUME(K.in);
    const list = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'simultaneous', variable, list, body, range: this.join(this.span(first), body.range) }) as A.SimultaneousStmt);
  });
}
