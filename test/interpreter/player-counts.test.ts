import { describe, expect, it } from 'vitest';
import { compileRules, fitPlayerCount, playerCounts, startGame } from '../../interpreter/index.ts';

const definition = compileRules('game "Pari" { players 4, 6, 8 }\nturns { end game "fine" }').definition!;

describe('players 4, 6, 8', () => {
  it('allows exactly the listed counts', () => {
    expect(playerCounts(definition)).toEqual([4, 6, 8]);
    expect(startGame(definition, { players: 6 }).ok).toBe(true);
    const refused = startGame(definition, { players: 5 });
    expect(refused).toMatchObject({ ok: false, diagnostic: { code: 'setup/players-out-of-range', message: 'Pari is for 4, 6, 8 players, not 5' } });
  });

  it('fits a wanted count to the nearest allowed one', () => {
    expect(fitPlayerCount(definition, 5)).toBe(6);
    expect(fitPlayerCount(definition, 2)).toBe(4);
    expect(fitPlayerCount(definition, 9)).toBe(8);
  });
});
