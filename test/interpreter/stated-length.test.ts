/**
 * A game's rules can state how long a game may honestly last (`length up to N rounds|turns|COUNTER`):
 * simulations bound the games by it instead of their own round limit, and warn loudly when more
 * than 1% of games hit a limit the rules did not state (the CLI and the studio's Simulate tab).
 */
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';
import { compileRules, simulate, type GameDefinition } from '../../interpreter/index.ts';
import { limitWarning } from '../../interpreter/simulation/simulate.ts';
import { renderReport } from '../../cli/render.ts';
import { SimulationRun } from '../../studio/src/simulation/runner.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

/** A long, honest game: it always ends after 300 rounds (a hand a round), won by the one who chose more "sì". */
const long = (length: string) => compile(`game "Lunga" {
  players 2
  ${length}
}
tokens Sì reserve 1000
var mani = 0
turns {
  choose by current { option "sì" { gain 1 Sì } option "no" { log "no" } }
  set mani = mani + 1
  if mani >= 600 {
    if left(current).Sì > current.Sì { win left(current) "più sì" } else { win current "più sì" }
  }
}
`);

describe('length up to …', () => {
  it('without it, a long honest game is cut by the simulation\'s 200 rounds, and the report says so loudly', () => {
    const report = simulate(long(''), { games: 20, players: 2, seed: 1 });
    expect(report.roundLimit).toBe(200);
    expect(report.stoppedAtRoundLimit).toBe(20);
    expect(report.limitWarning).toMatch(/^100\.0% of the games \(20 of 20\) were stopped by the simulation's limit of 200 rounds, which the rules do not state/);
    expect(renderReport(report)).toContain(`WARNING: ${report.limitWarning}`);
  });

  it('stated in rounds, it replaces the round limit: the long games end as the rules say, with no warning', () => {
    const report = simulate(long('length up to 400 rounds'), { games: 20, players: 2, seed: 1 });
    expect(report.roundLimit).toBeNull();
    expect(report.statedLength).toBe('400 rounds');
    expect(report.decided).toBe(20);
    expect(report.limitWarning).toBeNull();
    expect(renderReport(report)).toContain('length up to 400 rounds (the rules\')');
    expect(renderReport(report)).not.toContain('WARNING');
  });

  it('stated by a counter of the rules (hands), a game past it is stopped with its own reason, not as an unstated limit', () => {
    const report = simulate(long('length up to 100 mani'), { games: 10, players: 2, seed: 1 });
    expect(report.stoppedAtStatedLength).toBe(10);
    expect(report.stoppedAtRoundLimit).toBe(0);
    expect(report.abortReasons).toEqual([{ reason: 'longer than the length the rules state (100 mani)', games: 10 }]);
    expect(report.limitWarning).toBeNull();
  });

  it('an explicit --max-rounds still applies beside a stated length', () => {
    const report = simulate(long('length up to 400 rounds'), { games: 5, players: 2, seed: 1, maxRounds: 50 });
    expect(report.roundLimit).toBe(50);
    expect(report.stoppedAtRoundLimit).toBe(5);
    expect(report.limitWarning).toMatch(/limit of 50 rounds/);
  });

  it('warns only above 1% of the games', () => {
    expect(limitWarning(2, 200, 200)).toBeNull();
    expect(limitWarning(3, 200, 200)).toMatch(/^1\.5% of the games \(3 of 200\)/);
    expect(limitWarning(50, 100, null)).toBeNull();
  });

  it('the studio\'s Simulate tab gets the same warning and limits', () => {
    const run = new SimulationRun(long(''), { games: 10, players: 2, seed: 1, variants: [null] });
    run.step(10);
    const [summary] = run.summaries();
    expect(summary.limitWarning).toBe(limitWarning(10, 10, 200));
    const stated = new SimulationRun(long('length up to 400 rounds'), { games: 5, players: 2, seed: 1, variants: [null] });
    stated.step(5);
    expect(stated.summaries()[0]).toMatchObject({ roundLimit: null, statedLength: '400 rounds', limitWarning: null });
  });

  it('mistakes get positioned diagnostics', () => {
    const messages = (length: string) => {
      const text = `game "G" {\n  players 2\n  ${length}\n}\nvar conta = 0\nvar nome = "x"\nturns { end game }\n`;
      const lines = new LineIndex(text);
      return analyze(text).diagnostics.map((d) => `${lines.position(d.range.start).line}:${d.code} ${d.message}`);
    };
    expect(messages('length up to 300 rounds')).toEqual([]);
    expect(messages('length up to 30 conta')).toEqual([]);
    expect(messages('length up to 30 round')).toEqual([expect.stringMatching(/^3:name\/unknown a game's length is counted in rounds, in turns, or by a number variable/)]);
    expect(messages('length up to 30 nome')).toEqual([expect.stringMatching(/^3:name\/unknown 'nome' must start as a number/)]);
    expect(messages('length upto to 30 rounds')[0]).toMatch(/^3:syntax\/expected-word expected 'up' here, not 'upto'/);
    expect(messages('length up to 0 rounds')).toEqual([expect.stringMatching(/^3:number\/invalid/)]);
  });
});
