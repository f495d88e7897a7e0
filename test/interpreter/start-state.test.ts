/**
 * startState (batch-api.ts) keeps the starts it built: one for every seed when the setup draws
 * nothing by lot, else one per seed, kept from the second time that seed is asked for. Whichever
 * way, each start is the state startGame builds, byte for byte, and the caller's own.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayout, startGame, startState, stateHash, type GameState } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

describe('startState', () => {
  it('gives a start drawn by lot as startGame builds it, each time its seed is asked for, and a copy of its own', () => {
    const definition = loadDefinition('examples/primiera.rules');
    const starts: GameState[] = [];
    for (let ask = 0; ask < 3; ask++) {
      for (const seed of [5, 6]) {
        const fresh = startGame(definition, { players: 2, seed, quiet: true });
        const started = startState(definition, { players: 2, seed });
        if (!fresh.ok || !started.ok) throw new Error('no start');
        expect(JSON.stringify(started.state), `seed ${seed}, ask ${ask + 1}`).toBe(JSON.stringify(fresh.state));
        // The premise: the shuffle drew from the generator, so this start serves its own seed alone.
        expect(fresh.state.rng).not.toBe(seed ^ 0x9e3779b9);
        starts.push(started.state);
        // The caller's to change: the next start of this seed does not see it.
        started.state.piles[0].length = 0;
        started.state.moveCount = 99;
      }
    }
    expect(new Set(starts).size).toBe(starts.length);
  });
});

describe('startState and the occupancy index', () => {
  // Each copy of a kept start takes the start's index (occupancy.ts) instead of scanning its pieces:
  // games played one after another on copies play as the stepper plays them, with captures too.
  for (const file of ['examples/connect-four.rules', 'examples/breakthrough.rules']) {
    it(`plays ${file} on copies of its start as the stepper does, game after game`, () => {
      const definition = loadDefinition(file);
      const hashes = (engine: 'generated' | 'stepper') => {
        const played: string[] = [];
        for (let seed = 1; seed <= 60; seed++) played.push(stateHash(randomPlayout(definition, { players: 2, seed, keepMoves: false, engine }).state));
        return played;
      };
      expect(hashes('generated')).toEqual(hashes('stepper'));
    });
  }
});
