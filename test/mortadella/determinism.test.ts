import { describe, expect, it } from 'vitest';
import { Match, randomPlayout, stateHash } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';
import { RULES } from './helpers.ts';

const definition = loadDefinition(RULES);

describe('same seed + same moves → same game', () => {
  it.each([
    [2, 7, null], [3, 11, null], [4, 42, null], [5, 5, null], [6, 99, null], [7, 123, null], [4, 8, 'base'],
  ] as const)('%i players, seed %i, variant %s: two random playouts give the same state hash', (players, seed, variant) => {
    const a = randomPlayout(definition, { players, seed, variant });
    const b = randomPlayout(definition, { players, seed, variant });
    expect(a.moves.length).toBeGreaterThan(0);
    expect(b.moves).toEqual(a.moves);
    expect(stateHash(b.state)).toBe(stateHash(a.state));
    expect(b.outcome).toEqual(a.outcome);
  });

  it('another seed gives another game', () => {
    const a = randomPlayout(definition, { players: 4, seed: 1 });
    const b = randomPlayout(definition, { players: 4, seed: 2 });
    expect(stateHash(b.state)).not.toBe(stateHash(a.state));
  });

  it('replaying the moves of a playout in a Match reaches the same state; a saved game restores to it', () => {
    const playout = randomPlayout(definition, { players: 4, seed: 42 });
    const started = Match.start(definition, { players: 4, seed: 42 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    for (const move of playout.moves) expect(match.apply(move).ok).toBe(true);
    expect(match.hash()).toBe(stateHash(playout.state));
    const restored = Match.restore(definition, match.save());
    expect(restored.ok && restored.hashMatches).toBe(true);
    match.stop();
    if (restored.ok) restored.match.stop();
  });
});
