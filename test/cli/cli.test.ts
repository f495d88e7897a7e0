/** The regola command, run as a user runs it: a child process, its output and its exit code. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const mortadella = join(root, 'rules', 'mortadella.rules');
const scratch = mkdtempSync(join(tmpdir(), 'regola-cli-'));

function regola(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('regola check', () => {
  it('is clean on mortadella.rules and exits 0', () => {
    const { code, out } = regola(['check', mortadella]);
    expect(out).toContain('no errors');
    expect(code).toBe(0);
  });

  it('reports every mistake of a broken copy with file:line:col, code and message, and exits 1', () => {
    const text = readFileSync(mortadella, 'utf8')
      .replace('Mortadella >= 5', 'Mortadela >= 5')          // an unknown name
      .replace('do Vittoria(current)\n    if seats == 2', 'do Vitoria(current)\n    if seats == 2') // an unknown rule
      .replace('mark risolto on d', 'mark risolt on d')       // an unknown mark
      .replace('rule SetteVizi(p)', 'rule SetteVizi(p');      // a syntax error
    const broken = join(scratch, 'broken.rules');
    writeFileSync(broken, text);
    const { code, out } = regola(['check', broken]);
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    const diagnostics = lines.filter((l) => l.startsWith(broken));
    expect(diagnostics.some((l) => /:\d+:\d+: error name\/unknown: 'Mortadela' is not declared \(did you mean 'Mortadella'\?\)/.test(l))).toBe(true);
    expect(diagnostics.some((l) => /error name\/unknown: there is no rule 'Vitoria' \(did you mean 'Vittoria'\?\)/.test(l))).toBe(true);
    expect(diagnostics.some((l) => /error name\/unknown-mark: there is no mark 'risolt'/.test(l))).toBe(true);
    expect(diagnostics.some((l) => /error syntax\//.test(l))).toBe(true);
    const position = /^.*?:(\d+):(\d+): /.exec(diagnostics.find((l) => l.includes('Mortadela'))!)!;
    const line = text.split('\n')[Number(position[1]) - 1];
    expect(line.slice(Number(position[2]) - 1)).toMatch(/^Mortadela/);
  });

  it('says so plainly when the file does not exist (exit 2)', () => {
    const { code, err } = regola(['check', join(scratch, 'missing.rules')]);
    expect(code).toBe(2);
    expect(err).toContain('cannot read');
  });
});

describe('regola play', () => {
  it('plays a whole game from piped input, saves it, and replay reproduces it', () => {
    const save = join(scratch, 'game.json');
    const { code, out } = regola(['play', mortadella, '--players', '3', '--seed', '5', '--save', save], '1\n'.repeat(3000));
    expect(code).toBe(0);
    expect(out).toMatch(/game over: P\d wins/);
    expect(out).toContain('as P1 sees it');
    const saved = JSON.parse(readFileSync(save, 'utf8'));
    expect(saved.format).toBe('regola-save/1');
    const replay = regola(['replay', mortadella, save]);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain(`${saved.moves.length} moves replayed`);
    expect(replay.out).toContain('matches the save');
  });

  it('undo takes back the last choice; a bad entry is explained, not fatal', () => {
    const { code, out } = regola(['play', mortadella, '--players', '4', '--seed', '2'], 'banana\n2\nundo\nlog\nquit\n');
    expect(code).toBe(0);
    expect(out).toContain("'banana' is not one of the");
    expect(out).toContain('undo done');
    expect(out).toContain('stopped after 0 moves');
  });

  it('a replay against changed rules says where it stops', () => {
    const save = join(scratch, 'game2.json');
    regola(['play', mortadella, '--players', '3', '--seed', '9', '--save', save], '1\n'.repeat(3000));
    const saved = JSON.parse(readFileSync(save, 'utf8'));
    saved.moves[3].choice = 'not a move';
    writeFileSync(save, JSON.stringify(saved));
    const { code, out } = regola(['replay', mortadella, save]);
    expect(code).toBe(1);
    expect(out).toContain('replay stopped: move 4:');
  });
});

describe('regola simulate', () => {
  it('reports wins by seat and role, aborted games and lengths; the same seed gives the same report', () => {
    const args = ['simulate', mortadella, '--games', '200', '--players', '4', '--seed', '3', '--json'];
    const first = JSON.parse(execFileSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' }));
    const second = JSON.parse(execFileSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' }));
    expect(first).toEqual(second);
    expect(first.games).toBe(200);
    expect(first.winsBySeat).toHaveLength(4);
    const wins = first.winsBySeat.reduce((total: number, s: { wins: number }) => total + s.wins, 0);
    expect(wins + first.draws + first.aborted).toBe(200);
    expect(first.winsByRole.map((r: { role: string }) => r.role)).toContain('Maestro dei Locandieri');
    expect(first.length.meanTurns).toBeGreaterThan(1);
    expect(first.length.maxTurns).toBeGreaterThanOrEqual(first.length.medianTurns);
  });

  it('prints a readable report without --json', () => {
    const { code, out } = regola(['simulate', mortadella, '--games', '50', '--players', '5']);
    expect(code).toBe(0);
    expect(out).toContain('wins by seat:');
    expect(out).toContain('wins by role');
    expect(out).toMatch(/game length in turns: mean [\d.]+, median [\d.]+, max \d+/);
    expect(out).toMatch(/game length in rounds: mean [\d.]+, median [\d.]+, max \d+/);
    expect(out).toMatch(/^Il Trono di Mortadella: 50 games, 5 players, seed 1, at most 200 rounds$/m);
  });

  it('refuses a player count outside the game and a missing --games', () => {
    expect(regola(['simulate', mortadella, '--games', '5', '--players', '9']).err).toContain('2 to 7 players');
    expect(regola(['simulate', mortadella]).err).toContain('--games is required');
  });
});
