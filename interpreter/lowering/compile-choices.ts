/**
 * The choices a player makes: `choose x from L` (one value, or several picked one by one),
 * `choose { option … }` (options behind their conditions and the statuses that forbid them), and
 * selections under a condition (whose search and moves are selection.ts's). A choice with one
 * candidate is made at once and logged; a player out of the game is never asked.
 */
import type { AST } from '../../grammar/index.ts';
import { mentions } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import { type Emitter, type LoweringsOf } from './compile-emitter.ts';
import { asList } from '../runtime/values.ts';
import { formatValue, kindOf } from '../runtime/format-value.ts';
import { forbiddenLabels } from '../runtime/any-time.ts';
import { selectionStatement, type SelectionPlan } from '../runtime/selection.ts';
import { playerName, type GameState, type Value } from '../program/program.ts';
import { log } from '../runtime/runtime.ts';

export const choiceStatements: LoweringsOf<'choose-value' | 'choose-option' | 'choose-selection'> = {
  'choose-value': chooseValue,
  'choose-option': chooseOption,
  'choose-selection': chooseSelection,
};

function chooseValue(e: Emitter, node: AST.ChooseValueStmt): void {
  const d = e.definition;
  const list = e.compile(node.from);
  const by = e.player(node.by);
  const slot = e.annotations.slots.get(node.variable)!;
  const kind = kindOf(e.learntType(node.from));
  const need = node.count && node.count.kind === 'number' ? node.count.value : 0;
  const promptOf = e.text(node, node.prompt ?? `choose ${node.variable.text}`);
  const instruction = e.emit(node, (s, f) => {
    const prompt = promptOf(s, f);
    const values = asList(list(s, f));
    const player = chooser(s, by(s, f));
    if (!s.players[player].active) {
      // A player out of the game is never asked: nothing is chosen.
      f.locals[slot] = need > 0 ? [] : null;
      f.pc++;
      return;
    }
    // Batch mode skips the labels: bots choose by position, and nobody reads them.
    const labels = s.quiet ? [] : uniqueLabels(values.map((v) => formatValue(d, s, kind, v)));
    if (need > 0) {
      if (values.length <= need) {
        // Nothing to decide: every candidate is taken.
        f.locals[slot] = values;
        if (!s.quiet) log(s, { player, kind: 'choice', text: `${playerName(player)} takes ${labels.join(', ') || 'nothing'} (${prompt})`, publicText: kind === 'card' ? `${playerName(player)} takes every card offered (${prompt})` : undefined, cite: instruction.cite, at: instruction.at });
        f.pc++;
        return;
      }
      s.pending = { kind: 'pick', player, prompt, labels, values, valueKind: kind, slot, need, picked: [], cite: instruction.cite, at: instruction.at };
      return;
    }
    if (values.length === 0 || (values.length === 1 && !s.stopAtForced)) {
      f.locals[slot] = values[0] ?? null;
      if (values.length === 1 && !s.quiet) log(s, { player, kind: 'choice', text: `${playerName(player)}: ${labels[0]} (${prompt}, the only choice)`, publicText: kind === 'card' ? `${playerName(player)} has one choice (${prompt})` : undefined, cite: instruction.cite, at: instruction.at });
      f.pc++;
      return;
    }
    s.pending = { kind: 'value', player, prompt, labels, values, valueKind: kind, slot, cite: instruction.cite, at: instruction.at };
  }, true);
  instruction.shape = need === 0 ? { kind: 'choose-value', valueKind: kind } : { kind: 'choose-picks', valueKind: kind, need };
}

/** A selection under a condition: the statement's parts, lowered here; the rest is selection.ts. */
function chooseSelection(e: Emitter, node: AST.ChooseSelectionStmt): void {
  const d = e.definition;
  const by = e.player(node.by);
  const kind = kindOf(e.learntType(node.from));
  const plan: SelectionPlan = {
    variable: node.variable.text, size: node.size, list: e.compile(node.from), count: node.count ? e.compile(node.count) : null,
    condition: node.condition ? e.compile(node.condition) : null, conditionText: node.conditionText ?? null,
    by: (s, f) => chooser(s, by(s, f)), slot: e.annotations.slots.get(node.variable)!, kind,
    prompt: e.text(node, node.prompt ?? `choose ${node.variable.text}`),
    labels: (s, values) => uniqueLabels(values.map((v) => formatValue(d, s, kind, v))),
    total: runningTotal(e, node),
    sums: sumParts(e, node),
  };
  const instruction = e.emit(node, selectionStatement(plan, () => instruction), true);
}

/** `sum of xs by S OP TARGET` (either way round): the studio shows the running total of the picks against TARGET. */
function runningTotal(e: Emitter, node: AST.ChooseSelectionStmt): SelectionPlan['total'] {
  const c = node.condition;
  const flipped: Record<string, string> = { '==': '==', '!=': '!=', '<=': '>=', '>=': '<=', '<': '>', '>': '<' };
  if (c?.kind !== 'binary' || !(c.operator in flipped)) return null;
  const isSum = (e: AST.Expr) => e.kind === 'aggregate' && e.operator === 'sum' && e.list.kind === 'name' && e.list.name === node.variable.text;
  const [sum, target, operator] = isSum(c.left) ? [c.left, c.right, c.operator] : isSum(c.right) ? [c.right, c.left, flipped[c.operator]] : [];
  if (!sum || !target || mentions(target, node.variable.text)) return null;
  return { sum: e.compile(sum), target: e.compile(target), operator: operator! };
}

/**
 * The parts of the condition that add up a score per candidate, for the search's pruning: the
 * whole condition or any side of an `and` that compares `sum of xs by S` (S not naming xs),
 * `sum(xs)` or `count(xs)` with a target that does not name xs. Each is read per candidate, so
 * the selection's total is the sum of its candidates' measures.
 */
function sumParts(e: Emitter, node: AST.ChooseSelectionStmt): SelectionPlan['sums'] {
  const name = node.variable.text;
  const flipped: Record<string, string> = { '==': '==', '<=': '>=', '>=': '<=', '<': '>', '>': '<' };
  const isName = (x: AST.Expr) => x.kind === 'name' && x.name === name;
  const additive = (x: AST.Expr) => (x.kind === 'aggregate' && (x.operator === 'sum' || x.operator === 'count') && isName(x.list) && !mentions(x.score, name))
    || (x.kind === 'call' && (x.callee.text === 'sum' || x.callee.text === 'count') && x.args.length === 1 && isName(x.args[0]));
  const parts: SelectionPlan['sums'] = [];
  const visit = (c: AST.Expr): void => {
    if (c.kind !== 'binary') return;
    if (c.operator === 'and') { visit(c.left); visit(c.right); return; }
    if (!(c.operator in flipped)) return;
    const [measure, target, operator] = additive(c.left) ? [c.left, c.right, c.operator] : additive(c.right) ? [c.right, c.left, flipped[c.operator]] : [];
    if (measure && target && !mentions(target, name)) parts.push({ measure: e.compile(measure), target: e.compile(target), operator: operator! });
  };
  if (node.condition) visit(node.condition);
  return parts;
}

function chooseOption(e: Emitter, node: AST.ChooseOptionStmt): void {
  const by = e.player(node.by);
  const promptOf = e.text(node, node.prompt ?? 'choose');
  const conditions = node.options.map((o) => (o.condition ? e.compile(o.condition) : null));
  const labels = node.options.map((o) => o.label);
  const statuses = e.definition.statuses.some((s) => s.forbid.some((label) => labels.includes(label)));
  const targets: number[] = [];
  const instruction = e.emit(node, (s, f) => {
    const player = chooser(s, by(s, f));
    if (!s.players[player].active) { f.pc = end; return; }
    const prompt = promptOf(s, f);
    const open: number[] = [];
    // A status (thresholds) can close options by their label: "non può dichiarare la vittoria".
    const closed = statuses ? forbiddenLabels(e.definition, s, player) : null;
    for (let i = 0; i < labels.length; i++) if ((!conditions[i] || conditions[i]!(s, f)) && !closed?.has(labels[i])) open.push(i);
    if (open.length === 0) { f.pc = end; return; }
    if (open.length === 1 && !s.stopAtForced) {
      if (!s.quiet) log(s, { player, kind: 'choice', text: `${playerName(player)}: ${labels[open[0]]} (${prompt}, the only choice)`, cite: instruction.cite, at: instruction.at });
      f.pc = targets[open[0]];
      return;
    }
    s.pending = {
      // Batch mode: bots choose by position, so no labels are made.
      kind: 'option', player, prompt, labels: s.quiet ? [] : open.map((i) => labels[i]), targets: open.map((i) => targets[i]),
      cite: instruction.cite, at: instruction.at,
    };
  }, true);
  const exits: { patch: (t: number) => void }[] = [];
  for (const option of node.options) {
    targets.push(e.here);
    e.block(option.body);
    exits.push(e.jump(option));
  }
  const end = e.here;
  exits.forEach((exit) => exit.patch(end));
  if (!statuses) instruction.shape = { kind: 'choose-option', targets, end };
}

/** The player who makes a choice; before anyone's turn a choice needs an explicit `by`. */
function chooser(state: GameState, value: Value): number {
  if (typeof value === 'number' && value >= 0) return value;
  throw new RuleError(value === -1 || state.current < 0
    ? "nobody's turn has started yet: say who chooses with 'by', e.g. choose x from L by p"
    : 'the player who chooses is none');
}

/** Labels that tell equal values apart: "Vino", "Vino (2)". */
function uniqueLabels(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} (${count})`;
  });
}
