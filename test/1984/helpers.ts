/**
 * Helpers for the 1984 tests: the definition, piles by name, and a random driver that declares
 * victory only rarely (a random bot that may declare at every decision ends nearly every game on
 * the first day, so the property tests would never reach the later phases).
 */
import { applyMoveInPlace, legalMoves, startGame, type GameState, type LegalMove } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

export const RULES = '1984.rules';
export const def = loadDefinition(RULES);
export const DECLARE = 'dichiara la vittoria';

export const pileIndex = (name: string): number => {
  const index = def.piles.findIndex((p) => p.name === name);
  if (index < 0) throw new Error(`no pile ${name}`);
  return index;
};

/** The cards (indices) of a shared pile, or of a player's pile when `seat` is given. */
export function cardsOf(state: GameState, name: string, seat?: number): number[] {
  const index = pileIndex(name);
  return state.piles[state.pileBase[index] + (seat ?? 0)];
}

export const cardName = (card: number): string => def.cards[card].name;
export const namesOf = (state: GameState, name: string, seat?: number): string[] => cardsOf(state, name, seat).map(cardName);

export const bb = def.tokens.indexOf('BigBrother');
export const tokensOf = (state: GameState, seat: number): number => state.players[seat].tokens[bb];

/** The faction card a player holds ("Fratellanza" or "IngSoc"). */
export const factionOf = (state: GameState, seat: number): string => cardName(cardsOf(state, 'Fazione', seat)[0]);

export function start(players: number, seed: number): GameState {
  const started = startGame(def, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

/** A small deterministic generator for the test's own bots. */
export function botRandom(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}

/** A random legal move that declares victory with probability `declare` when it may. */
export function rareDeclarer(state: GameState, random: () => number, declare = 0.003): LegalMove {
  const moves = legalMoves(state).filter((m) => m.kind !== 'unpick');
  const calls = moves.filter((m) => m.choice === DECLARE);
  const others = moves.filter((m) => m.choice !== DECLARE);
  if (calls.length && (others.length === 0 || random() < declare)) return calls[0];
  return others[Math.floor(random() * others.length)];
}

/** Plays `state` on with moves from `pick` until the game ends or `limit` decisions; `after` runs after each. */
export function playOn(state: GameState, pick: (s: GameState) => LegalMove, limit = 20000, after?: (s: GameState) => void): number {
  let moves = 0;
  while (!state.outcome && moves < limit) {
    applyMoveInPlace(def, state, pick(state));
    moves++;
    after?.(state);
  }
  return moves;
}
