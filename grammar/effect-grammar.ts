/**
 * The grammar of statements that act on the table: tokens (`gain`, `discard`, `steal`), dice
 * (`roll`, `mark`/`unmark`, `first player by rolling`), roles (`deal roles`, `draw role for`,
 * `discard role of`) and cards (`deal`, `draw`, `shuffle`, `move … to`, `reveal`). A class in the chain
 * of grammar modules, between the estimate grammar (estimate-grammar.ts) and the statement grammar.
 *
 * @example
 * gain 2 Vino to p
 * draw 6 from Mazzo to p.Mano
 * deal 6 from Mazzo to Mano
 * move c to Scarti face down
 */
import { type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { DefineGrammar } from './define-grammar.ts';

const K = T.keywords;

export class EffectGrammar extends DefineGrammar {
  protected optionalPlayer(keyword: TokenType): A.Expr | undefined {
    return this.OPTION9(() => { this.CONSUME9(keyword); return this.SUBRULE9(this.expression); });
  }

  protected gainStmt = this.RULE('gainStmt', (): A.GainStmt => {
    const first = this.CONSUME(K.gain);
    const amount = this.SUBRULE(this.additive);
    const symbol = this.SUBRULE(this.postfix);
    const player = this.optionalPlayer(K.to);
    return this.ACTION(() => ({ kind: 'gain', amount, symbol, player, range: this.join(this.span(first), this.lastRange()) }) as A.GainStmt);
  });

  protected discardStmt = this.RULE('discardStmt', (): A.DiscardStmt | A.DiscardRoleStmt => {
    const first = this.CONSUME(K.discard);
    return this.OR([
      { ALT: () => {
        this.CONSUME(K.role); this.CONSUME(K.of);
        const player = this.SUBRULE(this.expression);
        return this.ACTION(() => ({ kind: 'discard-role', player, range: this.join(this.span(first), player.range) }) as A.DiscardRoleStmt);
      } },
      { ALT: () => {
        const all = this.OPTION(() => { this.CONSUME(K.all); return true; }) ?? false;
        const amount = this.OPTION2({ GATE: () => !all, DEF: () => this.SUBRULE(this.additive) });
        const symbol = this.SUBRULE(this.postfix);
        const player = this.optionalPlayer(K.from);
        return this.ACTION(() => ({ kind: 'discard', amount, all, symbol, player, range: this.join(this.span(first), this.lastRange()) }) as A.DiscardStmt);
      } },
    ]);
  });

  protected stealStmt = this.RULE('stealStmt', (): A.StealStmt => {
    const first = this.CONSUME(K.steal);
    const amount = this.SUBRULE(this.additive);
    const symbol = this.SUBRULE(this.postfix);
    this.CONSUME(K.from);
    const victim = this.SUBRULE(this.expression);
    const player = this.optionalPlayer(K.to);
    return this.ACTION(() => ({ kind: 'steal', amount, symbol, victim, player, range: this.join(this.span(first), this.lastRange()) }) as A.StealStmt);
  });

  protected rollStmt = this.RULE('rollStmt', (): A.RollStmt => {
    const first = this.CONSUME(K.roll);
    const dice = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'roll', dice, range: this.join(this.span(first), dice.range) }) as A.RollStmt);
  });

  /** `mark tenuto on d`, `unmark tenuto on Dadi`. */
  protected markStmt = this.RULE('markStmt', (): A.MarkStmt => {
    const first = this.LA(1);
    const on = this.OR([
      { ALT: () => { this.CONSUME(K.mark); return true; } },
      { ALT: () => { this.CONSUME(K.unmark); return false; } },
    ]);
    const mark = this.SUBRULE(this.name);
    this.CONSUME(K.on);
    const dice = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'mark', on, mark, dice, range: this.join(this.span(first), dice.range) }) as A.MarkStmt);
  });

  /** `deal roles`, or `deal 6 from Mazzo to Mano` / `deal all from Mazzo to Mano` (each player's own `Mano`). */
  protected dealStmt = this.RULE('dealStmt', (): A.DealRolesStmt | A.DealCardsStmt => {
    const first = this.CONSUME(K.deal);
    return this.OR([
      { GATE: () => this.LA(2).tokenType !== K.from, ALT: () => {
        const last = this.CONSUME(K.roles);
        return this.ACTION(() => ({ kind: 'deal-roles', range: this.span(first, last) }) as A.DealRolesStmt);
      } },
      { ALT: () => {
        const all = this.OPTION(() => { this.CONSUME(K.all); return true; }) ?? false;
        const count = this.OPTION2({ GATE: () => !all, DEF: () => this.SUBRULE(this.additive) });
        this.CONSUME(K.from);
        const from = this.SUBRULE(this.postfix);
        this.CONSUME(K.to);
        const to = this.SUBRULE(this.name);
        return this.ACTION(() => ({ kind: 'deal-cards', count, all, from, to, range: this.join(this.span(first), to.range) }) as A.DealCardsStmt);
      } },
    ]);
  });

  /** `draw role for p`, or `draw 6 from Mazzo to p.Mano`. */
  protected drawRoleStmt = this.RULE('drawRoleStmt', (): A.DrawRoleStmt | A.DrawCardsStmt => {
    const first = this.CONSUME(K.draw);
    return this.OR([
      { ALT: () => {
        this.CONSUME(K.role);
        this.CONSUME(K.for);
        const player = this.SUBRULE(this.expression);
        return this.ACTION(() => ({ kind: 'draw-role', player, range: this.join(this.span(first), player.range) }) as A.DrawRoleStmt);
      } },
      { ALT: () => {
        const count = this.SUBRULE(this.additive);
        this.CONSUME(K.from);
        const from = this.SUBRULE(this.postfix);
        this.CONSUME(K.to);
        const to = this.SUBRULE2(this.postfix);
        return this.ACTION(() => ({ kind: 'draw-cards', count, from, to, range: this.join(this.span(first), to.range) }) as A.DrawCardsStmt);
      } },
    ]);
  });

  /** `first player by rolling Dadi highest count(Dadi where face == Vino)`; ties roll again. */
  protected firstPlayerStmt = this.RULE('firstPlayerStmt', (): A.FirstPlayerStmt => {
    const first = this.CONSUME(K.first);
    this.CONSUME(K.player); this.CONSUME(K.by); this.CONSUME(K.rolling);
    const dice = this.SUBRULE(this.postfix);
    this.CONSUME(K.highest);
    const score = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'first-player', dice, score, range: this.join(this.span(first), score.range) }) as A.FirstPlayerStmt);
  });

  protected shuffleStmt = this.RULE('shuffleStmt', (): A.ShuffleStmt => {
    const first = this.CONSUME(K.shuffle);
    const pile = this.SUBRULE(this.postfix);
    return this.ACTION(() => ({ kind: 'shuffle', pile, range: this.join(this.span(first), pile.range) }) as A.ShuffleStmt);
  });

  /** `move c to Scarti`, `move c to Sorprese face down` ('face down' are plain words). */
  protected moveStmt = this.RULE('moveStmt', (): A.MoveCardsStmt => {
    const first = this.CONSUME(K.move);
    const cards = this.SUBRULE(this.expression);
    this.CONSUME(K.to);
    const to = this.SUBRULE(this.postfix);
    const faceDown = this.OPTION({
      GATE: () => this.LA(1).image === 'face' && this.LA(2).image === 'down',
      DEF: () => { this.CONSUME(T.Identifier); this.CONSUME2(T.Identifier); return true; },
    }) ?? false;
    return this.ACTION(() => ({ kind: 'move-cards', cards, to, faceDown, range: this.join(this.span(first), this.lastRange()) }) as A.MoveCardsStmt);
  });

  /** `reveal c`, or `reveal c to p` (a player or a list of players). */
  protected revealStmt = this.RULE('revealStmt', (): A.RevealStmt => {
    const first = this.CONSUME(K.reveal);
    const cards = this.SUBRULE(this.expression);
    const to = this.OPTION(() => { this.CONSUME(K.to); return this.SUBRULE2(this.expression); });
    return this.ACTION(() => ({ kind: 'reveal', cards, ...(to ? { to } : {}), range: this.join(this.span(first), this.lastRange()) }) as A.RevealStmt);
  });
}
