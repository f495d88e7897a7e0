/**
 * The grammar of how things look on the table: a colour and a short label for tokens, die faces,
 * teams, cards and pieces, and which variables are the rules' own bookkeeping (`internal`).
 * Every word is a plain name (`look`, `colour`, `label`, `internal`), so none is taken from the
 * names a rules file may use.
 *
 * @example
 * look Oro colour "#d4a017" label "O"
 * look PedinaRossa colour "rosso" label "PR"
 * look spareggio, salta internal
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { SelectionGrammar } from './selection-grammar.ts';

/** The words a look clause starts with; a misspelt word followed by a text is read too, so the checker can say which was meant. */
export const lookWords = ['colour', 'color', 'label', 'internal'] as const;

export class LookGrammar extends SelectionGrammar {
  /** `look NAME …`: no other declaration starts with a plain name but `at any time`. */
  protected startsLook(): boolean {
    const next = this.LA(2).tokenType;
    return this.LA(1).image === 'look' && (next === T.Identifier || next === T.StringLiteral);
  }

  private startsLookClause(): boolean {
    const word = this.LA(1);
    return word.tokenType === T.Identifier && ((lookWords as readonly string[]).includes(word.image) || this.LA(2).tokenType === T.StringLiteral);
  }

  protected lookDecl = this.RULE('lookDecl', (): A.LookDecl => {
    const first = this.CONSUME(T.Identifier);
    const names: A.Name[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const name = this.SUBRULE(this.name); this.ACTION(() => names.push(name)); } });
    const clauses: A.LookClause[] = [];
    this.MANY({
      GATE: () => this.startsLookClause(),
      DEF: () => {
        const word = this.CONSUME2(T.Identifier);
        const value = this.OPTION(() => this.CONSUME(T.StringLiteral)) as IToken | undefined;
        this.ACTION(() => clauses.push({
          word: word.image, wordRange: this.span(word),
          ...(value ? { value: this.unquote(value.image), valueRange: this.span(value) } : {}),
          range: this.span(word, value ?? word),
        }));
      },
    });
    return this.ACTION(() => ({ kind: 'look', names, clauses, range: this.span(first, this.LA(0)) }) as A.LookDecl);
  });
}
