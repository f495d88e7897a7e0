/**
 * Guided playouts: the search's imagined games played by a policy that learns within one search
 * and reads the rules' own distance to winning, instead of uniformly random moves.
 *
 * - MAST (move-average sampling, Finnsson & Björnsson, as in Ludii): every move met in an
 *   iteration, in the tree or the rollout, is credited with what the ending was worth to its mover;
 *   the rollout plays the move with the best average (ε-greedy: a uniform move with chance ε). A
 *   move is known by who makes it, where the rules ask (the choice's place) and what it chooses
 *   (the value, or the option), so a good cell or option is remembered across positions. It needs
 *   nothing from the rules, so it guides every game.
 * - Where the rules give a distance to winning (lowering/compile-distance.ts) and the mover has few
 *   choices, each is tried on a copy of the imagined world and the one bringing the mover nearest
 *   a win is played (ties to MAST): greedy on the rules' own measure, as CardStock's and Ludii's
 *   heuristic playouts are. The copy is of the determinized world the search is in, never of the
 *   real game: a seat's guess about another's secret is the one the world drew.
 *
 * Every draw comes from the search's generator, so a search stays a pure function of its seed.
 */
import { advanceBot, type BotRandom } from '../runtime/bot-random.ts';
import { cloneState } from '../engine/engine.ts';
import type { GameDefinition, GameState, Value } from '../program/program.ts';
import { noteTurn, stopAtLimits, whilePlaying, type Playout, type PlayoutPolicy } from '../runtime/playout.ts';
import { choices, playChoice, reward } from './decisions.ts';

/**
 * The chance a guided rollout plays a uniformly random move instead: where only MAST guides it,
 * one move in two (greedier MAST playouts made tic-tac-toe's search lose games it drew: a rollout
 * that repeats the moves that did well once stops sampling the replies); where the rules' distance
 * guides it, one in ten.
 */
export const mastEpsilon = 0.5;
export const distanceEpsilon = 0.1;
/** Above this many choices a move is not tried on copies (the cost of a decision stays bounded). */
export const lookaheadLimit = 12;

/** What one search has learnt about moves, and the moves of the iteration going on; the policy generated code asks in a playout (runtime/playout.ts). */
export class Guide implements PlayoutPolicy {
  private readonly index = new Map<number, number>();
  private sums: number[] = [];
  private counts: number[] = [];
  /** The iteration's moves (their index) and movers, to credit at its end. */
  private readonly trail: number[] = [];
  private readonly movers: number[] = [];
  /** The keys of the choice being made, by number. */
  private readonly keys: number[] = [];
  /** The generator of the playout going on. */
  random: BotRandom = { state: 1 };

  constructor(readonly distance: ((state: GameState, player: number) => number) | null) {}

  /** Notes that the player to act in `state` takes its k-th distinct choice (before it is played). */
  note(state: GameState, k: number): void {
    this.noteKey(moveKey(state, k), state.pending!.player);
  }

  private noteKey(key: number, player: number): void {
    let at = this.index.get(key);
    if (at === undefined) { at = this.sums.length; this.index.set(key, at); this.sums.push(0); this.counts.push(0); }
    this.trail.push(at);
    this.movers.push(player);
  }

  /** The iteration ended with `values` for each seat: every move noted is credited, and the trail emptied. */
  credit(values: number[]): void {
    for (let i = 0; i < this.trail.length; i++) {
      this.sums[this.trail[i]] += values[this.movers[i]];
      this.counts[this.trail[i]]++;
    }
    this.trail.length = 0;
    this.movers.length = 0;
  }

  /** The average worth of a move (by key) to its mover; ½ for one never met. */
  private mean(key: number): number {
    const at = this.index.get(key);
    return at === undefined || this.counts[at] === 0 ? 0.5 : this.sums[at] / this.counts[at];
  }

  /**
   * Among the `count` choices whose keys are in `keys` (only those marked in `among`, when given):
   * the best average, ties drawn at random.
   */
  private best(count: number, among: boolean[] | null): number {
    let best = -Infinity;
    let ties = 0;
    let chosen = 0;
    for (let k = 0; k < count; k++) {
      if (among && !among[k]) continue;
      const value = this.mean(this.keys[k]);
      if (value > best) { best = value; chosen = k; ties = 1; }
      else if (value === best && advanceBot(this.random, ++ties) === 0) chosen = k;
    }
    return chosen;
  }

  /** The guided choice among the `count` distinct choices open in `state`, noted (the engine's loop). */
  choose(definition: GameDefinition, state: GameState, count: number): number {
    const lookahead = this.distance !== null && count <= lookaheadLimit;
    let k: number;
    if (advanceBot(this.random, 1000) < (lookahead ? distanceEpsilon : mastEpsilon) * 1000) k = advanceBot(this.random, count);
    else {
      const nearest = lookahead ? nearestChoices(definition, state, count, this.distance!) : null;
      for (let j = 0; j < count; j++) this.keys[j] = moveKey(state, j);
      k = this.best(count, nearest);
    }
    this.note(state, k);
    return k;
  }

  /** The same choice asked by generated code in a playout, before any pending choice is made (MAST alone: no copies there). */
  pick(_state: GameState, candidates: number, player: number, at: number, kind: 0 | 1 | 2 | 3, list: readonly unknown[] | null, bits: number): number {
    if (candidates <= 1) return 0;
    for (let k = 0, rest = bits; k < candidates; k++) {
      let what: number;
      if (kind === 1) what = valueKey(list![k] as Value);
      else if (kind === 2) what = list![k] as number;
      else if (kind === 3) { what = list![31 - Math.clz32(rest & -rest)] as number; rest &= rest - 1; }
      else what = 0x80000 + k;
      this.keys[k] = keyOf(at, what, player);
    }
    const k = advanceBot(this.random, 1000) < mastEpsilon * 1000 ? advanceBot(this.random, candidates) : this.best(candidates, null);
    this.noteKey(this.keys[k], player);
    return k;
  }
}

const keyOf = (at: number, what: number, player: number) => ((at & 0x7ffffff) * 0x100000 + (what & 0xfffff)) * 64 + (player & 63);

/**
 * A move's identity across positions: its mover, the place the rules ask, and the value or option
 * chosen (a move open at any time, or a pick, by its number). Exact as a double. The same key as
 * generated code's choice gives in `Guide.pick`.
 */
function moveKey(state: GameState, k: number): number {
  const pending = state.pending!;
  let what: number;
  if (pending.kind === 'option') what = k < pending.targets.length ? pending.targets[k] : 0x80000 + k;
  else if (pending.kind === 'value') what = k < pending.values.length ? valueKey(pending.values[k]) : 0x80000 + k;
  else what = 0x80000 + k;
  return keyOf(pending.at, what, pending.player);
}

function valueKey(value: Value): number {
  if (typeof value === 'number') return value & 0x7ffff;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    let h = 0x811c9dc5;
    for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
    return h & 0x7ffff;
  }
  return 0x7ffff;
}

/**
 * Plays `state` on (in place) with the guided policy to the end, or to round `maxRounds + 1`, noting
 * every move in `guide`. Without a distance, generated code asks the policy at each choice and goes
 * straight on (runtime/playout.ts), as random playouts do; the loop takes the choices it leaves.
 */
export function playOutGuided(definition: GameDefinition, state: GameState, random: BotRandom, maxRounds: number, guide: Guide): void {
  guide.random = random;
  const playout: Playout = { definition, state, random, maxRounds, turn: state.turn, turnStart: state.moveCount };
  const loop = () => {
    while (!state.outcome) {
      noteTurn(playout);
      if (stopAtLimits(definition, state, maxRounds, playout.turnStart)) return;
      const count = choices(state);
      if (count <= 1) { playChoice(definition, state, 0); continue; }
      playChoice(definition, state, guide.choose(definition, state, count));
    }
  };
  if (guide.distance) loop();
  else { playout.policy = guide; whilePlaying(playout, loop); }
}

/** Which choices bring the mover nearest a win, each tried on a copy (a win is nearest, a loss farthest); null when no distance can be read. */
function nearestChoices(definition: GameDefinition, state: GameState, count: number, distance: (state: GameState, player: number) => number): boolean[] | null {
  const mover = state.pending!.player;
  const distances = new Array<number>(count);
  let least = Infinity;
  let known = false;
  for (let k = 0; k < count; k++) {
    const copy = cloneState(state);
    let d: number;
    try {
      playChoice(definition, copy, k);
      d = copy.outcome ? (reward(copy.outcome, mover) === 1 ? -1 : reward(copy.outcome, mover) === 0 ? Infinity : Number.NaN) : distance(copy, mover);
    } catch {
      d = Number.NaN;
    }
    if (Number.isNaN(d)) d = Infinity; else known = true;
    distances[k] = d;
    if (d < least) least = d;
  }
  if (!known) return null;
  return distances.map((d) => d === least);
}
