/**
 * `regola simulate FILE --variant A --compare B`: both variants on the same seeds, each win rate with
 * its 95% interval and B − A with its interval (the studio's statistics, one copy in
 * interpreter/simulation/compare.ts), in text and JSON, with bots and with workers; mistyped names refused.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, simulate } from '../../interpreter/index.ts';
import { compareReports, rateDifference, type Comparison } from '../../interpreter/simulation/compare.ts';
import { rateDifference as studioDifference } from '../../studio/src/simulation/stats.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const mortadella = join(root, 'rules', 'mortadella.rules');
const definition = compileRules(readFileSync(mortadella, 'utf8')).definition!;

function regola(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 300_000, env: { ...process.env, REGOLA_SOURCES: '1' } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('regola simulate --compare', () => {
  it('plays both variants on the same seeds and gives B − A with its interval for every seat and role (JSON)', () => {
    const { code, out } = regola(['simulate', mortadella, '--games', '80', '--players', '4', '--compare', 'base', '--workers', '1', '--json']);
    expect(code).toBe(0);
    const comparison = JSON.parse(out) as Comparison;
    // Each side is exactly the plain report of its variant on the same seeds.
    const a = simulate(definition, { games: 80, players: 4, seed: 1, variant: null });
    const b = simulate(definition, { games: 80, players: 4, seed: 1, variant: 'base' });
    expect(comparison.a).toEqual(a);
    expect(comparison.b).toEqual(b);
    expect(comparison).toEqual(JSON.parse(JSON.stringify(compareReports(a, b))));
    const seats = comparison.rows.filter((r) => r.group === 'seat');
    expect(seats.map((r) => r.label)).toEqual(['P1', 'P2', 'P3', 'P4']);
    for (const row of seats) {
      const wa = a.winsBySeat.find((s) => s.seat === row.label)!.wins;
      const wb = b.winsBySeat.find((s) => s.seat === row.label)!.wins;
      expect(row.a).toMatchObject({ wins: wa, games: 80 });
      expect(row.difference).toEqual(rateDifference(wb, 80, wa, 80));
    }
    // Without the extra rules the Principe dei Tortellini wins far more often: beyond chance even at 80 games.
    const principe = comparison.rows.find((r) => r.group === 'role' && r.label === 'Principe dei Tortellini')!;
    expect(principe.difference!.low).toBeGreaterThan(0);
    expect(principe.significant).toBe(true);
    expect(comparison.rows.some((r) => r.group === 'first player')).toBe(true);
  });

  it('prints the two rates, the difference and a star where it is beyond chance (text); the same for any number of workers', () => {
    const one = regola(['simulate', mortadella, '--games', '60', '--players', '4', '--variant', 'base', '--compare', 'default', '--workers', '1']);
    expect(one.code).toBe(0);
    expect(one.out).toContain('A = base, B = default; 60 games of each on the same seeds');
    expect(one.out).toMatch(/Principe dei Tortellini\s+\d+\.\d% \(\d+\.\d%–\d+\.\d%\)\s+\d+\.\d% \(.*\)\s+−\d+\.\d pts \(−\d+\.\d to −\d+\.\d\) ★/);
    expect(one.out).toMatch(/ {2}P1\s+\d+\.\d% .* [+−]\d+\.\d pts \([+−]\d+\.\d to [+−]\d+\.\d\)/);
    const two = regola(['simulate', mortadella, '--games', '60', '--players', '4', '--variant', 'base', '--compare', 'default', '--workers', '2']);
    expect(two.code).toBe(0);
    const body = (text: string) => text.replace(/\(\d+\.\d+ s\)\s*$/, '');
    expect(body(two.out)).toBe(body(one.out));
  });

  it('works with search bots at the seats', () => {
    const { code, out } = regola(['simulate', mortadella, '--games', '2', '--players', '3', '--compare', 'base', '--bots', 'mcts:3,random,random', '--workers', '1', '--json']);
    expect(code).toBe(0);
    const comparison = JSON.parse(out) as Comparison;
    expect(comparison.a.bots).toEqual(['mcts:3', 'random', 'random']);
    expect(comparison.b.bots).toEqual(['mcts:3', 'random', 'random']);
    expect(comparison.b.variant).toBe('base');
  });

  it('refuses a mistyped variant with the names it knows, and a comparison of a variant with itself', () => {
    const typo = regola(['simulate', mortadella, '--games', '5', '--compare', 'bsae']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("there is no variant 'bsae'; the variants are 'base'");
    const typoA = regola(['simulate', mortadella, '--games', '5', '--variant', 'bsae', '--compare', 'base']);
    expect(typoA.code).toBe(2);
    expect(typoA.err).toContain("there is no variant 'bsae'");
    const same = regola(['simulate', mortadella, '--games', '5', '--variant', 'base', '--compare', 'base']);
    expect(same.code).toBe(2);
    expect(same.err).toContain("--compare needs a variant other than the one simulated ('base')");
  });
});

describe('compareReports', () => {
  it('is the studio’s statistics: one copy of the difference of two rates', () => {
    expect(studioDifference).toBe(rateDifference);
  });

  it('never stars a difference when most games of a side were stopped', () => {
    const percorsi = compileRules(readFileSync(join(root, 'rules', 'percorsi.rules'), 'utf8')).definition!;
    const a = simulate(percorsi, { games: 6, players: 2, seed: 1, maxRounds: 3 });
    const b = simulate(percorsi, { games: 6, players: 2, seed: 1, maxRounds: 3, variant: 'Tasselli a scacchi' });
    const comparison = compareReports(a, b);
    expect(comparison.unreliable).toBe(true);
    expect(comparison.rows.every((r) => !r.significant)).toBe(true);
  });
});
