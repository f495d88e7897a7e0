/**
 * Checks of selections under a condition (`choose some xs from L where …`): the list, the size,
 * and the condition, which is about the whole selection and must be true or false.
 */
import type * as A from './ast.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';

/** What the checker lends this module: its type rules, bound to the statement's scope. */
export interface SelectionTools {
  /** The type of an expression in the statement's scope. */
  type(node: A.Expr): string;
  /** Checks an expression is a number. */
  number(node: A.Expr, what: string): void;
  /** Checks the condition (true or false), with the selection's name bound. */
  condition(node: A.Expr): void;
  player(node: A.Expr | undefined): void;
  /** Binds the selection's name to a list of the candidates' kind; returns its slot. */
  define(name: A.Name, type: string): number;
  /** A call of `name` inside the node, if any. */
  findCall(node: A.Expr, name: string): A.CallExpr | undefined;
  describe(type: string): string;
}

const sizeWords: Record<A.SelectionSize, string> = { some: 'some', any: 'any', 'up-to': 'up to', 'at-least': 'at least', exactly: '' };

export function checkSelection(node: A.ChooseSelectionStmt, tools: SelectionTools, diagnostics: Diagnostic[]): number {
  const error = (code: Parameters<typeof diagnostic>[0], message: string, range: A.Range) => diagnostics.push(diagnostic(code, message, range));
  if (node.misspelt) {
    const { found, range } = node.misspelt;
    diagnostics.push(diagnostic(codes.expectedWord, `after 'choose' a selection says how many: 'some', 'any', 'up to N' or 'at least N', not '${found}'`, range,
      { suggestion: closest(found, ['some', 'any']) }));
  }
  const listType = tools.type(node.from);
  if (listType !== 'unknown' && !listType.startsWith('list<')) {
    error(codes.typeExpectedList, `choose picks from a list, but this is ${tools.describe(listType)}`, node.from.range);
  }
  if (node.count) {
    tools.number(node.count, `a number (how many to choose ${sizeWords[node.size]})`.replace(' )', ')'));
    const literal = node.count.kind === 'number' ? node.count.value
      : node.count.kind === 'unary' && node.count.operator === '-' && node.count.operand.kind === 'number' ? -node.count.operand.value : undefined;
    if (literal !== undefined && Number.isFinite(literal)) {
      if (literal < 0) error(codes.selectionSize, `a selection cannot have fewer than 0 elements: write a size of 0 or more, not ${literal}`, node.count.range);
      else if (literal === 0 && node.size === 'exactly') error(codes.numberInvalid, 'a player must choose at least 1, not 0', node.count.range);
      else if (literal === 0 && node.size === 'at-least') error(codes.selectionSize, "'at least 0' is any number: write 'choose any …'", node.count.range);
      else if (literal === 0 && node.size === 'up-to') error(codes.selectionSize, "'up to 0' chooses nothing: write a size of at least 1", node.count.range);
    }
  }
  tools.player(node.by);
  const slot = tools.define(node.variable, listType.startsWith('list<') ? listType : 'list<unknown>');
  if (node.condition) {
    tools.condition(node.condition);
    // The engine tries the condition on many lists, in any order: a draw would change the game.
    const draw = tools.findCall(node.condition, 'random');
    if (draw) error(codes.typeMismatch, "a selection's condition cannot draw by lot: draw with 'let x = random(…)' before the choice, then use x", draw.range);
  }
  return slot;
}
