/**
 * The grammar of selections under a condition: a player picks several elements of a list, of a
 * size the rules bound, such that a condition on the whole selection holds.
 *
 * @example
 * choose some xs from Tavolo where sum of xs by valore == carta.valore
 * choose up to p.monete xs from Mercato where sum of xs by costo <= p.monete
 * choose at least 2 xs from current.Mano
 * choose any xs from current.Mano prompt "Scarta quante carte vuoi"
 * choose 3 xs from Mercato where sum of xs by costo <= 10
 *
 * How a `where` is told apart: a `where` whose condition names the selection (`xs`) is the
 * condition on the whole selection; any other `where` filters the list, as everywhere else. To do
 * both, write the filter in brackets: `choose some xs from (Tavolo where valore < 8) where …`.
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { FlowGrammar } from './flow-grammar.ts';

const K = T.keywords;

/** The words that open a selection after `choose`; `at least` and `up to` are followed by a size. */
const sizeWords = new Set(['some', 'any', 'up', 'at']);

export class SelectionGrammar extends FlowGrammar {
  /** `choose some xs from …`: `choose`, a size word, then a name (plain words, so they stay free as names elsewhere). */
  protected startsSelection(): boolean {
    const word = this.LA(2).image;
    if (this.LA(1).tokenType !== K.choose) return false;
    if (!sizeWords.has(word)) return this.startsMisspeltSelection();
    if (word === 'up') return this.LA(3).tokenType === K.to;
    if (word === 'at') return this.LA(3).image === 'least';
    return this.LA(3).tokenType === T.Identifier && this.LA(4).tokenType === K.from;
  }

  /** `choose somme xs from …`: a misspelt size word, read as a selection so the checker can say which word was meant. */
  protected startsMisspeltSelection(): boolean {
    return this.LA(1).tokenType === K.choose && this.LA(2).tokenType === T.Identifier && this.LA(3).tokenType === T.Identifier && this.LA(4).tokenType === K.from;
  }

  protected selectionStmt = this.RULE('selectionStmt', (): A.ChooseSelectionStmt => {
    const first = this.CONSUME(K.choose);
    const word = this.CONSUME3(T.Identifier);
    const upTo = this.OPTION({
      GATE: () => word.image === 'up',
      DEF: () => { this.CONSUME(K.to); return this.SUBRULE(this.additive); },
    });
    const atLeast = this.OPTION2({
      GATE: () => word.image === 'at',
      DEF: () => { this.CONSUME2(T.Identifier); return this.SUBRULE2(this.additive); },
    });
    const variable = this.identifier();
    this.CONSUME(K.from);
    const from = this.SUBRULE(this.expression);
    const by = this.OPTION3(() => { this.CONSUME(K.by); return this.SUBRULE2(this.expression); });
    const prompt = this.OPTION4(() => { this.CONSUME(K.prompt); return this.text(); });
    const withValues = this.textWithValues(prompt !== undefined);
    return this.ACTION(() => {
      const size: A.SelectionSize = word.image === 'up' ? 'up-to' : word.image === 'at' ? 'at-least' : word.image === 'any' ? 'any' : 'some';
      const node: A.ChooseSelectionStmt = {
        kind: 'choose-selection', variable, size, count: upTo ?? atLeast, from, by, prompt,
        range: this.join(this.span(first), this.lastRange()),
        ...(sizeWords.has(word.image) ? {} : { misspelt: { expected: 'some', found: word.image, range: this.span(word) } }),
      };
      return this.templated(this.liftCondition(node), withValues);
    });
  });

  /**
   * `choose 3 xs from L where …xs…` is a selection of exactly 3 under a condition; any other
   * `choose N x from L` stays the plain choice of N (the statement grammar calls this on it).
   */
  protected asSelection(node: A.ChooseValueStmt): A.ChooseValueStmt | A.ChooseSelectionStmt {
    if (!node.count || node.from.kind !== 'where' || !mentions(node.from.condition, node.variable.text)) return node;
    const { kind: _, ...rest } = node;
    return this.liftCondition({ ...rest, kind: 'choose-selection', size: 'exactly' });
  }

  /**
   * Moves a `where` that names the selection from the list to the selection; also from after
   * `by` (`choose some xs from p.Mano by p where …`), where it would otherwise filter the player.
   */
  private liftCondition(node: A.ChooseSelectionStmt): A.ChooseSelectionStmt {
    const names = (e: A.Expr | undefined): e is A.WhereExpr => e?.kind === 'where' && !e.element && mentions(e.condition, node.variable.text);
    if (names(node.from)) return { ...node, from: node.from.list, condition: node.from.condition, conditionText: this.sourceOf(node.from.condition.range) };
    if (names(node.by)) return { ...node, by: node.by.list, condition: node.by.condition, conditionText: this.sourceOf(node.by.condition.range) };
    return node;
  }

  /** The condition as written (for the reason a confirm is refused), from its tokens. */
  private sourceOf(range: A.Range): string {
    let text = '';
    let end = -1;
    for (const token of this.input as IToken[]) {
      if (token.startOffset < range.start || token.startOffset >= range.end) continue;
      text += (end >= 0 && token.startOffset > end ? ' ' : '') + token.image;
      end = (token.endOffset ?? token.startOffset) + 1;
    }
    return text;
  }
}

/** Whether `name` is read anywhere in an expression (as a bare name). */
export function mentions(node: unknown, name: string): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((n) => mentions(n, name));
  const n = node as { kind?: string; name?: unknown };
  if (n.kind === 'name' && n.name === name) return true;
  return Object.entries(node).some(([key, value]) => key !== 'range' && typeof value === 'object' && mentions(value, name));
}
