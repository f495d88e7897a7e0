/**
 * The grammar of `define NAME(PARAMS) = VALUE`: a value computed from its parameters and the state,
 * named once and used wherever an expression may stand, as `NAME(ARGS)` (define-check.ts says what
 * it may hold, interpreter/lowering/compile-define.ts how it runs). `define` is a plain name, as `look` and
 * `estimate` are: a file may still call something `define`.
 *
 * @example
 * define Forza(t, s) = held(s, t.pedina) + sum of (Sorpresa where fazione == t) by valore
 * define Mazzo = count(Pesca)
 */
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { EstimateGrammar } from './estimate-grammar.ts';

export class DefineGrammar extends EstimateGrammar {
  /** `define` followed by a name: no other declaration starts with a plain name and then another. */
  protected startsDefine(): boolean {
    return this.LA(1).tokenType === T.Identifier && this.LA(1).image === 'define' && this.LA(2).tokenType === T.Identifier;
  }

  protected defineDecl = this.RULE('defineDecl', (): A.DefineDecl => {
    const first = this.CONSUME2(T.Identifier);
    const nameToken = this.CONSUME3(T.Identifier);
    const params: A.Name[] = [];
    // Without parameters the parentheses may go: `define Mazzo = count(Pesca)`, called as `Mazzo()`.
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => { params.push(this.identifier()); } });
      this.CONSUME(T.RParen);
    });
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({
      kind: 'define', name: { text: nameToken.image, quoted: false, range: this.span(nameToken) }, params, value,
      range: this.join(this.span(first), value.range),
    }) as A.DefineDecl);
  });
}
