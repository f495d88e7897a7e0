/**
 * The grammar of blocks and statements: the list of statements a block may hold, and the
 * statements of flow — phases, `let`, `set`, choices, `if`, the loops, rule calls, the endings,
 * `log` and `cite`. Statements on the table are the effect grammar's (effect-grammar.ts), which
 * this class extends; declarations extend this one (declaration-grammar.ts).
 *
 * @example
 * phase "Lancio" {
 *   if count(Dadi where face == Vino) >= 3 { win current "tre Vini" } else { end turn }
 * }
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { EffectGrammar } from './effect-grammar.ts';
import { recovered } from './parser-base.ts';

const K = T.keywords;

export class StatementGrammar extends EffectGrammar {
  public override block = this.RULE('block', (): A.Block => {
    const first = this.CONSUME(T.LBrace);
    const statements: A.Statement[] = [];
    this.MANY(() => { statements.push(this.SUBRULE(this.statement)); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ statements: statements.filter(Boolean), range: this.span(first, last) }));
  }, { recoveryValueFunc: () => ({ statements: [], range: this.lastRange() }) });

  protected statement = this.RULE('statement', (): A.Statement => this.OR(this.alternatives<A.Statement>('statement', () => [
    { ALT: () => this.SUBRULE(this.phaseStmt) },
    { ALT: () => this.SUBRULE(this.letStmt) },
    { ALT: () => this.SUBRULE(this.setStmt) },
    { ALT: () => this.SUBRULE(this.gainStmt) },
    { ALT: () => this.SUBRULE(this.discardStmt) },
    { ALT: () => this.SUBRULE(this.stealStmt) },
    { ALT: () => this.SUBRULE(this.rollStmt) },
    { ALT: () => this.SUBRULE(this.markStmt) },
    { GATE: () => this.startsSelection(), ALT: () => this.SUBRULE(this.selectionStmt) },
    { ALT: () => this.SUBRULE(this.chooseStmt) },
    { ALT: () => this.SUBRULE(this.ifStmt) },
    { ALT: () => this.SUBRULE(this.forEachStmt) },
    { ALT: () => this.SUBRULE(this.whileStmt) },
    { ALT: () => this.SUBRULE(this.repeatStmt) },
    { ALT: () => this.SUBRULE(this.doStmt) },
    { ALT: () => this.SUBRULE(this.winStmt) },
    { ALT: () => this.SUBRULE(this.eliminateStmt) },
    { ALT: () => this.SUBRULE(this.endStmt) },
    { ALT: () => this.SUBRULE(this.textStmt) },
    { ALT: () => this.SUBRULE(this.dealStmt) },
    { ALT: () => this.SUBRULE(this.drawRoleStmt) },
    { ALT: () => this.SUBRULE(this.firstPlayerStmt) },
    { ALT: () => this.SUBRULE(this.shuffleStmt) },
    { ALT: () => this.SUBRULE(this.moveStmt) },
    { ALT: () => this.SUBRULE(this.revealStmt) },
    { ALT: () => this.SUBRULE(this.rotateStmt) },
    { ALT: () => this.SUBRULE(this.takeOffStmt) },
    { ALT: () => this.SUBRULE(this.simultaneousStmt) },
    { GATE: () => this.startsNextTurn(), ALT: () => this.SUBRULE(this.nextTurnStmt) },
  ])), { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });

  protected phaseStmt = this.RULE('phaseStmt', (): A.PhaseStmt => {
    const first = this.CONSUME(K.phase);
    const name = this.SUBRULE(this.name);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'phase', name, body, range: this.join(this.span(first), body.range) }) as A.PhaseStmt);
  });

  protected letStmt = this.RULE('letStmt', (): A.LetStmt => {
    const first = this.CONSUME(K.let);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'let', name, value, range: this.join(this.span(first), value.range) }) as A.LetStmt);
  });

  protected setStmt = this.RULE('setStmt', (): A.SetStmt => {
    const first = this.CONSUME(K.set);
    const target = this.SUBRULE(this.postfix);
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'set', target, value, range: this.join(this.span(first), value.range) }) as A.SetStmt);
  });

  protected chooseStmt = this.RULE('chooseStmt', (): A.ChooseValueStmt | A.ChooseSelectionStmt | A.ChooseOptionStmt => {
    const first = this.CONSUME(K.choose);
    return this.OR([
      { ALT: () => {
        const countToken = this.OPTION(() => this.CONSUME(T.NumberLiteral));
        const count = countToken && ({ kind: 'number', value: Number(countToken.image), range: this.span(countToken) } as A.Expr);
        const variable = this.identifier();
        this.CONSUME(K.from);
        const from = this.SUBRULE(this.expression);
        const by = this.OPTION2(() => { this.CONSUME(K.by); return this.SUBRULE2(this.expression); });
        const prompt = this.OPTION3(() => { this.CONSUME(K.prompt); return this.text(); });
        const withValues = this.textWithValues(prompt !== undefined);
        return this.ACTION(() => this.templated(this.asSelection({
          kind: 'choose-value', variable, count, from, by, prompt, range: this.join(this.span(first), this.lastRange()),
        }), withValues));
      } },
      { ALT: () => {
        const by = this.OPTION4(() => { this.CONSUME2(K.by); return this.SUBRULE3(this.expression); });
        const prompt = this.OPTION5(() => { this.CONSUME2(K.prompt); return this.text(1); });
        const withValues = this.textWithValues(prompt !== undefined);
        this.CONSUME(T.LBrace);
        const options: A.OptionClause[] = [];
        this.AT_LEAST_ONE(() => { options.push(this.SUBRULE(this.optionClause)); });
        const last = this.CONSUME(T.RBrace);
        return this.ACTION(() => this.templated({
          kind: 'choose-option', by, prompt, options: options.filter((o) => !recovered(o)), range: this.span(first, last),
        } as A.ChooseOptionStmt, withValues));
      } },
    ]);
  });

  public override optionClause = this.RULE('optionClause', (): A.OptionClause => {
    const first = this.CONSUME(K.option);
    const labelToken = this.LA(1);
    const label = this.text();
    const condition = this.OPTION(() => {
      this.OR([{ ALT: () => this.CONSUME(K.if) }, { ALT: () => this.CONSUME(K.when) }]);
      return this.SUBRULE(this.expression);
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ label, labelRange: this.span(labelToken), condition, body, range: this.join(this.span(first), body.range) }));
  });

  /** `if … else if … else …`: the `else if` links are read in a loop (a chain of any length costs no parser stack) and nested afterwards. */
  protected ifStmt = this.RULE('ifStmt', (): A.IfStmt => {
    const links: { first: IToken; condition: A.Expr; then: A.Block }[] = [];
    const first = this.CONSUME(K.if);
    const condition = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block);
    links.push({ first, condition, then });
    this.MANY(() => {
      this.CONSUME(K.else);
      const linkFirst = this.CONSUME2(K.if);
      const linkCondition = this.SUBRULE2(this.expression);
      const linkThen = this.SUBRULE2(this.block);
      links.push({ first: linkFirst, condition: linkCondition, then: linkThen });
    });
    const otherwise = this.OPTION(() => {
      this.CONSUME2(K.else);
      return this.SUBRULE3(this.block);
    });
    return this.ACTION(() => {
      let tail: A.Block | undefined = otherwise;
      let statement!: A.IfStmt;
      for (let i = links.length - 1; i >= 0; i--) {
        const link = links[i];
        statement = { kind: 'if', condition: link.condition, then: link.then, otherwise: tail, range: this.join(this.span(link.first), (tail ?? link.then).range) } as A.IfStmt;
        tail = { statements: [statement], range: statement.range } as A.Block;
      }
      return statement;
    });
  });

  protected forEachStmt = this.RULE('forEachStmt', (): A.ForEachStmt => {
    const first = this.CONSUME(K.for);
    this.CONSUME(K.each);
    const variable = this.identifier();
    this.CONSUME(K.in);
    const list = this.SUBRULE(this.expression);
    // `players from P counterclockwise`: round the table from P, that way.
    const from = this.OPTION(() => { this.CONSUME(K.from); return this.SUBRULE2(this.expression); });
    const direction = this.OPTION2(() => this.OR([
      { ALT: () => { this.CONSUME(K.clockwise); return 'clockwise' as const; } },
      { ALT: () => { this.CONSUME(K.counterclockwise); return 'counterclockwise' as const; } },
    ]));
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({
      kind: 'for-each', variable, list, ...(from ? { from } : {}), ...(direction ? { direction } : {}), body, range: this.join(this.span(first), body.range),
    }) as A.ForEachStmt);
  });

  protected whileStmt = this.RULE('whileStmt', (): A.WhileStmt => {
    const first = this.CONSUME(K.while);
    const condition = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'while', condition, body, range: this.join(this.span(first), body.range) }) as A.WhileStmt);
  });

  protected repeatStmt = this.RULE('repeatStmt', (): A.RepeatStmt => {
    const first = this.CONSUME(K.repeat);
    const times = this.SUBRULE(this.additive);
    this.CONSUME(K.times);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'repeat', times, body, range: this.join(this.span(first), body.range) }) as A.RepeatStmt);
  });

  protected doStmt = this.RULE('doStmt', (): A.DoStmt => {
    const first = this.CONSUME(K.do);
    const rule = this.SUBRULE(this.name);
    const args: A.Expr[] = [];
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => { args.push(this.SUBRULE(this.expression)); } });
      this.CONSUME(T.RParen);
    });
    return this.ACTION(() => ({ kind: 'do', rule, args, range: this.join(this.span(first), this.lastRange()) }) as A.DoStmt);
  });

  protected winStmt = this.RULE('winStmt', (): A.WinStmt | A.WinTeamStmt => {
    const first = this.CONSUME(K.win);
    const team = this.OPTION(() => { this.CONSUME(K.team); return true; }) ?? false;
    const player = this.SUBRULE(this.postfix);
    const reason = this.OPTION2(() => this.text());
    const withValues = this.textWithValues(reason !== undefined);
    const detail = this.endingDetail(3);
    return this.ACTION(() => this.templated((team
      ? { kind: 'win-team', team: player, reason, detail, range: this.join(this.span(first), this.lastRange()) }
      : { kind: 'win', player, reason, detail, range: this.join(this.span(first), this.lastRange()) }) as A.WinStmt | A.WinTeamStmt, withValues));
  });

  /** `detail "…"` after a reason (a soft word: any name elsewhere). */
  protected endingDetail(optionIndex: number): A.DetailText | undefined {
    return this.option(optionIndex, {
      GATE: () => this.LA(1).image === 'detail' && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => {
        const word = this.consume(optionIndex, T.Identifier);
        const text = this.text(optionIndex);
        const withValues = this.textWithValues(true);
        return this.ACTION(() => this.templated({ kind: 'detail', text, range: this.join(this.span(word), this.lastRange()) } as A.DetailText, withValues));
      },
    });
  }

  protected eliminateStmt = this.RULE('eliminateStmt', (): A.EliminateStmt => {
    const first = this.CONSUME(K.eliminate);
    const player = this.SUBRULE(this.postfix);
    const reason = this.OPTION(() => this.text());
    const withValues = this.textWithValues(reason !== undefined);
    return this.ACTION(() => this.templated({ kind: 'eliminate', player, reason, range: this.join(this.span(first), this.lastRange()) } as A.EliminateStmt, withValues));
  });

  /** `end turn`, or `end game "reason"` (a draw). */
  protected endStmt = this.RULE('endStmt', (): A.EndTurnStmt | A.DrawGameStmt => {
    const first = this.CONSUME(K.end);
    return this.OR([
      { ALT: () => {
        const last = this.CONSUME(K.turn);
        return this.ACTION(() => ({ kind: 'end-turn', range: this.span(first, last) }) as A.EndTurnStmt);
      } },
      { ALT: () => {
        this.CONSUME(K.game);
        const reason = this.OPTION(() => this.text());
        const withValues = this.textWithValues(reason !== undefined);
        const detail = this.endingDetail(2);
        return this.ACTION(() => this.templated({ kind: 'draw-game', reason, detail, range: this.join(this.span(first), this.lastRange()) } as A.DrawGameStmt, withValues));
      } },
    ]);
  });

  /** `log "text"` and `cite "rulebook sentence"`. */
  protected textStmt = this.RULE('textStmt', (): A.LogStmt | A.CiteStmt => {
    const first = this.LA(1);
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.log); return 'log' as const; } },
      { ALT: () => { this.CONSUME(K.cite); return 'cite' as const; } },
    ]);
    const text = this.text();
    const withValues = this.textWithValues(kind === 'log');
    return this.ACTION(() => {
      const node = { kind, text, range: this.join(this.span(first), this.lastRange()) } as A.LogStmt | A.CiteStmt;
      if (node.kind === 'log') this.templated(node, withValues);
      return node;
    });
  });
}
