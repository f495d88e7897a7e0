/**
 * The search for every valid selection of a `choose … where …` (selection.ts), with pruning.
 *
 * The search goes depth first over the candidates, in list order, so the valid selections come out
 * sorted and in lexicographic order. A part of the condition that adds up a score per candidate
 * (`sum of xs by valore == 10`, `sum(xs) <= 7`, `count(xs) < 3`, alone or joined by `and`) is a
 * `SumCondition`: from the scores of the candidates still ahead, the search knows whether a partial
 * set can still meet it, and leaves a branch that cannot untried. For `<`, `<=`, `>`, `>=` that
 * test is exact; for `==` it adds which totals the candidates ahead can make at all, exact when the
 * size is free (`some`, `any`). Every set the search keeps is still tried by the condition itself.
 *
 * The search is bounded by what it finds rather than by the number of candidates: at most
 * `selectionAnswerLimit` valid selections, and at most `selectionDeadEndLimit` sets tried that lead
 * to none (a condition the pruning cannot read is tried on every set). Past either the match stops
 * with `run/selection-limit`.
 */
import { codes } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';

/** Valid selections one choice may have: as many as every selection of 16 candidates. */
export const selectionAnswerLimit = 70_000;

/** Sets of candidates one search may try that lead to no valid selection. */
export const selectionDeadEndLimit = 70_000;

export type SumOperator = '==' | '<' | '<=' | '>' | '>=';

/** An additive part of the condition: each candidate's score (whole numbers), the selection's total compared with `target`. */
export interface SumCondition { scores: number[]; operator: SumOperator; target: number }

/** Cells of the tables kept for one condition; past these the pruning falls back to coarser bounds. */
const tableCells = 1_000_000;
/** Candidates past which the scores ahead are not kept sorted (a sort per candidate). */
const sortedCandidates = 1_000;

/**
 * Every set of indices below `n` of a size in [min, max] that passes `test`, each sorted, in
 * lexicographic order. `sums` must hold on every set that passes `test` (they are parts of its
 * condition): they only prune.
 */
export function validSelections(n: number, min: number, max: number, variable: string, test: (indices: number[]) => boolean, sums: SumCondition[] = []): number[][] {
  const found: number[][] = [];
  if (min > max || min > n) return found;
  const pruners = sums.map((sum) => pruner(sum, n, min, max));
  const partial = new Array<number>(sums.length).fill(0);
  const chosen: number[] = [];
  let deadEnds = 0;
  const open = (from: number): boolean => {
    for (let c = 0; c < pruners.length; c++) if (!pruners[c](from, chosen.length, partial[c])) return false;
    return true;
  };
  const visit = (from: number): void => {
    const before = found.length;
    if (chosen.length >= min && test(chosen)) {
      found.push(chosen.slice());
      if (found.length > selectionAnswerLimit) {
        throw new RuleError(`choosing ${variable} has more than ${selectionAnswerLimit.toLocaleString('en')} valid selections among ${n} candidates: bound the size (choose up to N), narrow the condition or choose from a shorter list`, codes.runSelectionLimit);
      }
    }
    if (chosen.length < max) {
      for (let j = from; j < n && chosen.length + (n - j) >= min; j++) {
        chosen.push(j);
        for (let c = 0; c < sums.length; c++) partial[c] += sums[c].scores[j];
        if (open(j + 1)) visit(j + 1);
        for (let c = 0; c < sums.length; c++) partial[c] -= sums[c].scores[j];
        chosen.pop();
      }
    }
    if (found.length === before && ++deadEnds > selectionDeadEndLimit) {
      throw new RuleError(`choosing ${variable} means trying more than ${selectionDeadEndLimit.toLocaleString('en')} selections of ${n} candidates that lead to no valid one: bound the size (choose up to N) or choose from a shorter list`, codes.runSelectionLimit);
    }
  };
  if (open(0)) visit(0);
  return found;
}

/**
 * Whether a set of `k` candidates, its total `partial` so far, can still meet the condition with
 * candidates from `from` on: some r more of them, r within the sizes allowed, whose total is right.
 */
type Pruner = (from: number, k: number, partial: number) => boolean;

function pruner(sum: SumCondition, n: number, min: number, max: number): Pruner {
  const { scores, operator, target } = sum;
  // Suffix sums of the negative and the positive scores: the widest totals the candidates ahead can add.
  const lowest = new Float64Array(n + 1);
  const highest = new Float64Array(n + 1);
  const negatives = new Int32Array(n + 1);
  const positives = new Int32Array(n + 1);
  for (let j = n - 1; j >= 0; j--) {
    const x = scores[j];
    lowest[j] = lowest[j + 1] + Math.min(x, 0);
    highest[j] = highest[j + 1] + Math.max(x, 0);
    negatives[j] = negatives[j + 1] + (x < 0 ? 1 : 0);
    positives[j] = positives[j + 1] + (x > 0 ? 1 : 0);
  }
  const sized = sizedTotals(scores, Math.min(max, n));
  const reachable = operator === '==' ? reachableTotals(scores, lowest[0], highest[0]) : null;
  return (from, k, partial) => {
    const fewest = Math.max(0, min - k);
    const most = Math.min(max - k, n - from);
    if (fewest > most) return false;
    const need = target - partial;
    let least = lowest[from];
    let greatest = highest[from];
    if (sized) {
      // The r smallest scores ahead add up least for r more; the total falls while they are negative.
      least = sized.smallest(from, clamp(negatives[from], fewest, most));
      greatest = sized.largest(from, clamp(positives[from], fewest, most));
    }
    switch (operator) {
      case '<=': return least <= need;
      case '<': return least < need;
      case '>=': return greatest >= need;
      case '>': return greatest > need;
      case '==': return least <= need && need <= greatest && (reachable === null || reachable(from, need));
    }
  };
}

const clamp = (x: number, low: number, high: number): number => Math.min(Math.max(x, low), high);

/**
 * The totals of the r smallest and of the r largest scores from each candidate on (r up to
 * `most`), or null when the table would be too large.
 */
function sizedTotals(scores: number[], most: number): { smallest: (from: number, r: number) => number; largest: (from: number, r: number) => number } | null {
  const n = scores.length;
  const width = most + 1;
  if (n > sortedCandidates || (n + 1) * width > tableCells) return null;
  const small = new Float64Array((n + 1) * width);
  const large = new Float64Array((n + 1) * width);
  const ahead: number[] = [];
  for (let j = n - 1; j >= 0; j--) {
    const x = scores[j];
    let at = 0;
    for (let high = ahead.length; at < high;) {
      const middle = (at + high) >> 1;
      if (ahead[middle] < x) at = middle + 1; else high = middle;
    }
    ahead.splice(at, 0, x);
    const r = Math.min(most, ahead.length);
    for (let i = 1; i <= r; i++) {
      small[j * width + i] = small[j * width + i - 1] + ahead[i - 1];
      large[j * width + i] = large[j * width + i - 1] + ahead[ahead.length - i];
    }
  }
  return { smallest: (from, r) => small[from * width + r], largest: (from, r) => large[from * width + r] };
}

/**
 * Which totals some set of the candidates from each one on can make, whatever its size (a row of
 * flags per candidate over every total from `low` to `high`), or null when the table would be too large.
 */
function reachableTotals(scores: number[], low: number, high: number): ((from: number, total: number) => boolean) | null {
  const n = scores.length;
  const width = high - low + 1;
  if ((n + 1) * width > tableCells) return null;
  const rows = new Uint8Array((n + 1) * width);
  rows[n * width - low] = 1;
  for (let j = n - 1; j >= 0; j--) {
    const row = j * width;
    const next = row + width;
    const shift = scores[j];
    for (let t = 0; t < width; t++) {
      if (!rows[next + t]) continue;
      rows[row + t] = 1;
      rows[row + t + shift] = 1;
    }
  }
  return (from, total) => Number.isInteger(total) && total >= low && total <= high && rows[from * width + total - low] === 1;
}
