/**
 * The trap of `sum of L by a + b`: the value after `by` runs on past the operator, so `+ b` is
 * added for each element, while a reader of `sum of gruppo by x + sum of extra by y` expects the
 * two sums added once. Such an aggregate gets a warning with both bracketings as quick fixes.
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import type { CheckState } from './check-state.ts';

const arithmetic = new Set<A.BinaryOperator>(['+', '-', '*', '/', 'mod']);
const listValued = new Set<A.AggregateExpr['operator']>(['highest', 'lowest', 'distinct']);

/** A binary written without brackets of its own: brackets widen the node's range past its left operand. */
const bareArithmetic = (node: A.Expr): node is A.BinaryExpr =>
  node.kind === 'binary' && arithmetic.has(node.operator) && node.range.start === node.left.range.start;

/** The first term of a value: where `by` would end if it stopped at the first operator. */
function firstTerm(node: A.Expr): A.Expr {
  let term = node;
  while (bareArithmetic(term)) term = term.left;
  return term;
}

/** The warning for an aggregate whose `by` value is an operator without brackets, or undefined. */
export function ambiguousAggregate(node: A.AggregateExpr): Diagnostic | undefined {
  const score = node.score;
  if (!bareArithmetic(score)) return undefined;
  const first = firstTerm(score);
  const what = `${node.operator} of`;
  const open = (at: number) => ({ range: { start: at, end: at }, text: '(' });
  const close = (at: number) => ({ range: { start: at, end: at }, text: ')' });
  return {
    ...m.at(m.ambiguousAggregate(score.operator, what), score.range),
    fixes: [
      { title: "Bracket the value after 'by' (it counts for each element)", edits: [open(score.range.start), close(score.range.end)] },
      // A list (`highest of`, `lowest of`, `distinct of`) is no operand of + - * /: only the first reading stands.
      ...(listValued.has(node.operator) ? [] : [{ title: `Bracket the '${what} …' (what follows counts once)`, edits: [open(node.range.start), close(first.range.end)] }]),
    ],
  };
}

/** Reports the warning into the check (nothing while the check only learns kinds). */
export function checkAmbiguousAggregate(state: CheckState, node: A.AggregateExpr): void {
  const found = state.muted === 0 ? ambiguousAggregate(node) : undefined;
  if (found) state.diagnostics.push(found);
}
