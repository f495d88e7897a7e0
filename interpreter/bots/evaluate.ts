/**
 * What an imagined game is worth to each player at its end, or where the search cut it short.
 *
 * A finished game: win 1, no winner ½, loss 0 (decisions.ts `reward`). A game cut short — the
 * rollout's depth, a simulation limit, the game's turn limit — is worth ½ to everyone, unless the
 * rules state an `estimate` (how well a player stands, in their own terms): then each player's worth
 * is their share of the estimates (a player out of the game has none). A share needs no scale — the
 * estimate may count points, pawns or territories alike — and, unlike a rank, it still tells a
 * better move from a good one when the bot is already ahead (against weak players a rank is 1 for
 * every move, and the search has nothing to go on).
 *
 * Without an estimate, a guided search (guided.ts) scores a game it cut short by the rules' distance
 * to winning (lowering/compile-distance.ts): each player's share of the closeness 1 / (1 + distance),
 * so the player a step from winning is worth more than the one ten steps away.
 */
import type { GameDefinition, GameState } from '../program/program.ts';
import { reward } from './decisions.ts';

/** Each seat's worth of the game as it stands (finished or stopped); `into` is filled and returned. */
export function rewards(definition: GameDefinition, state: GameState, into: number[] = new Array(state.seats), byDistance = false): number[] {
  const outcome = state.outcome;
  const estimate = definition.estimate ?? (byDistance && definition.distance ? closeness(definition.distance) : null);
  if (outcome && (outcome.kind !== 'aborted' || !estimate)) {
    for (let p = 0; p < state.seats; p++) into[p] = reward(outcome, p);
    return into;
  }
  if (!estimate) return into.fill(0.5, 0, state.seats);
  return shares(estimates(estimate, state), into);
}

/** An estimate from a distance to winning: 1 / (1 + distance), 0 where it cannot be read. */
const closenesses = new WeakMap<(state: GameState, player: number) => number, (state: GameState, player: number) => number>();
function closeness(distance: (state: GameState, player: number) => number): (state: GameState, player: number) => number {
  let made = closenesses.get(distance);
  if (!made) {
    made = (state, player) => {
      const d = distance(state, player);
      return Number.isNaN(d) ? 0 : 1 / (1 + Math.max(0, d));
    };
    closenesses.set(distance, made);
  }
  return made;
}

/** The estimate of every seat: −Infinity for a player out of the game, NaN where the estimate is not a number. */
export function estimates(estimate: (state: GameState, player: number) => number, state: GameState): number[] {
  const values = new Array<number>(state.seats);
  for (let p = 0; p < state.seats; p++) {
    if (!state.players[p].active) { values[p] = -Infinity; continue; }
    try {
      values[p] = estimate(state, p);
    } catch {
      // A rule error in the estimate on an imagined position (a value that is none there): no information.
      values[p] = Number.NaN;
    }
  }
  return values;
}

/**
 * Each seat's share of the estimates, in [0, 1] and adding up to 1 as a win does: (3, 1) is worth ¾
 * and ¼. Negative estimates are first raised so the lowest is 0 (all of them, only when one is
 * below 0). Every estimate 0, or any NaN: ½ for everyone, as a game without a winner.
 */
export function shares(values: number[], into: number[] = new Array(values.length)): number[] {
  const n = values.length;
  let lowest = 0, total = 0;
  for (const v of values) {
    if (Number.isNaN(v)) return into.fill(0.5, 0, n);
    if (v !== -Infinity && v < lowest) lowest = v;
  }
  for (const v of values) total += v === -Infinity ? 0 : v - lowest;
  if (!(total > 0) || !Number.isFinite(total)) return into.fill(0.5, 0, n);
  for (let p = 0; p < n; p++) into[p] = values[p] === -Infinity ? 0 : (values[p] - lowest) / total;
  return into;
}
