/**
 * The grammar of cards made as a product of lists: every suit with every rank, so a 40- or 52-card
 * deck is one line, with the properties each card takes from its place in the product. The product
 * is turned into ordinary cards right after parsing (card-product.ts).
 *
 * @example
 * cards Carte with primiera = 0 {
 *   each seme in [Denari, Coppe, Spade, Bastoni] by each valore in 1 to 10 named "{valore} di {seme}" {
 *     primiera by valore [16, 12, 13, 14, 15, 18, 21, 10, 10, 10]
 *     figura valore > 7
 *   }
 *   2 Jolly
 * }
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { AggregateGrammar } from './aggregate-grammar.ts';

const K = T.keywords;

export class CardsGrammar extends AggregateGrammar {
  private plainName(token: IToken): A.Name {
    return { text: token.image, quoted: false, range: this.span(token) };
  }

  /** `2 each seme in [Denari, Coppe] by each valore in 1 to 10 named "…" { … }` */
  protected cardProduct = this.RULE('cardProduct', (): A.CardProduct => {
    const copies = this.OPTION(() => this.CONSUME(T.NumberLiteral));
    const coordinates: A.Coordinate[] = [this.SUBRULE(this.coordinate)];
    this.MANY(() => {
      this.CONSUME(K.by);
      const next = this.SUBRULE2(this.coordinate);
      this.ACTION(() => coordinates.push(next));
    });
    // 'named' is a plain word: a name anywhere else.
    const named = this.OPTION2({
      GATE: () => this.LA(1).image === 'named' && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => { this.CONSUME(T.Identifier); const token = this.CONSUME(T.StringLiteral); return { text: this.unquote(token.image), range: this.span(token) }; },
    });
    const properties: A.ProductProperty[] = [];
    this.OPTION3(() => {
      this.CONSUME(T.LBrace);
      this.MANY2(() => { const property = this.SUBRULE(this.productProperty); this.ACTION(() => properties.push(property)); });
      this.CONSUME(T.RBrace);
    });
    return this.ACTION(() => ({
      copies: copies && this.numberNode(copies), coordinates: coordinates.filter((c) => c && c.name), named, properties: properties.filter((p) => p && p.name),
      at: 0, range: this.join(copies ? this.span(copies) : coordinates[0].range, this.lastRange()),
    }));
  });

  /** `each seme in [Denari, Coppe, Spade, Bastoni]`, `each valore in 1 to 10` */
  private coordinate = this.RULE('coordinate', (): A.Coordinate => {
    const first = this.CONSUME(K.each);
    const name = this.plainName(this.CONSUME(T.Identifier));
    this.CONSUME(K.in);
    return this.OR([
      { ALT: () => {
        this.CONSUME(T.LBracket);
        const values: A.Expr[] = [];
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const value = this.SUBRULE(this.unary); this.ACTION(() => values.push(value)); } });
        const last = this.CONSUME(T.RBracket);
        return this.ACTION(() => ({ name, values, range: this.span(first, last) }));
      } },
      { ALT: () => {
        const from = this.CONSUME(T.NumberLiteral);
        this.CONSUME(K.to);
        const to = this.CONSUME2(T.NumberLiteral);
        return this.ACTION(() => ({ name, from: this.numberNode(from), to: this.numberNode(to), values: [], range: this.span(first, to) }));
      } },
    ]);
  });

  /** `primiera by valore [16, 12, …]` (one value for each value of the coordinate, in order) or `figura valore > 7`. */
  private productProperty = this.RULE('productProperty', (): A.ProductProperty => {
    const name = this.plainName(this.CONSUME(T.Identifier));
    return this.OR([
      { ALT: () => {
        this.CONSUME(K.by);
        const by = this.plainName(this.CONSUME2(T.Identifier));
        this.CONSUME(T.LBracket);
        const values: A.Expr[] = [];
        this.MANY_SEP({ SEP: T.Comma, DEF: () => { const value = this.SUBRULE(this.unary); this.ACTION(() => values.push(value)); } });
        const last = this.CONSUME(T.RBracket);
        return this.ACTION(() => ({ name, table: { by, values }, range: this.join(name.range, this.span(last)) }));
      } },
      { ALT: () => {
        const value = this.SUBRULE(this.orExpr);
        return this.ACTION(() => ({ name, value, range: this.join(name.range, value.range) }));
      } },
    ]);
  });
}
