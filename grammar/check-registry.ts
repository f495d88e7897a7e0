/**
 * Checks registered per node kind, each run in isolation: a check that throws is a bug of Regola,
 * not of the rules, so it becomes one diagnostic on the node it was checking and every other check
 * of the file still runs (one broken check must not hide the file's real mistakes). Tables are
 * typed over every kind, so a kind added to the AST without its check does not compile.
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

/** One check for each kind of a union of nodes, given the node narrowed to its kind. */
export type ChecksByKind<N extends { kind: string }, C, R> = { [K in N['kind']]: (node: Extract<N, { kind: K }>, context: C) => R };

/** More checks for some kinds, run after the table's own (by a test, or a tool that adds its own checks). */
export type ExtraChecks<N extends { kind: string }, C> = { [K in N['kind']]?: ((node: Extract<N, { kind: K }>, context: C) => unknown)[] };

/**
 * Runs `check` of `node` (`checked` says what it checks, for the message); if it throws, reports the failure on the node (through `report`, so a
 * check that only learns kinds stays silent) and gives `fallback`.
 */
export function isolated<R>(checked: string, node: A.Node, report: (d: Diagnostic) => void, fallback: R, check: () => R): R {
  try {
    return check();
  } catch (error) {
    report(m.at(m.checkFailed(checked, error), node.range));
    return fallback;
  }
}

/**
 * The checks of a family of nodes (statements, declarations): the table's check of the node's
 * kind, then any extra ones, each isolated. `combine` folds what the checks give (a statement
 * ends the turn when any check says so).
 */
export class CheckRegistry<N extends { kind: string; range: A.Range }, C, R> {
  private readonly extra = new Map<string, ((node: N, context: C) => unknown)[]>();

  constructor(
    private readonly family: string,
    private readonly table: ChecksByKind<N, C, R>,
    private readonly fallback: R,
    private readonly report: (d: Diagnostic) => void,
    private readonly combine: (a: R, b: unknown) => R = (a) => a,
  ) {}

  register(checks: ExtraChecks<N, C> | undefined): this {
    for (const [kind, list] of Object.entries(checks ?? {}) as [string, ((node: N, context: C) => unknown)[]][]) {
      this.extra.set(kind, [...(this.extra.get(kind) ?? []), ...list]);
    }
    return this;
  }

  run(node: N, context: C): R {
    // Written out rather than through `isolated`: this runs for every node, and its message is only made on a failure.
    let result: R;
    try {
      result = (this.table[node.kind as N['kind']] as (node: N, context: C) => R)(node, context);
    } catch (error) {
      this.fail(node, error);
      result = this.fallback;
    }
    const extra = this.extra.size > 0 ? this.extra.get(node.kind) : undefined;
    if (!extra) return result;
    for (const check of extra) {
      try {
        result = this.combine(result, check(node, context));
      } catch (error) {
        this.fail(node, error);
      }
    }
    return result;
  }

  private fail(node: N, error: unknown): void {
    this.report(m.at(m.checkFailed(`the '${node.kind}' ${this.family}`, error), node.range));
  }
}
