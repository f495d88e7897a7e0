/** `regola simulate --max-rounds`, run as a user runs it: a child process, its output and its exit code. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const isole = join(root, 'rules', 'examples', 'isole.rules');
const scratch = mkdtempSync(join(tmpdir(), 'regola-rounds-'));

/** A game nobody ever wins: every turn is one choice, and either option ends it. */
const forever = join(scratch, 'attesa.rules');
writeFileSync(forever, `game "Attesa" {
  players 2 to 4
  turn limit 100000
}
turns clockwise {
  choose by current prompt "Che fai?" {
    option "aspetta" { log "aspetta" }
    option "passa" { end turn }
  }
}
`);

function regola(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('regola simulate --max-rounds', () => {
  it('stops games that never end, and shows them as aborted with the reason, apart from draws', () => {
    const { code, out } = regola(['simulate', forever, '--games', '6', '--players', '2', '--max-rounds', '50']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Attesa: 6 games, 2 players, seed 1, at most 50 rounds$/m);
    expect(out).toMatch(/^decided: 0 of 6 games \(0\.0%\)$/m);
    expect(out).toMatch(/^draws: 0$/m);
    expect(out).toMatch(/^aborted: 6 \(stopped by the simulation after 50 rounds: 6\)$/m);
    expect(out).toMatch(/^game length in rounds: mean 50\.0, median 50, max 50 \(the 6 stopped at the limit count as 50\)$/m);
  });

  it('stops them after 200 rounds when not told, and says so in the header', () => {
    const { code, out } = regola(['simulate', forever, '--games', '2', '--players', '3']);
    expect(code).toBe(0);
    expect(out).toContain('3 players, seed 1, at most 200 rounds');
    expect(out).toContain('aborted: 2 (stopped by the simulation after 200 rounds: 2)');
  });

  it('prints each rate of all games and of the decided games when some were aborted', () => {
    const { out } = regola(['simulate', isole, '--games', '200', '--players', '3', '--max-rounds', '12']);
    const header = out.split('\n').find((line) => line.startsWith('wins by seat:'))!;
    expect(header).toMatch(/wins\s+of all\s+of decided$/);
    const decided = Number(/^decided: (\d+) of 200 games/m.exec(out)![1]);
    expect(decided).toBeGreaterThan(0);
    expect(decided).toBeLessThan(200);
    const p1 = /^ {2}P1\s+(\d+)\s+([\d.]+)%\s+([\d.]+)%$/m.exec(out)!;
    expect(Number(p1[2])).toBeCloseTo((Number(p1[1]) / 200) * 100, 1);
    expect(Number(p1[3])).toBeCloseTo((Number(p1[1]) / decided) * 100, 1);
    // Every game decided: one column is enough.
    const plain = regola(['simulate', isole, '--games', '50', '--players', '3']).out;
    expect(plain).toMatch(/^wins by seat:\s+wins\s+of all$/m);
    expect(plain).not.toContain('of decided');
  });

  it('puts the limit, the decided games, their rates and the rounds in the JSON; the same seed gives the same report', () => {
    const args = (seed: number) => ['simulate', isole, '--games', '150', '--players', '3', '--seed', String(seed), '--max-rounds', '12', '--json'];
    const first = regola(args(4));
    const second = regola(args(4));
    expect(first.code).toBe(0);
    expect(first.out).toBe(second.out);
    const report = JSON.parse(first.out);
    expect(report.roundLimit).toBe(12);
    expect(report.stoppedAtRoundLimit).toBeGreaterThan(0);
    expect(report.abortReasons).toContainEqual({ reason: 'stopped by the simulation after 12 rounds', games: report.stoppedAtRoundLimit });
    expect(report.decided + report.draws + report.aborted).toBe(150);
    expect(report.winsBySeat[0]).toEqual({ seat: 'P1', wins: expect.any(Number), rate: expect.any(Number), decidedRate: report.winsBySeat[0].wins / report.decided });
    expect(report.length).toMatchObject({ maxRounds: 12, meanRounds: expect.any(Number), medianRounds: expect.any(Number), meanTurns: expect.any(Number) });
    const other = JSON.parse(regola(args(5)).out);
    expect(other.seed).toBe(5);
    expect(other.winsBySeat).not.toEqual(report.winsBySeat);
  });

  it.each([
    ['0', '--max-rounds must be at least 1, not 0'],
    ['abc', "--max-rounds must be a whole number, not 'abc'"],
    ['-3', "--max-rounds must be a whole number, not '-3'"],
    ['2.5', "--max-rounds must be a whole number, not '2.5'"],
  ])('refuses --max-rounds %s with a usage error (exit 2)', (value, message) => {
    const { code, out, err } = regola(['simulate', isole, '--games', '5', '--max-rounds', value]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(`regola: ${message}`);
    expect(err).toContain('regola simulate FILE --games N [--players N] [--seed S] [--variant V] [--max-rounds R] [--bots B,…] [--workers W] [--json]');
  });

  it('refuses --max-rounds without a value, and --games 0', () => {
    const missing = regola(['simulate', isole, '--games', '5', '--max-rounds']);
    expect([missing.code, missing.err.split('\n')[0]]).toEqual([2, 'regola: --max-rounds needs a value']);
    const none = regola(['simulate', isole, '--games', '0']);
    expect([none.code, none.err.split('\n')[0]]).toEqual([2, 'regola: --games must be at least 1, not 0']);
  });

  it('names the variants there are when asked for one there is not', () => {
    const { code, err } = regola(['simulate', join(root, 'rules', 'mortadella.rules'), '--games', '1', '--variant', 'lunga']);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe("regola: there is no variant 'lunga'; the variants are 'base'");
    expect(regola(['simulate', forever, '--games', '1', '--variant', 'lunga']).err.split('\n')[0]).toBe("regola: there is no variant 'lunga'");
  });
});
