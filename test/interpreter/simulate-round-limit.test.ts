/**
 * The simulation's round limit: a game random bots never finish is stopped after so many rounds and
 * counted as aborted, apart from draws and wins; the game's own turn limit still applies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, randomPlayout, simulate, type GameDefinition } from '../../interpreter/index.ts';
import { roundLimitReason } from '../../interpreter/bots/bots.ts';
import { defaultMaxRounds } from '../../interpreter/simulation/simulate.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

/** Nobody ever wins: every turn is one choice, and either option ends it. */
const waiting = (turnLimit: number) => compile(`
game "Attesa" {
  players 2 to 4
  turn limit ${turnLimit}
}
turns clockwise {
  choose by current prompt "Che fai?" {
    option "aspetta" { log "aspetta" }
    option "passa" { end turn }
  }
}
`);

const forever = waiting(100_000);
const isole = compile(readFileSync(new URL('../../rules/examples/isole.rules', import.meta.url), 'utf8'));
const mortadella = compile(readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8'));

describe('simulate: the round limit', () => {
  it('stops a game that never ends after 200 rounds by default, as aborted with its reason', () => {
    expect(defaultMaxRounds).toBe(200);
    const report = simulate(forever, { games: 10, players: 3, seed: 1 });
    expect(report.roundLimit).toBe(200);
    expect(report.aborted).toBe(10);
    expect(report.stoppedAtRoundLimit).toBe(10);
    expect(report.abortReasons).toEqual([{ reason: 'stopped by the simulation after 200 rounds', games: 10 }]);
    expect(report.endReasons).toEqual(report.abortReasons);
    // Never a draw or a win.
    expect([report.draws, report.decided]).toEqual([0, 0]);
    expect(report.winsBySeat.map((s) => s.wins)).toEqual([0, 0, 0]);
    // A stopped game counts as lasting the limit; it was stopped at the first choice of round 201.
    expect(report.length).toMatchObject({ meanRounds: 200, medianRounds: 200, maxRounds: 200, maxTurns: 601 });
  });

  it('takes another limit, and says it in the reason', () => {
    const report = simulate(forever, { games: 5, players: 2, seed: 4, maxRounds: 7 });
    expect(report.abortReasons).toEqual([{ reason: 'stopped by the simulation after 7 rounds', games: 5 }]);
    expect(report.length.maxRounds).toBe(7);
    expect(report.length.maxTurns).toBe(15);
    expect(roundLimitReason(1)).toBe('stopped by the simulation after 1 round');
  });

  it("leaves the game's own turn limit in force, whichever comes first", () => {
    // 30 turns at 3 players are 10 rounds: the turn limit stops the games first.
    const byTurns = simulate(waiting(30), { games: 4, players: 3, seed: 1 });
    expect(byTurns.abortReasons).toEqual([{ reason: 'the turn limit of 30 was reached', games: 4 }]);
    expect(byTurns.stoppedAtRoundLimit).toBe(0);
    expect(byTurns.length).toMatchObject({ maxTurns: 30, maxRounds: 10 });
    const byRounds = simulate(waiting(30), { games: 4, players: 3, seed: 1, maxRounds: 5 });
    expect(byRounds.abortReasons).toEqual([{ reason: 'stopped by the simulation after 5 rounds', games: 4 }]);
  });

  it('counts the games someone won as decided, and gives rates over them beside the rates over all games', () => {
    // Isole ends after 15 rounds on points: a limit of 12 stops the games nobody won by conquest.
    const report = simulate(isole, { games: 300, players: 3, seed: 2, maxRounds: 12 });
    expect(report.stoppedAtRoundLimit).toBeGreaterThan(100);
    expect(report.decided).toBeGreaterThan(0);
    expect(report.aborted).toBe(report.stoppedAtRoundLimit);
    expect(report.decided + report.draws + report.aborted).toBe(300);
    const wins = report.winsBySeat.reduce((total, s) => total + s.wins, 0);
    expect(wins).toBe(report.decided); // one winner a game in Isole
    for (const seat of report.winsBySeat) {
      expect(seat.rate).toBeCloseTo(seat.wins / 300, 12);
      expect(seat.decidedRate).toBeCloseTo(seat.wins / report.decided, 12);
    }
    expect(report.length.maxRounds).toBe(12);
    expect(report.length.meanRounds).toBeLessThanOrEqual(12);
    expect(report.length.medianRounds).toBeLessThanOrEqual(12);
  });

  it('gives roles their rate over the decided games in which they were held', () => {
    const report = simulate(mortadella, { games: 200, players: 4, seed: 5, maxRounds: 15 });
    expect(report.stoppedAtRoundLimit).toBeGreaterThan(0);
    for (const role of report.winsByRole) {
      expect(role.decidedGames).toBeLessThan(role.games);
      expect(role.decidedRate).toBeCloseTo(role.wins / role.decidedGames, 12);
    }
  });

  it('does not change the reports of the games in rules/ (their turn limits come first)', () => {
    const limited = simulate(mortadella, { games: 300, players: 2, seed: 3 });
    const unlimited = simulate(mortadella, { games: 300, players: 2, seed: 3, maxRounds: Infinity });
    expect({ ...limited, roundLimit: 0 }).toEqual({ ...unlimited, roundLimit: 0 });
    expect(limited.stoppedAtRoundLimit).toBe(0);
  });

  it('gives the same report for the same seed, and another for another seed', () => {
    const options = { games: 200, players: 3, seed: 11, maxRounds: 12 };
    expect(simulate(isole, options)).toEqual(simulate(isole, options));
    expect(simulate(isole, { ...options, seed: 12 })).not.toEqual(simulate(isole, options));
  });
});

describe('randomPlayout: the round limit', () => {
  it('stops at the first choice of the round after the limit, logged as the end of the game', () => {
    const { state, outcome, stoppedAtRoundLimit } = randomPlayout(forever, { players: 2, seed: 3, maxRounds: 3 });
    expect(stoppedAtRoundLimit).toBe(true);
    expect(outcome).toEqual({ kind: 'aborted', winners: [], reason: 'stopped by the simulation after 3 rounds', cite: -1 });
    expect(state.round).toBe(4);
    expect(state.pending).toBeNull();
    expect(state.log.at(-1)?.text).toBe('the game is stopped: stopped by the simulation after 3 rounds');
  });

  it('plays the same game with and without the log', () => {
    const logged = randomPlayout(isole, { players: 3, seed: 8, maxRounds: 6 });
    const quiet = randomPlayout(isole, { players: 3, seed: 8, maxRounds: 6, keepMoves: false });
    expect(quiet.outcome).toEqual(logged.outcome);
    expect(quiet.stoppedAtRoundLimit).toBe(true);
    expect(quiet.state.moveCount).toBe(logged.state.moveCount);
    expect(quiet.state.zones).toEqual(logged.state.zones);
    expect(quiet.state.round).toBe(logged.state.round);
  });

  it('has no round limit unless asked: only the turn limit stops the game', () => {
    const { outcome, state, stoppedAtRoundLimit } = randomPlayout(waiting(1000), { players: 2, seed: 1, keepMoves: false });
    expect(stoppedAtRoundLimit).toBe(false);
    expect(outcome.reason).toBe('the turn limit of 1000 was reached');
    expect(state.round).toBe(500);
  });

  it('refuses a limit that is not a whole number of rounds', () => {
    for (const maxRounds of [0, -1, 2.5, Number.NaN]) {
      expect(() => randomPlayout(forever, { players: 2, seed: 1, maxRounds })).toThrow(/round limit must be a whole number of at least 1/);
    }
  });
});

describe("the studio's simulation runs", () => {
  it('stop games at the same round limit as regola simulate, and agree with it game by game', async () => {
    const { SimulationRun } = await import('../../studio/src/simulation/runner.ts');
    const run = new SimulationRun(isole, { games: 150, players: 3, seed: 6, variants: [null], maxRounds: 12 });
    run.step(150);
    const [summary] = run.summaries();
    const report = simulate(isole, { games: 150, players: 3, seed: 6, maxRounds: 12 });
    expect(summary.roundLimit).toBe(12);
    expect([summary.decided, summary.draws, summary.aborted]).toEqual([report.decided, report.draws, report.aborted]);
    expect(summary.abortReasons).toEqual(report.abortReasons);
    expect(summary.bySeat.map((s) => s.wins)).toEqual(report.winsBySeat.map((s) => s.wins));
    const never = new SimulationRun(forever, { games: 2, players: 2, seed: 1, variants: [null] });
    never.step(2);
    expect(never.summaries()[0]).toMatchObject({ roundLimit: 200, aborted: 2, abortReasons: [{ reason: 'stopped by the simulation after 200 rounds', games: 2 }] });
  });
});
