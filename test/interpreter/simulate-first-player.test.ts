/**
 * `simulate` reports the first player's win rate (issue 11: "`simulate` reports the first
 * player's win rate with its interval"): the player who played the first turn, whoever the
 * setup chose, counted here again from each game's log.
 */
import { describe, expect, it } from 'vitest';
import { compileRules, randomPlayout, simulate, type GameDefinition } from '../../interpreter/index.ts';
import { wilsonInterval } from '../../interpreter/simulation/simulate.ts';
import { wilson } from '../../studio/src/simulation/stats.ts';

/**
 * The highest die plays first; then each player in turn rolls and wins on a 5 or a 6. The first
 * player wins with probability (1/3) / (1 − (2/3)³) = 9/19 ≈ 0.474 at three players.
 */
const primo = `game "Primo" { players 2 to 4 }
die D6 faces 1 to 6
dice Dado: 1 D6
setup { first player by rolling Dado highest sum(values(Dado)) }
turns {
  roll Dado
  if sum(values(Dado)) >= 5 { win current }
}
`;

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

describe('simulate: the first player', () => {
  const definition = compiled(primo);
  const games = 600;
  const seed = 11;
  const report = simulate(definition, { games, players: 3, seed });

  it('counts the wins of whoever played the first turn, as the games\' logs tell it', () => {
    let wins = 0;
    let played = 0;
    const firstSeats = new Set<number>();
    for (let game = 0; game < games; game++) {
      // The same games as simulate plays (each game's seed from the run's), with the log kept.
      const { state, outcome } = randomPlayout(definition, { players: 3, seed: (seed + game * 7919) >>> 0, maxRounds: 200 });
      const firstTurn = state.log.find((entry) => entry.kind === 'turn');
      if (!firstTurn) continue;
      played++;
      firstSeats.add(firstTurn.player!);
      if (outcome.winners.includes(firstTurn.player!)) wins++;
    }
    // The dice chose every seat at some point: the first player is not just P1.
    expect(firstSeats).toEqual(new Set([0, 1, 2]));
    expect(report.firstPlayer).toEqual({ wins, games: played, ...wilson(wins, played) });
    expect(report.firstPlayer.games).toBe(games);
    expect(report.firstPlayer.low).toBeLessThan(9 / 19);
    expect(report.firstPlayer.high).toBeGreaterThan(9 / 19);
    // More than a third: moving first is an advantage in this game.
    expect(report.firstPlayer.low).toBeGreaterThan(1 / 3);
  });

  it('a game that ends in its setup has no first player and is not counted', () => {
    const over = compiled(`game "Subito" { players 2 }
setup { end game "finita prima di cominciare" }
turns { log "mai" }
`);
    expect(simulate(over, { games: 5, players: 2, seed: 1 }).firstPlayer).toEqual({ wins: 0, games: 0, rate: 0, low: 0, high: 1 });
  });

  it('the interval is the studio\'s (Wilson) on known values', () => {
    for (const [wins, of] of [[0, 10], [10, 10], [3, 10], [193, 400], [0, 0]]) expect(wilsonInterval(wins, of)).toEqual(wilson(wins, of));
    // 50 of 100: 0.5 ± 0.0963 (Wilson, z = 1.96).
    const half = wilsonInterval(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
  });
});
