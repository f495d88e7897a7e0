/**
 * Selections under a condition at run time (`choose some xs from L where sum of xs by valore == 10`).
 *
 * When the choice opens, the engine finds every valid selection once: each set of candidates of an
 * allowed size on which the condition holds, tried by the normal expression evaluator with the
 * selection's name bound to that list (selection-search.ts: pruned by the parts of the condition
 * that add up a score per candidate, and bounded by what it finds). Everything after that is read
 * off the list of valid selections, so the condition is never evaluated twice for the same set:
 * which picks can still be completed, whether the selection can be confirmed (and why not), and
 * the random bot's choice, which is uniform over the valid selections rather than over pick orders.
 */
import { asList } from './values.ts';
import { codes, diagnostic, type Diagnostic } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import { playerName, type Evaluate, type Frame, type GameState, type Instruction, type LegalMove, type SelectPending, type Value, type ValueKind } from '../program/program.ts';
import { log } from './runtime.ts';
import { validSelections, type SumCondition, type SumOperator } from './selection-search.ts';

export type SelectionSize = 'some' | 'any' | 'up-to' | 'at-least' | 'exactly';

/** What the compiler hands over for one `choose … where …` statement. */
export interface SelectionPlan {
  variable: string;
  size: SelectionSize;
  list: Evaluate;
  count: Evaluate | null;
  condition: Evaluate | null;
  conditionText: string | null;
  by: (s: GameState, f: Frame) => number;
  slot: number;
  kind: ValueKind;
  prompt: (s: GameState, f: Frame) => string;
  labels: (s: GameState, values: Value[]) => string[];
  /** `sum of xs by S OP TARGET`: the sum side (read with the name bound to one candidate) and the target. */
  total: { sum: Evaluate; operator: string; target: Evaluate } | null;
  /**
   * The parts of the condition that add up a score per candidate (`sum of xs by S OP T`,
   * `sum(xs) OP T`, `count(xs) OP T`, the whole condition or one side of an `and`): each measure
   * read with the name bound to one candidate, for the search's pruning.
   */
  sums: { measure: Evaluate; operator: string; target: Evaluate }[];
}

/** The instruction's body: opens the selection, or settles it at once when there is nothing to decide. */
export function selectionStatement(plan: SelectionPlan, instruction: () => Instruction): (s: GameState, f: Frame) => void {
  return (s, f) => {
    const prompt = plan.prompt(s, f);
    const values = asList(plan.list(s, f));
    const player = plan.by(s, f);
    if (!s.players[player].active) {
      // A player out of the game is never asked: nothing is chosen.
      f.locals[plan.slot] = [];
      f.pc++;
      return;
    }
    const { min, max } = bounds(plan, s, f, values.length);
    const test = plan.condition;
    const saved = f.locals[plan.slot];
    const sums = test ? sumConditions(plan, values, s, f) : [];
    const selections = validSelections(values.length, min, max, plan.variable, (indices) => {
      if (!test) return true;
      f.locals[plan.slot] = indices.map((i) => values[i]);
      return test(s, f) === true;
    }, sums);
    f.locals[plan.slot] = saved;
    const labels = s.quiet ? [] : plan.labels(s, values);
    const at = instruction();
    if (selections.length === 0 || (selections.length === 1 && !s.stopAtForced)) {
      // No valid selection: nothing is taken and nobody is asked. One: it is taken without asking,
      // unless forced moves wait (for analysis), as a plain choice with one candidate does.
      const only = selections[0] ?? [];
      f.locals[plan.slot] = only.map((i) => values[i]);
      if (!s.quiet) {
        const text = selections.length === 0
          ? `${playerName(player)} has no selection that can be made (${prompt}): ${plan.variable} is empty`
          : `${playerName(player)} takes ${only.map((i) => labels[i]).join(', ') || 'nothing'} (${prompt}, the only choice)`;
        log(s, { player, kind: 'choice', text, publicText: plan.kind === 'card' ? `${playerName(player)} has ${selections.length ? 'one choice' : 'no choice'} (${prompt})` : undefined, cite: at.cite, at: at.at });
      }
      f.pc++;
      return;
    }
    s.pending = {
      kind: 'select', player, prompt, labels, values, valueKind: plan.kind, slot: plan.slot, picked: [], min, max, selections,
      variable: plan.variable, condition: plan.conditionText, total: plan.total && totalOf(plan.total, plan.slot, values, s, f),
      cite: at.cite, at: at.at,
    };
  };
}

function bounds(plan: SelectionPlan, s: GameState, f: Frame, n: number): { min: number; max: number } {
  if (plan.size === 'some') return { min: 1, max: n };
  if (plan.size === 'any') return { min: 0, max: n };
  const count = plan.count!(s, f);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new RuleError(`choosing ${plan.variable}: the size must be a whole number of 0 or more, not ${count === null ? 'none' : String(count)}`);
  }
  if (plan.size === 'up-to') return { min: 0, max: Math.min(count, n) };
  if (plan.size === 'at-least') return { min: count, max: n };
  return { min: count, max: count };
}

const sumOperators: ReadonlySet<string> = new Set<SumOperator>(['==', '<', '<=', '>', '>=']);

/**
 * The plan's additive parts as the search reads them: each candidate's score and the target, when
 * all are numbers and the scores whole (so that any total is exact); the others are left out.
 */
function sumConditions(plan: SelectionPlan, values: Value[], s: GameState, f: Frame): SumCondition[] {
  const saved = f.locals[plan.slot];
  try {
    return plan.sums.flatMap(({ measure, operator, target }) => {
      if (!sumOperators.has(operator)) return [];
      let magnitude = 0;
      const scores: number[] = [];
      for (const v of values) {
        f.locals[plan.slot] = [v];
        const score = measure(s, f);
        if (typeof score !== 'number' || !Number.isSafeInteger(score)) return [];
        scores.push(score);
        magnitude += Math.abs(score);
      }
      f.locals[plan.slot] = [];
      const goal = target(s, f);
      if (typeof goal !== 'number' || Number.isNaN(goal) || magnitude > Number.MAX_SAFE_INTEGER) return [];
      return [{ scores, operator: operator as SumOperator, target: goal }];
    });
  } finally {
    f.locals[plan.slot] = saved;
  }
}

function totalOf(total: NonNullable<SelectionPlan['total']>, slot: number, values: Value[], s: GameState, f: Frame): SelectPending['total'] {
  const saved = f.locals[slot];
  try {
    const scores = values.map((v) => { f.locals[slot] = [v]; return total.sum(s, f); });
    f.locals[slot] = [];
    const target = total.target(s, f);
    if (typeof target !== 'number' || !scores.every((x) => typeof x === 'number')) return null;
    return { scores: scores as number[], operator: total.operator, target };
  } finally {
    f.locals[slot] = saved;
  }
}

const sorted = (picked: number[]): number[] => picked.slice().sort((a, b) => a - b);
const contains = (selection: number[], picked: number[]): boolean => picked.every((i) => selection.includes(i));

/** Whether the picks so far are a valid selection. */
export function isComplete(p: SelectPending): boolean {
  const key = sorted(p.picked).join(',');
  return p.selections.some((s) => s.length === p.picked.length && s.join(',') === key);
}

/** The candidates that, added to the picks so far, can still be completed into a valid selection. */
export function completablePicks(p: SelectPending): number[] {
  const open = new Set<number>();
  for (const selection of p.selections) {
    if (!contains(selection, p.picked)) continue;
    for (const i of selection) if (!p.picked.includes(i)) open.add(i);
  }
  return [...open].sort((a, b) => a - b);
}

/** The running total of a `sum of … by …` condition, for the views. */
export function runningTotal(p: SelectPending): number | null {
  return p.total ? p.picked.reduce((sum, i) => sum + p.total!.scores[i], 0) : null;
}

/** Why the picks so far cannot be confirmed, or null when they can. */
export function incompleteReason(p: SelectPending): string | null {
  if (isComplete(p)) return null;
  const k = p.picked.length;
  if (k < p.min) return `choose at least ${p.min} (${k} picked so far)`;
  if (k > p.max) return `choose at most ${p.max} (${k} picked so far)`;
  const total = runningTotal(p);
  const shown = total === null ? '' : `: the total is ${total}, and it must be ${p.total!.operator} ${p.total!.target}`;
  return `${p.variable} must meet its condition${p.condition ? ` (${p.condition})` : ''}${shown}`;
}

/**
 * How a random bot chooses uniformly among the valid selections without remembering one: it
 * builds a selection in order of the candidates, and each move's weight is the number of valid
 * selections it leads to (the lowest candidate added next, or confirming what is picked). The
 * product of the chances along the way is the same for every selection. Picks made out of order
 * (by a person, before a bot took over) fall back to every selection that extends them.
 */
export function botWeights(p: SelectPending): { picks: number[]; confirm: number } {
  const picks = new Array<number>(p.values.length).fill(0);
  let confirm = 0;
  const last = p.picked.length ? Math.max(...p.picked) : -1;
  const tally = (inOrder: boolean) => {
    for (const selection of p.selections) {
      if (selection.length < p.picked.length || !contains(selection, p.picked)) continue;
      const added = selection.filter((i) => !p.picked.includes(i));
      if (inOrder && added.some((i) => i < last)) continue;
      if (added.length === 0) confirm++;
      else picks[added[0]]++;
    }
  };
  tally(true);
  if (confirm === 0 && picks.every((w) => w === 0)) tally(false);
  return { picks, confirm };
}

/** The legal moves of a selection: the completable picks, confirm when valid, and taking back each pick. */
export function selectionMoves(p: SelectPending): LegalMove[] {
  const player = p.player;
  const weights = botWeights(p);
  const moves: LegalMove[] = completablePicks(p).map((i) => ({ player, choice: `pick ${p.labels[i]}`, kind: 'pick' as const, weight: weights.picks[i] }));
  if (isComplete(p)) moves.push({ player, choice: 'confirm', kind: 'confirm', weight: weights.confirm });
  for (const i of p.picked) moves.push({ player, choice: `unpick ${p.labels[i]}`, kind: 'unpick', weight: 0 });
  return moves;
}

/** How many weighted choices a bot has (batch mode, no labels). */
export function selectionChoiceCount(p: SelectPending): number {
  const weights = botWeights(p);
  return weights.picks.reduce((a, b) => a + b, 0) + weights.confirm;
}

/** The `index`-th weighted choice: a candidate to pick, or -1 to confirm. */
export function selectionChoice(p: SelectPending, index: number): number {
  const weights = botWeights(p);
  let remaining = index;
  for (let i = 0; i < weights.picks.length; i++) {
    remaining -= weights.picks[i];
    if (remaining < 0) return i;
  }
  return -1;
}

/** A pick that cannot be completed, or a confirm of a selection that is not valid: refused, with the reason. */
export function selectionRefusal(p: SelectPending, choice: string, at: { start: number; end: number }): Diagnostic | null {
  if (choice === 'confirm') {
    const reason = incompleteReason(p);
    return reason ? diagnostic(codes.moveSelectionInvalid, `cannot confirm ${p.variable} yet: ${reason}`, at) : null;
  }
  if (!choice.startsWith('pick ')) return null;
  const item = p.labels.indexOf(choice.slice(5));
  if (item < 0 || p.picked.includes(item) || completablePicks(p).includes(item)) return null;
  const condition = p.condition ? ` (${p.condition})` : '';
  const message = p.picked.length
    ? `${p.labels[item]} cannot be picked with ${sorted(p.picked).map((i) => p.labels[i]).join(', ')}: no valid selection of ${p.variable} holds them all${condition}`
    : `${p.labels[item]} cannot be picked: no valid selection of ${p.variable} holds it${condition}`;
  return diagnostic(codes.moveSelectionInvalid, message, at);
}

/**
 * After a move open at any time, a selection that was waiting is opened again from the start: its
 * valid selections were found for the game as it was (the move may have changed the coins a
 * condition reads). Its frame still stands at the choose, so the engine runs it again.
 */
export function reopenSelections(state: GameState): void {
  if (state.pending?.kind === 'select') state.pending = null;
  for (const thread of state.simultaneous?.threads ?? []) if (thread.pending?.kind === 'select') thread.pending = null;
}

/** The list bound to the name on confirm: the picks in the order of the list they came from. */
export function selectedValues(p: SelectPending): Value[] {
  return sorted(p.picked).map((i) => p.values[i]);
}
