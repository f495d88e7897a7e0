/**
 * Checks of selections under a condition (`choose some xs from L where …`): the list, the size,
 * and the condition, which is about the whole selection and must be true or false.
 */
import type * as A from './ast.ts';
import { closest, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

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
  const report = (message: m.Message, range: A.Range) => diagnostics.push(m.at(message, range));
  if (node.misspelt) {
    const { found, range } = node.misspelt;
    diagnostics.push(m.at(m.selectionWord(found), range, closest(found, ['some', 'any'])));
  }
  const listType = tools.type(node.from);
  if (listType !== 'unknown' && !listType.startsWith('list<')) {
    report(m.chooseFromList(tools.describe(listType)), node.from.range);
  }
  if (node.count) {
    tools.number(node.count, `a number (how many to choose ${sizeWords[node.size]})`.replace(' )', ')'));
    const literal = node.count.kind === 'number' ? node.count.value
      : node.count.kind === 'unary' && node.count.operator === '-' && node.count.operand.kind === 'number' ? -node.count.operand.value : undefined;
    if (literal !== undefined && Number.isFinite(literal)) {
      if (literal < 0) report(m.selectionNegative(literal), node.count.range);
      else if (literal === 0 && node.size === 'exactly') report(m.chooseAtLeastOne(0), node.count.range);
      else if (literal === 0 && node.size === 'at-least') report(m.selectionAtLeastZero(), node.count.range);
      else if (literal === 0 && node.size === 'up-to') report(m.selectionUpToZero(), node.count.range);
    }
  }
  tools.player(node.by);
  const slot = tools.define(node.variable, listType.startsWith('list<') ? listType : 'list<unknown>');
  if (node.condition) {
    tools.condition(node.condition);
    // The engine tries the condition on many lists, in any order: a draw would change the game.
    const draw = tools.findCall(node.condition, 'random');
    if (draw) report(m.selectionDrawsByLot(), draw.range);
  }
  return slot;
}
