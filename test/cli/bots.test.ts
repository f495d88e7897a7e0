/** Bots at the table from the command line: `play --bots`, `simulate --bots`, `tournament`, and their mistakes told plainly. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBotSpec, parseSeatBots } from '../../interpreter/bots/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const tris = join(root, 'test', 'search', 'tris.rules');

function regola(args: string[], input = '') {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', timeout: 300_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('bot specs', () => {
  it('reads random, mcts, mcts:N iterations and mcts:Nms', () => {
    expect(parseBotSpec('random')).toEqual({ ok: true, value: { kind: 'random' } });
    expect(parseBotSpec('mcts')).toEqual({ ok: true, value: { kind: 'mcts', iterations: 200 } });
    expect(parseBotSpec('mcts:50')).toEqual({ ok: true, value: { kind: 'mcts', iterations: 50 } });
    expect(parseBotSpec('mcts:30ms')).toEqual({ ok: true, value: { kind: 'mcts', milliseconds: 30 } });
    expect(parseBotSpec('mcts:0')).toMatchObject({ ok: false });
    expect(parseBotSpec('greedy')).toMatchObject({ ok: false, message: expect.stringContaining("'greedy' is not a bot") });
  });

  it('gives a bot to every seat, one for all, or to the seats named', () => {
    expect(parseSeatBots('mcts:10,random,random', 3)).toEqual({ ok: true, value: [{ kind: 'mcts', iterations: 10 }, { kind: 'random' }, { kind: 'random' }] });
    expect(parseSeatBots('random', 3)).toEqual({ ok: true, value: [{ kind: 'random' }, { kind: 'random' }, { kind: 'random' }] });
    expect(parseSeatBots('P2=mcts:5,P3=random', 4)).toEqual({ ok: true, value: [null, { kind: 'mcts', iterations: 5 }, { kind: 'random' }, null] });
    expect(parseSeatBots('random,random', 3)).toMatchObject({ ok: false, message: '2 bots for 3 players: give one for every seat, or one for all' });
    expect(parseSeatBots('P5=mcts', 4)).toMatchObject({ ok: false, message: expect.stringContaining('only P1 to P4') });
    expect(parseSeatBots('P2=mcts,P2=random', 4)).toMatchObject({ ok: false, message: 'P2 is named twice' });
  });
});

describe('regola play --bots', () => {
  it('a person at P1 against the search bot at P2: the bot answers at once, and blocks the row P1 is about to make', () => {
    // P1 types 1 twice: the first free square each time (A1, then A2 unless the bot took it).
    const { code, out } = regola(['play', tris, '--bots', 'P2=mcts:300', '--seed', '1'], '1\n1\nquit\n');
    expect(code).toBe(0);
    expect(out).toContain('bots: P2 mcts:300');
    const p1 = [...out.matchAll(/P1: (\w\d) \(Dove\?\)/g)].map((m) => m[1]);
    const p2 = [...out.matchAll(/P2: (\w\d) \(Dove\?\)/g)].map((m) => m[1]);
    expect(p1[0]).toBe('A1');
    expect(p1).toHaveLength(2);
    expect(p2).toHaveLength(2);
    const lines = [['A1', 'A2', 'A3'], ['B1', 'B2', 'B3'], ['C1', 'C2', 'C3'], ['A1', 'B1', 'C1'], ['A2', 'B2', 'C2'], ['A3', 'B3', 'C3'], ['A1', 'B2', 'C3'], ['A3', 'B2', 'C1']];
    const threats = lines.map((line) => line.filter((square) => !p1.includes(square))).filter((rest) => rest.length === 1 && rest[0] !== p2[0]).map((rest) => rest[0]);
    expect(threats).toHaveLength(1);
    expect(p2[1]).toBe(threats[0]);
  });

  it('bots at every seat play the game to its end without reading a line', () => {
    const { code, out } = regola(['play', tris, '--bots', 'mcts:50,random', '--seed', '2']);
    expect(code).toBe(0);
    expect(out).toMatch(/game over: (P1 wins|draw)/);
  });

  it('refuses a bot list that is not one per seat, with the usage', () => {
    const { code, err } = regola(['play', tris, '--bots', 'mcts']);
    expect(code).toBe(2);
    expect(err).toContain('--bots: name the seats the bots take (P2=mcts,P3=random), or give one bot for each of the 2 seats');
  });
});

describe('regola simulate --bots and regola tournament', () => {
  it('simulate reports the bots by seat; the search bot wins tic-tac-toe against a random bot', () => {
    const { code, out } = regola(['simulate', tris, '--games', '12', '--bots', 'mcts:100,random', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.bots).toEqual(['mcts:100', 'random']);
    expect(report.winsBySeat[0].wins).toBeGreaterThanOrEqual(10);
  });

  it('simulate --bots random reports what a plain simulation reports', () => {
    const plain = JSON.parse(regola(['simulate', tris, '--games', '40', '--json']).out);
    const random = JSON.parse(regola(['simulate', tris, '--games', '40', '--bots', 'random', '--json']).out);
    expect({ ...random, bots: null }).toEqual(plain);
  });

  it('tournament: the search bot at each seat in turn, its win rate beside a random bot\'s on the same seeds', () => {
    const { code, out } = regola(['tournament', tris, '--bots', 'mcts:60', '--games', '8', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.bot).toBe('mcts:60');
    expect(report.searchBot.games).toBe(8);
    expect(report.searchBot.wins).toBeGreaterThan(report.baseline.wins);
    expect(report.searchBot.low).toBeLessThanOrEqual(report.searchBot.rate);
    expect(report.iterationsPerSecond).toBeGreaterThan(0);
    const text = regola(['tournament', tris, '--bots', 'mcts:20', '--games', '2']).out;
    expect(text).toContain('mcts:20 wins');
    expect(text).toContain('iterations/s');
  });
});
