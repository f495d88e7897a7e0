/**
 * A distance to winning read off the rules, for the search bots' guided playouts (bots/guided.ts):
 * how far a player is from a way the rules say they win, in the rules' own numbers. Never read by
 * the engine, so it never changes a game.
 *
 * Where it comes from, with no game code:
 * - every `if CONDITION { … win P … }` (in the turns, a rule, `at turn limit`, a move open at any
 *   time) whose winner P is `current` or a name the rules bound (a
 *   rule's parameter, `for each p in players`), and whose condition reads nothing else of the
 *   moment (no other local: Connect Four's `fila` is counted by the turn, so it gives none);
 * - a role's goal, where such a condition asks `meetsGoal(P)` (Mortadella), or, when no condition
 *   does, every role's goal.
 * A condition's distance: `a >= b` is how much `a` lacks (b − a, at least 0), `a > b` the same
 * plus one, `<`, `<=` alike, `a == b` the gap |a − b|, `and` the sum of its terms, `or` the least;
 * any other term that can be read is 0 when true and 1 when false. A player's distance is the least
 * over every such condition; 0 where one holds. NaN where none can be read (a value that is none).
 */
import { walk, walkExpression, type Annotations, type AST } from '../../grammar/index.ts';
import type { Evaluate, Frame, GameState } from '../program/program.ts';

export type Distance = (state: GameState, player: number) => number;

/** A condition's distance in a frame whose winner is already placed (slot, or `current`). */
type Measure = (state: GameState, frame: Frame) => number;

export interface DistanceSources {
  file: AST.RulesFile;
  annotations: Annotations;
  compile: (node: AST.Expr) => Evaluate;
  /** Each role's name and its goal (the holder is slot 0 of its frame). */
  roles: { name: string; goal: AST.Expr | undefined; frameSize: number }[];
}

export function lowerDistance(sources: DistanceSources): Distance | null {
  const { file, annotations, compile } = sources;
  const goals = new Map<string, { measure: Measure; frame: Frame }>();
  for (const role of sources.roles) {
    if (!role.goal || !numeric(role.goal, annotations)) continue;
    const measure = measureOf(role.goal, annotations, compile, null);
    if (measure) goals.set(role.name, { measure, frame: { program: -1, pc: 0, locals: new Array(role.frameSize).fill(null) } });
  }
  const goalOf = (state: GameState, player: number): number => {
    const role = state.players[player]?.role;
    const goal = role ? goals.get(role) : undefined;
    if (!goal) return Number.NaN;
    goal.frame.locals[0] = player;
    return goal.measure(state, goal.frame);
  };
  const scratch = scratchGlobals(file, annotations);
  const wins: { measure: Measure; slot: number; size: number }[] = [];
  let asksGoals = false;
  const visit = (root: AST.Declaration, size: number) => walk(root, {
    statement(node) {
      if (node.kind !== 'if') return;
      const winner = winnerOf(node.then, annotations);
      if (winner === null) return;
      const allowed = new Set(winner >= 0 ? [winner] : []);
      if (!readsOnly(node.condition, annotations, allowed, scratch) || !numeric(node.condition, annotations)) return;
      const measure = measureOf(node.condition, annotations, compile, goalOf);
      if (!measure) return;
      if (mentionsGoal(node.condition)) asksGoals = true;
      wins.push({ measure, slot: winner, size });
    },
  });
  for (const declaration of file.declarations) {
    if (declaration.kind === 'turns' || declaration.kind === 'rule' || declaration.kind === 'at-turn-limit' || declaration.kind === 'any-time') visit(declaration, annotations.frameSizes.get(declaration) ?? 1);
  }
  if (wins.length === 0 && goals.size === 0) return null;
  const frames = wins.map((w) => ({ program: -1, pc: 0, locals: new Array<unknown>(Math.max(w.size, w.slot + 1)).fill(null) }) as Frame);
  const useGoals = !asksGoals && goals.size > 0;
  return (state, player) => {
    let best = Number.NaN;
    const consider = (d: number) => { if (!Number.isNaN(d) && !(d >= best)) best = d; };
    for (let i = 0; i < wins.length; i++) {
      const win = wins[i];
      try {
        if (win.slot >= 0) { frames[i].locals[win.slot] = player; consider(win.measure(state, frames[i])); }
        else consider(win.measure(asCurrent(state, player), frames[i]));
      } catch { /* a value that is none in this position: no information */ }
    }
    if (useGoals) { try { consider(goalOf(state, player)); } catch { /* as above */ } }
    return best;
  };
}

/** `state` as seen with `player` to play: the expression's `current`, nothing else changed (a view, not a copy). */
function asCurrent(state: GameState, player: number): GameState {
  if (state.current === player) return state;
  const view = Object.create(state) as GameState;
  view.current = player;
  return view;
}

/**
 * The winner of a block that wins (a `win` among its statements, not inside a nested choice):
 * -1 for `current`, the slot of a bound name, or null (no `win`, or a winner of another kind).
 */
function winnerOf(block: AST.Block, annotations: Annotations): number | null {
  let winner: number | null = null;
  walk(block, {
    statement(node) {
      if (node.kind === 'win' && winner === null) {
        if (node.player.kind === 'current') winner = -1;
        else if (node.player.kind === 'name') {
          const resolved = annotations.names.get(node.player);
          // One player (a list of winners, 1984's `win squadra`, has no one distance).
          if (resolved?.kind === 'local' && annotations.types.get(node.player) === 'player') winner = resolved.slot;
        }
      }
      if (node.kind === 'choose-option' || node.kind === 'choose-value' || node.kind === 'choose-selection') return false;
    },
  });
  return winner;
}

/**
 * The variables the turn uses as counters of the moment: set to a number written in the rules
 * while playing (Tris's `set fila = 1` before counting a line). Their value between turns is
 * what the last count left, no measure of a position.
 */
function scratchGlobals(file: AST.RulesFile, annotations: Annotations): Set<number> {
  const found = new Set<number>();
  for (const declaration of file.declarations) {
    if (declaration.kind !== 'turns' && declaration.kind !== 'rule') continue;
    walk(declaration, {
      statement(node) {
        if (node.kind !== 'set' || node.target.kind !== 'name' || node.value.kind !== 'number') return;
        const resolved = annotations.names.get(node.target);
        if (resolved?.kind === 'global') found.add(resolved.index);
      },
    });
  }
  return found;
}

/** Whether `expr` reads no local but the `allowed` slots and those it binds itself (a `where`'s element). */
function readsOnly(expr: AST.Expr, annotations: Annotations, allowed: Set<number>, scratch: Set<number>): boolean {
  const bound = new Set(allowed);
  walkExpression(expr, {
    expression(node) {
      if (node.kind === 'where' || node.kind === 'aggregate' || node.kind === 'leader') {
        const slot = annotations.slots.get(node);
        if (slot !== undefined) bound.add(slot);
      }
    },
    name(node) {
      const slot = annotations.slots.get(node);
      if (slot !== undefined) bound.add(slot);
    },
  });
  let ok = true;
  walkExpression(expr, {
    expression(node) {
      if (node.kind !== 'name') return;
      const resolved = annotations.names.get(node);
      if (resolved?.kind === 'local' && !bound.has(resolved.slot)) ok = false;
      if (resolved?.kind === 'global' && scratch.has(resolved.index)) ok = false;
    },
  });
  return ok;
}

const comparisons = new Set(['>=', '>', '<=', '<', '==']);

/** Whether the condition has a comparison of numbers, or asks a goal: something with a distance. */
function numeric(expr: AST.Expr, annotations: Annotations): boolean {
  let found = false;
  walkExpression(expr, {
    expression(node) {
      if (node.kind === 'binary' && comparisons.has(node.operator) && annotations.types.get(node.left) === 'number' && annotations.types.get(node.right) === 'number') found = true;
      if (node.kind === 'call' && node.callee.text === 'meetsGoal') found = true;
      if (node.kind === 'where' || node.kind === 'aggregate' || node.kind === 'leader') return false;
    },
  });
  return found;
}

function mentionsGoal(expr: AST.Expr): boolean {
  let found = false;
  walkExpression(expr, { expression(node) { if (node.kind === 'call' && node.callee.text === 'meetsGoal') found = true; } });
  return found;
}

const number = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);

/** A condition's distance, or null when it has none (the whole condition is then left out). */
function measureOf(expr: AST.Expr, annotations: Annotations, compile: (node: AST.Expr) => Evaluate,
  goalOf: ((state: GameState, player: number) => number) | null): Measure | null {
  const recur = (node: AST.Expr): Measure | null => {
    if (node.kind === 'binary') {
      if (node.operator === 'and' || node.operator === 'or') {
        const left = recur(node.left), right = recur(node.right);
        if (!left || !right) return null;
        return node.operator === 'and' ? (s, f) => left(s, f) + right(s, f) : (s, f) => Math.min(left(s, f), right(s, f));
      }
      if (comparisons.has(node.operator) && annotations.types.get(node.left) === 'number' && annotations.types.get(node.right) === 'number') {
        const a = compile(node.left), b = compile(node.right);
        switch (node.operator) {
          case '>=': return (s, f) => Math.max(0, number(b(s, f)) - number(a(s, f)));
          case '>': return (s, f) => Math.max(0, number(b(s, f)) + 1 - number(a(s, f)));
          case '<=': return (s, f) => Math.max(0, number(a(s, f)) - number(b(s, f)));
          case '<': return (s, f) => Math.max(0, number(a(s, f)) + 1 - number(b(s, f)));
          default: return (s, f) => Math.abs(number(a(s, f)) - number(b(s, f)));
        }
      }
    }
    if (node.kind === 'call' && node.callee.text === 'meetsGoal' && goalOf && node.args.length === 1) {
      const who = compile(node.args[0]);
      return (s, f) => goalOf(s, number(who(s, f)));
    }
    if (annotations.types.get(node) !== 'bool') return null;
    const test = compile(node);
    return (s, f) => (test(s, f) === true ? 0 : 1);
  };
  return recur(expr);
}
