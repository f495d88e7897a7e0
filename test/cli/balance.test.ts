/**
 * `regola balance FILE`: each player count played by each kind of bot, reported as win shares by
 * seat, team, role and faction with their 95% intervals and fair shares, endings, lengths and the
 * first player's advantage, as JSON or as one self-contained HTML page; a run interrupted and taken
 * up with --resume gives the report of a run never interrupted; mistyped flags are refused plainly.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  balanceCells, balanceReport, compileRules, defaultBalanceCounts, gameSettings, parseBotKinds, playSimulationGame, simulate, simulationGameSeed,
  type BalanceCell, type BalanceReport, type ShareRow,
} from '../../interpreter/index.ts';
import { runBalance, stateFile, stateKey } from '../../cli/balance-run.ts';
import { SimulationInterrupted } from '../../cli/simulate-workers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const tris = join(root, 'rules', 'examples', 'tris.rules');
const sfida = join(root, 'rules', 'examples', 'sfida.rules');
const orwell = join(root, 'rules', '1984.rules');
const mortadella = join(root, 'rules', 'mortadella.rules');
const compiled = (file: string) => compileRules(readFileSync(file, 'utf8')).definition!;

function regola(args: string[], cwd = mkdtempSync(join(tmpdir(), 'regola-balance-'))) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 300_000, env: { ...process.env, REGOLA_SOURCES: '1' } });
  return { code: result.status, out: result.stdout, err: result.stderr, cwd };
}

function inside(row: { rate: number; low: number; high: number }) {
  expect(row.low).toBeLessThanOrEqual(row.rate);
  expect(row.rate).toBeLessThanOrEqual(row.high);
  expect(row.low).toBeGreaterThanOrEqual(0);
  expect(row.high).toBeLessThanOrEqual(1);
}

const wins = (rows: ShareRow[]) => rows.map((r) => [r.label, r.wins]);

describe('regola balance', () => {
  it('plays every count for random and search bots and gives each seat its share, interval and fair share (tic-tac-toe)', () => {
    const { code, out } = regola(['balance', tris, '--games', '12', '--bots', 'random,mcts:5', '--workers', '1', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as BalanceReport;
    expect(report).toMatchObject({ format: 'regola-balance/1', title: 'Tris', games: 12, players: [2], bots: ['random', 'mcts:5'], seed: 1 });
    expect(report.cells.map((c) => [c.players, c.bot])).toEqual([[2, 'random'], [2, 'mcts:5']]);
    const definition = compiled(tris);
    // The report is the one made in process from the same games' records (docs/api.md §10).
    const kinds = parseBotKinds('random,mcts:5');
    if (!kinds.ok) throw new Error(kinds.message);
    const plan = { players: [2], bots: kinds.value, games: 12, seed: 1, variant: null };
    const cells = balanceCells(plan);
    const records = cells.map(({ job }) => Array.from({ length: job.games }, (_, i) =>
      playSimulationGame(definition, gameSettings(definition, job), simulationGameSeed(job.seed, i))));
    expect(report).toEqual(JSON.parse(JSON.stringify(balanceReport(definition, plan, cells, records))));
    for (const cell of report.cells) {
      // The same games `regola simulate` plays with these bots at every seat, on the same seeds.
      const bot = parseBotKinds(cell.bot);
      if (!bot.ok) throw new Error(bot.message);
      const plain = simulate(definition, { games: 12, players: 2, seed: 1, bots: [bot.value[0], bot.value[0]] });
      expect(wins(cell.seats)).toEqual(plain.winsBySeat.map((s) => [s.seat, s.wins]));
      expect(cell.draws).toBe(plain.draws);
      expect(cell.decided + cell.draws + cell.aborted).toBe(12);
      for (const seat of cell.seats) inside(seat);
      // Fair: what each seat would win were both equal, given how many games had a winner.
      const fair = cell.seats.reduce((sum, s) => sum + s.wins, 0) / (2 * 12);
      for (const seat of cell.seats) expect(seat.fair).toBeCloseTo(fair, 12);
      inside(cell.firstPlayer);
      expect(cell.firstPlayer.games).toBe(12);
      expect(cell.firstPlayer.advantage.rate).toBeCloseTo(cell.firstPlayer.rate - cell.firstPlayer.fair, 12);
      expect(cell.firstPlayer.unfair).toBe(cell.firstPlayer.low > cell.firstPlayer.fair || cell.firstPlayer.high < cell.firstPlayer.fair);
      // Endings by the rules' own reasons, counted as simulate counts them.
      expect(cell.endings.reduce((sum, e) => sum + e.games, 0)).toBe(12);
      for (const e of plain.endReasons) expect(cell.endings.find((x) => x.reason === e.reason)?.games).toBe(e.games);
      expect(cell.endings.map((e) => e.reason).every((r) => /^tre in |^tavola piena$/.test(r))).toBe(true);
      const { rounds, turns } = cell.length;
      expect([rounds.min, rounds.q1, rounds.median, rounds.q3, rounds.max]).toEqual([...[rounds.min, rounds.q1, rounds.median, rounds.q3, rounds.max]].sort((a, b) => a - b));
      expect(rounds.median).toBe(plain.length.medianRounds);
      expect(turns.mean).toBeCloseTo(plain.length.meanTurns, 12);
      // A won game of tic-tac-toe takes at least five marks.
      expect(turns.min).toBeGreaterThanOrEqual(5);
    }
  }, 120_000);

  it('gives each team its share of the games at every count of a team game', () => {
    const { code, out } = regola(['balance', sfida, '--players', '4-5', '--games', '10', '--bots', 'random', '--workers', '1', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as BalanceReport;
    expect(report.players).toEqual([4, 5]);
    const definition = compiled(sfida);
    for (const cell of report.cells) {
      const plain = simulate(definition, { games: 10, players: cell.players, seed: 1 });
      expect(wins(cell.teams)).toEqual(plain.winsByTeam.map((t) => [t.team, t.wins]));
      const fair = cell.teams.reduce((sum, t) => sum + t.wins, 0) / (2 * 10);
      for (const team of cell.teams) {
        inside(team);
        expect(team.fair).toBeCloseTo(fair, 12);
      }
      // A team's win is a win for each member: the seats' shares add up to more than the teams'.
      expect(cell.seats.reduce((sum, s) => sum + s.wins, 0)).toBeGreaterThan(cell.teams.reduce((sum, t) => sum + t.wins, 0));
    }
  }, 120_000);

  it('gives each role its share per player holding it, beside the seats', () => {
    const { code, out } = regola(['balance', mortadella, '--players', '4', '--games', '20', '--bots', 'random', '--workers', '1', '--json']);
    expect(code).toBe(0);
    const [cell] = (JSON.parse(out) as BalanceReport).cells as [BalanceCell];
    const plain = simulate(compiled(mortadella), { games: 20, players: 4, seed: 1 });
    expect(cell.roles.map((r) => [r.label, r.wins, r.games])).toEqual(plain.winsByRole.map((r) => [r.role, r.wins, r.games]));
    expect(cell.roles.length).toBeGreaterThan(1);
    const perPlayer = cell.seats.reduce((sum, s) => sum + s.wins, 0) / (4 * 20);
    for (const role of cell.roles) {
      inside(role);
      expect(role.fair).toBeCloseTo(perPlayer, 12);
      expect(role.unfair).toBe(role.low > role.fair || role.high < role.fair);
    }
  }, 120_000);

  it('gives each faction of 1984 its share per player over the games it was held', () => {
    const { code, out } = regola(['balance', orwell, '--players', '5', '--games', '10', '--bots', 'random', '--workers', '1', '--json']);
    expect(code).toBe(0);
    const [cell] = (JSON.parse(out) as BalanceReport).cells as [BalanceCell];
    const factions = cell.cards.filter((c) => c.pile === 'Fazione');
    expect(factions.map((f) => [f.label, f.games])).toEqual([['Fratellanza', 40], ['IngSoc', 10]]);
    for (const faction of factions) inside(faction);
    const perPlayer = cell.seats.reduce((sum, s) => sum + s.wins, 0) / (5 * 10);
    expect(factions[1].fair).toBeCloseTo(perPlayer, 12);
    expect(cell.endings.every((e) => e.reason.length > 0)).toBe(true);
  }, 120_000);

  it('writes one self-contained HTML page with charts, every text of the rules escaped', () => {
    const hostile = readFileSync(tris, 'utf8')
      .replace('game "Tris"', `game "<script>alert(1)</script> & 'Co'"`)
      .replace('"tavola piena"', '"<img src=x onerror=alert(2)>"')
      .replaceAll('"tre in diagonale"', '"</svg><script>alert(3)</script>"');
    const cwd = mkdtempSync(join(tmpdir(), 'regola-balance-'));
    writeFileSync(join(cwd, 'ostile.rules'), hostile);
    const { code, out } = regola(['balance', 'ostile.rules', '--games', '40', '--bots', 'random', '--workers', '1'], cwd);
    expect(code).toBe(0);
    expect(out).toContain('report: ostile-balance.html');
    const html = readFileSync(join(cwd, 'ostile-balance.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    // No script, no tag from the rules' texts, nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script|<img|<link|<iframe|https?:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;Co&#39; — balance');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('&lt;/svg&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
    // Charts: inline SVG bars with interval whiskers, for the seats and the first player.
    expect(html.match(/<svg /g)!.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('Wins by seat');
    expect(html).toContain('First player');
    expect(html).toMatch(/<title>P1, random: \d+ of 40 = \d+\.\d% \(95% \d+\.\d%–\d+\.\d%\); fair share \d+\.\d%<\/title>/);
  }, 120_000);

  it('taken up with --resume after an interruption, gives the very report of a run never interrupted', async () => {
    const args = ['--players', '2', '--games', '12', '--bots', 'random,mcts:5', '--workers', '1'];
    const straight = regola(['balance', tris, ...args, '--json', '--out', 'straight.html']);
    expect(straight.code).toBe(0);
    // The same run, stopped during the search bots' games (the second cell) as Ctrl-C stops it.
    const cwd = mkdtempSync(join(tmpdir(), 'regola-balance-'));
    const text = readFileSync(tris, 'utf8');
    const bots = parseBotKinds('random,mcts:5');
    if (!bots.ok) throw new Error(bots.message);
    const plan = { players: [2], bots: bots.value, games: 12, seed: 1, variant: null };
    const file = stateFile(cwd, stateKey(text, plan));
    const stop = new AbortController();
    await expect(runBalance(text, compiled(tris), plan, {
      workers: 1, file, resume: false, signal: stop.signal,
      onProgress: (done) => { if (done >= 17) stop.abort(); },
    })).rejects.toBeInstanceOf(SimulationInterrupted);
    expect(readdirSync(join(cwd, '.regola-balance'))).toEqual([file.split('/').pop()]);
    // Taken up on two threads: the games left are shared out, and counted after those kept.
    const resumed = regola(['balance', tris, ...args, '--workers', '2', '--json', '--out', 'resumed.html', '--resume'], cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toContain('17 of 24 games were played before');
    expect(resumed.out).toBe(straight.out);
    expect(readFileSync(join(cwd, 'resumed.html'), 'utf8')).toBe(readFileSync(join(straight.cwd, 'straight.html'), 'utf8'));
  }, 120_000);

  it('plays a game for many counts at an even spread of them, the smallest and largest included', () => {
    expect(defaultBalanceCounts({ minPlayers: 5, maxPlayers: 9, allowedPlayers: null })).toEqual([5, 6, 7, 8, 9]);
    expect(defaultBalanceCounts({ minPlayers: 2, maxPlayers: 20, allowedPlayers: null })).toEqual([2, 6, 9, 13, 16, 20]);
    expect(defaultBalanceCounts({ minPlayers: 2, maxPlayers: 6, allowedPlayers: [2, 4, 6] })).toEqual([2, 4, 6]);
  });

  it('refuses mistyped flags with a plain message', () => {
    const cases: [string[], RegExp][] = [
      [['--players', '3'], /--players: Tris is for 2 players, not 3/],
      [['--players', '9-2'], /--players: '9-2': the range goes down; write 2-9/],
      [['--players', 'two'], /--players: 'two' is not a player count/],
      [['--bots', 'mcts:x'], /--bots: 'mcts:x' is not a bot/],
      [['--bots', 'P1=random'], /--bots: 'P1=random': name kinds of bot/],
      [['--bots', 'random,random'], /--bots: random is named twice/],
      [['--games', '0'], /--games must be at least 1, not 0/],
      [['--variant', 'veloce'], /there is no variant 'veloce'/],
      [['--fast'], /unknown option --fast/],
    ];
    for (const [flags, message] of cases) {
      const { code, err } = regola(['balance', tris, ...flags]);
      expect(code, flags.join(' ')).toBe(2);
      expect(err).toMatch(message);
    }
    const cwd = mkdtempSync(join(tmpdir(), 'regola-balance-'));
    const text = readFileSync(tris, 'utf8');
    const plan = { players: [2], bots: [{ kind: 'random' as const }], games: 5, seed: 1, variant: null };
    const file = stateFile(cwd, stateKey(text, plan));
    // A state file cut short by a full disk, say: refused, with what to do.
    mkdirSync(join(cwd, '.regola-balance'));
    writeFileSync(file, '{"format":"regola-balance-st');
    const broken = regola(['balance', tris, '--bots', 'random', '--games', '5', '--resume', '--json'], cwd);
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/is not valid JSON .*; delete it to start again/);
  }, 300_000);
});
