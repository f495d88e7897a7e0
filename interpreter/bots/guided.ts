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
import { noteTurn, stopAtLimits, type Playout } from '../runtime/playout.ts';
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

/** What one search has learnt about moves, and the moves of the iteration going on. */
export class Guide {
  private readonly index = new Map<number, number>();
  private sums: number[] = [];
  private counts: number[] = [];
  /** The iteration's moves (their index) and movers, to credit at its end. */
  private readonly trail: number[] = [];
  private readonly movers: number[] = [];

  constructor(readonly distance: ((state: GameState, player: number) => number) | null) {}

  /** Notes that the player to act in `state` takes its k-th distinct choice (before it is played). */
  note(state: GameState, k: number): void {
    const key = moveKey(state, k);
    let at = this.index.get(key);
    if (at === undefined) { at = this.sums.length; this.index.set(key, at); this.sums.push(0); this.counts.push(0); }
    this.trail.push(at);
    this.movers.push(state.pending!.player);
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

  /** The average worth of a choice to its mover; ½ for one never met. */
  mean(state: GameState, k: number): number {
    const at = this.index.get(moveKey(state, k));
    return at === undefined || this.counts[at] === 0 ? 0.5 : this.sums[at] / this.counts[at];
  }
}

/**
 * A move's identity across positions: its mover, the place the rules ask, and the value or option
 * chosen (a move open at any time, or a pick of a selection, by its number). Exact as a double.
 */
function moveKey(state: GameState, k: number): number {
  const pending = state.pending!;
  let what: number;
  if (pending.kind === 'option') what = k < pending.targets.length ? pending.targets[k] : 0x80000 + k;
  else if (pending.kind === 'value') what = k < pending.values.length ? valueKey(pending.values[k]) : 0x80000 + k;
  else what = 0x80000 + k;
  return ((pending.at & 0x7ffffff) * 0x100000 + (what & 0xfffff)) * 64 + (pending.player & 63);
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

/** Plays `state` on (in place) with the guided policy to the end, or to round `maxRounds + 1`, noting every move in `guide`. */
export function playOutGuided(definition: GameDefinition, state: GameState, random: BotRandom, maxRounds: number, guide: Guide): void {
  const playout: Playout = { definition, state, random, maxRounds, turn: state.turn, turnStart: state.moveCount };
  while (!state.outcome) {
    noteTurn(playout);
    if (stopAtLimits(definition, state, maxRounds, playout.turnStart)) return;
    const count = choices(state);
    if (count <= 1) { playChoice(definition, state, 0); continue; }
    const k = guidedChoice(definition, state, count, random, guide);
    guide.note(state, k);
    playChoice(definition, state, k);
  }
}

/** The guided policy's choice among the `count` distinct choices open in `state`. */
function guidedChoice(definition: GameDefinition, state: GameState, count: number, random: BotRandom, guide: Guide): number {
  const lookahead = guide.distance !== null && count <= lookaheadLimit;
  if (advanceBot(random, 1000) < (lookahead ? distanceEpsilon : mastEpsilon) * 1000) return advanceBot(random, count);
  const nearest = lookahead ? nearestChoices(definition, state, count, guide.distance!) : null;
  let best = -Infinity;
  let ties = 0;
  let chosen = 0;
  for (let k = 0; k < count; k++) {
    if (nearest && !nearest[k]) continue;
    const value = guide.mean(state, k);
    if (value > best) { best = value; chosen = k; ties = 1; }
    else if (value === best && advanceBot(random, ++ties) === 0) chosen = k;
  }
  return chosen;
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
