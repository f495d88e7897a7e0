/**
 * The grammar of aggregates: a value computed over every element of a list.
 *
 * @example
 * sum of c in Presa by c.valore            # the element named, so a where inside can reach it
 * highest of players by punti              # unnamed: the element's attributes are bare names, it is `it`
 * count of c in Tavolo where c.valore == 1
 * distinct seme of Carte                   # each value of a property once
 * leader of t in teams by held(z, t.pedina) margin 5
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { ExpressionParser } from './parser-base.ts';

const K = T.keywords;

/** Aggregates whose word is a plain name elsewhere (`sum(…)`, `max(a, b)`, `count(…)`, `distinct(…)`): told apart by `of`. */
const aggregateWords = new Set(['sum', 'max', 'min', 'lowest', 'count', 'distinct']);

export class AggregateGrammar extends ExpressionParser {
  /** Whether an aggregate starts here: `sum of`, `highest of`, `leader of`, `distinct seme of`. */
  protected override startsAggregate(): boolean {
    const word = this.LA(1);
    if (word.tokenType === K.highest || word.tokenType === K.leader) return true;
    if (word.tokenType !== T.Identifier || !aggregateWords.has(word.image)) return false;
    return this.LA(2).tokenType === K.of || (word.image === 'distinct' && this.LA(2).tokenType === T.Identifier && this.LA(3).tokenType === K.of);
  }

  private nameToken(token: IToken): A.Name {
    return { text: token.image, quoted: false, range: this.span(token) };
  }

  protected override aggregateExpr = this.RULE('aggregateExpr', (): A.Expr => {
    const first: IToken = this.OR([
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(K.highest) },
      { ALT: () => this.CONSUME(K.leader) },
    ]);
    const operator = first.image as A.AggregateExpr['operator'] | 'leader';
    // `distinct seme of Carte`: the property named before `of`.
    const attribute = this.OPTION({ GATE: () => operator === 'distinct' && this.LA(1).tokenType === T.Identifier, DEF: () => this.nameToken(this.CONSUME2(T.Identifier)) });
    this.CONSUME(K.of);
    // `of c in Mano`: the element named (two tokens of lookahead tell it from the list).
    const element = this.OPTION2({
      GATE: () => this.LA(2).tokenType === K.in,
      DEF: () => { const name = this.nameToken(this.CONSUME3(T.Identifier)); this.CONSUME(K.in); return name; },
    });
    const list = this.SUBRULE(this.postfix);
    let score: A.Expr | undefined;
    this.OR2([
      // `count of c in L where c.valore == 1 and …`: the condition reads as far as a where's does.
      { GATE: () => operator === 'count', ALT: () => { this.CONSUME(K.where); score = this.SUBRULE(this.orExpr); } },
      { GATE: () => attribute === undefined, ALT: () => { this.CONSUME(K.by); score = this.SUBRULE(this.additive); } },
      { ALT: () => this.ACTION(() => { score = { kind: 'name', name: attribute?.text ?? '', range: attribute?.range ?? this.lastRange() }; }) },
    ]);
    const margin = this.OPTION3({ GATE: () => operator === 'leader', DEF: () => { this.CONSUME(K.margin); return this.SUBRULE2(this.additive); } });
    return this.ACTION(() => {
      const at = this.join(this.span(first), (margin ?? score ?? list).range);
      const measure = score ?? ({ kind: 'error', range: at } as A.Expr);
      return operator === 'leader'
        ? { kind: 'leader', list, score: measure, margin, element, range: at } as A.LeaderExpr
        : { kind: 'aggregate', operator, list, score: measure, element, range: at } as A.AggregateExpr;
    });
  }, { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });
}
