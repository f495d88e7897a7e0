/**
 * Property tests over seeded random playouts of rules/risiko.rules with 3 to 6 players: once the
 * setup is over every territory is held by exactly one player still in the game, with at least
 * one army; cards are conserved; an eliminated player holds nothing; and every game ends with
 * a winner, or is stopped at the simulation's round limit, never with an error.
 */
import { describe, expect, it } from 'vitest';
import { applyMoveInPlace, legalMoves, Match, randomMove, randomPlayout, startGame, stateHash, type GameState } from '../../interpreter/index.ts';
import { def } from './helpers.ts';

const armata = def.tokens.indexOf('Armata');
const owner = def.zoneVars.findIndex((v) => v.name === 'owner');
const cardsOf = (set: string) => def.cards.flatMap((c, i) => (c.set === set ? [i] : []));
const territoryCards = cardsOf('Territori');
const objectiveCards = cardsOf('Obiettivi');
const hands = (state: GameState, pile: string) => {
  const index = def.piles.findIndex((p) => p.name === pile);
  return Array.from({ length: state.seats }, (_, seat) => state.piles[state.pileBase[index] + seat]);
};
const endings = new Set(['ha raggiunto il proprio obiettivo segreto', 'il punteggio più alto allo scadere del tempo', 'last player standing']);

/** The first broken invariant, or null. */
function broken(state: GameState): string | null {
  const all = state.piles.flat();
  for (const [name, cards] of [['territory', territoryCards], ['objective', objectiveCards]] as const) {
    const found = all.filter((card) => cards.includes(card));
    if (found.length !== cards.length || new Set(found).size !== cards.length) return `${name} cards not conserved: ${found.length} of ${cards.length}`;
  }
  if (state.turn === 0) return null;
  for (let z = 0; z < state.zones.length; z++) {
    const zone = state.zones[z];
    const held = zone.vars[owner];
    if (typeof held !== 'number' || !state.players[held]?.active) return `${def.zones[z].name} is held by ${String(held)}, not by a player in the game`;
    if (zone.tokens[armata] < 1) return `${def.zones[z].name} has ${zone.tokens[armata]} armies`;
  }
  const cards = hands(state, 'Carte');
  for (let seat = 0; seat < state.seats; seat++) {
    if (!state.players[seat].active && cards[seat].length > 0) return `P${seat + 1} is out but holds cards`;
  }
  return null;
}

function checkEnding(state: GameState, maxRounds: number): void {
  expect(state.error).toBeNull();
  const outcome = state.outcome!;
  if (outcome.kind === 'aborted') {
    expect(outcome.reason).toBe(`stopped by the simulation after ${maxRounds} rounds`);
    return;
  }
  expect(outcome.kind).toBe('win');
  expect(outcome.winners).toHaveLength(1);
  expect(state.players[outcome.winners[0]].active).toBe(true);
  expect(endings.has(outcome.reason) || outcome.reason.startsWith('last player'), outcome.reason).toBe(true);
}

describe('random playouts of Risiko!', () => {
  it('over 400 games with the time limit (3 to 6 players): every game is scored or won, the invariants hold at the end', () => {
    const limits = new Set<number>();
    for (let seed = 1; seed <= 400; seed++) {
      const { state } = randomPlayout(def, { players: 3 + (seed % 4), seed, keepMoves: false, maxRounds: 200 });
      expect(broken(state), `seed ${seed}`).toBeNull();
      checkEnding(state, 200);
      // The hidden limit is 8 to 12 rounds: no game goes beyond the first turn of the round after it.
      const limit = state.globals[def.globals.findIndex((g) => g.name === 'fineGiri')] as number;
      expect(limit).toBeGreaterThanOrEqual(8);
      expect(limit).toBeLessThanOrEqual(12);
      expect(state.round, `seed ${seed}`).toBeLessThanOrEqual(limit + 1);
      limits.add(limit);
    }
    expect([...limits].sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12]);
  });

  it('over 60 games checked after every decision, the invariants always hold', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const started = startGame(def, { players: 3 + (seed % 4), seed: seed + 9000, variant: seed % 3 === 0 ? 'Senza limite di tempo' : null });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const state = started.state;
      const random = { state: (seed * 2654435761) >>> 0 || 1 };
      let moves = 0;
      while (!state.outcome && state.round <= 40) {
        applyMoveInPlace(def, state, randomMove(legalMoves(state), random));
        moves++;
        const problem = broken(state);
        if (problem) throw new Error(`seed ${seed + 9000}, move ${moves}: ${problem}`);
      }
      expect(state.error).toBeNull();
    }
  });

  it('without a time limit, games end by an objective or the last player standing, or stop at the simulation\'s round limit', () => {
    const ends = new Map<string, number>();
    for (let seed = 1; seed <= 30; seed++) {
      const { state, outcome } = randomPlayout(def, { players: 3, seed, variant: 'Senza limite di tempo', keepMoves: false, maxRounds: 60 });
      expect(broken(state), `seed ${seed}`).toBeNull();
      checkEnding(state, 60);
      ends.set(outcome.reason, (ends.get(outcome.reason) ?? 0) + 1);
    }
    expect(ends.get('il punteggio più alto allo scadere del tempo')).toBeUndefined();
  });

  it('the same seed and moves give the same game, byte for byte', () => {
    for (const seed of [3, 4, 5]) {
      const a = randomPlayout(def, { players: 4, seed, keepMoves: false, maxRounds: 200 });
      const b = randomPlayout(def, { players: 4, seed, keepMoves: false, maxRounds: 200 });
      expect(stateHash(b.state)).toBe(stateHash(a.state));
      expect(JSON.stringify(b.state.log)).toBe(JSON.stringify(a.state.log));
    }
  });

  it('the XState actor (Match API) replays games to the same log and state hash as the lean stepper, and batch mode plays the same games', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const players = 3 + (seed % 4);
      const game = randomPlayout(def, { players, seed, keepMoves: true, maxRounds: 200 });
      const quiet = randomPlayout(def, { players, seed, keepMoves: false, maxRounds: 200 });
      expect(quiet.outcome).toEqual(game.outcome);
      expect(quiet.state.zones).toEqual(game.state.zones);
      const started = Match.start(def, { players, seed });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      for (const move of game.moves) {
        const result = match.apply(move);
        if (!result.ok) throw new Error(`seed ${seed}: ${result.diagnostic.message}`);
      }
      expect(match.machineState).toBe('game over');
      expect(match.hash(), `seed ${seed}`).toBe(stateHash(game.state));
      expect(match.state.log.map((e) => e.text)).toEqual(game.state.log.map((e) => e.text));
      match.stop();
    }
  });
});
