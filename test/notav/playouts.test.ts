/**
 * Property tests over seeded random playouts of rules/notav.rules with 4, 6 and 8 players:
 * pawns, markers and cards are conserved, no count goes negative, hands respect their limits,
 * closed sites stay empty, and every game ends with a team's victory or at the stated turn limit
 * (I-49), never with an error.
 */
import { describe, expect, it } from 'vitest';
import { applyMoveInPlace, legalMoves, randomMove, randomPlayout, startGame, type GameState } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

const definition = loadDefinition('notav.rules');
const totalCards = definition.cards.length;
const playersOf = (seed: number) => [4, 6, 8][seed % 3];
const handSlots = (state: GameState) => {
  const index = definition.piles.findIndex((p) => p.name === 'Mano');
  return Array.from({ length: state.seats }, (_, seat) => state.pileBase[index] + seat);
};
const padrone = definition.zoneVars.findIndex((v) => v.name === 'padrone');
const markers = ['SegnalinoNoTav', 'SegnalinoPoliziotti'].map((name) => definition.tokens.indexOf(name));
const pawns = ['PedinaNoTav', 'PedinaPoliziotto', 'PedinaSindaco', 'PedinaQuestore'].map((name) => definition.tokens.indexOf(name));

/** The first broken invariant, or null. */
function broken(state: GameState): string | null {
  for (let t = 0; t < definition.tokens.length; t++) {
    const name = definition.tokens[t];
    if (state.reserve[t]! < 0) return `negative reserve of ${name}`;
    let total = state.reserve[t]!;
    for (const player of state.players) {
      if (player.tokens[t] !== 0) return `a player holds ${name}: pawns belong on the sites`;
    }
    for (const zone of state.zones) {
      if (zone.tokens[t] < 0) return `negative ${name} on a site`;
      total += zone.tokens[t];
    }
    if (total !== definition.tokenReserve[t]) return `${name} not conserved: ${total} instead of ${definition.tokenReserve[t]}`;
  }
  const cards = state.piles.flat();
  if (cards.length !== totalCards) return `${cards.length} cards instead of ${totalCards}`;
  if (new Set(cards).size !== totalCards) return 'a card lies in two piles';
  for (const slot of handSlots(state)) {
    if (state.piles[slot].length > 6) return 'a hand holds more than 6 cards';
    // Between the supply round and the end of the turn a hand holds at most 3 cards (I-10).
    if (state.phase === 'Carte azione' && state.piles[slot].length > 3) return 'a hand holds more than 3 cards during the draws';
  }
  state.zones.forEach((zone, z) => {
    const owner = zone.vars[padrone];
    const marked = markers.map((m) => zone.tokens[m]);
    if (owner === null && (marked[0] || marked[1])) throw new Error(`${definition.zones[z].name} has a marker but no owner`);
    if (owner !== null) {
      if (marked[owner as number] !== 1 || marked[1 - (owner as number)] !== 0) throw new Error(`${definition.zones[z].name}: the marker is not its owner's`);
      // A closed site never holds pawns again (I-36).
      if (pawns.some((p) => zone.tokens[p] !== 0)) throw new Error(`closed site ${definition.zones[z].name} holds pawns`);
    }
  });
  return null;
}

function checkEnding(state: GameState): void {
  expect(state.error).toBeNull();
  const outcome = state.outcome!;
  if (outcome.kind === 'aborted') {
    expect(outcome.reason).toBe('the turn limit of 300 was reached');
    expect(state.turn).toBe(300);
    return;
  }
  expect(outcome.kind).toBe('win');
  const team = state.players[outcome.winners[0]].team!;
  // Every member of the team, and only they, win; the team has markers on at least 3 sites.
  expect(outcome.winners).toEqual(state.players.flatMap((p, seat) => (p.team === team ? [seat] : [])));
  expect(state.zones.filter((z) => z.vars[padrone] === team).length).toBeGreaterThanOrEqual(3);
  expect(state.zones.filter((z) => z.vars[padrone] === 1 - team).length).toBeLessThan(3);
}

describe('random playouts of No Tav vs Poliziotti', () => {
  it('over 1000 games (4, 6 and 8 players): conservation, no negative count, a winner or the turn limit, no error', () => {
    const endings = { win: 0, limit: 0 };
    for (let seed = 1; seed <= 1000; seed++) {
      const { state } = randomPlayout(definition, { players: playersOf(seed), seed, keepMoves: false });
      expect(broken(state), `seed ${seed}`).toBeNull();
      checkEnding(state);
      if (state.outcome!.kind === 'win') endings.win++; else endings.limit++;
    }
    // Random play conquers sites: games end with a winner far more often than at the limit.
    expect(endings.win).toBeGreaterThan(endings.limit * 10);
  });

  it('over 150 games checked after every decision, the invariants always hold', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const players = playersOf(seed);
      const started = startGame(definition, { players, seed: seed + 5000 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const state = started.state;
      const random = { state: (seed * 2654435761) >>> 0 || 1 };
      let moves = 0;
      expect(broken(state)).toBeNull();
      while (!state.outcome) {
        applyMoveInPlace(definition, state, randomMove(legalMoves(state), random));
        moves++;
        const problem = broken(state);
        if (problem) throw new Error(`seed ${seed + 5000}, move ${moves}: ${problem}`);
      }
      checkEnding(state);
    }
  });
});
