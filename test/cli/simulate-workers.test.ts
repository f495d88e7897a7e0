/**
 * `regola simulate --workers N` (issue 12): the games spread over worker threads give the report of
 * one thread, byte for byte, text and JSON; a game that throws is reported as the first such game
 * in game order; Ctrl-C stops the workers and says how far the run got.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, simulate, type GameDefinition } from '../../interpreter/index.ts';
import { playSimulationGame, simulationGameSeed } from '../../interpreter/simulation/simulation-game.ts';
import type { PlayGame } from '../../cli/simulate-serve.ts';
import { simulateOnWorkers, SimulationFailed, SimulationInterrupted } from '../../cli/simulate-workers.ts';
import { brokenPlay } from './fixtures/failing-simulate-worker.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const rules = (name: string) => join(root, 'rules', name);
const scratch = mkdtempSync(join(tmpdir(), 'regola-workers-'));

/** Most games end in a run error (a rule wins with nobody), the rest with a winner. */
const azzardo = join(scratch, 'azzardo.rules');
writeFileSync(azzardo, `game "Azzardo" { players 2 to 4 }
tokens Oro
var chi = none
turns {
  choose by current prompt "Che fai?" {
    option "vinci" { win current "per caso" }
    option "sbaglia" { win chi "per sbaglio" }
    option "passa" { gain 1 Oro }
  }
}
`);

function regola(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The text report without its last line, the run's time. */
const withoutTime = (out: string) => out.replace(/^\(\d+\.\d\d s\)\n$/m, '');

function compile(file: string): { text: string; definition: GameDefinition } {
  const text = readFileSync(file, 'utf8');
  return { text, definition: compileRules(text).definition! };
}

describe('regola simulate --workers', () => {
  it('Mortadella: the text report of 3 workers is the one of a single thread, byte for byte', () => {
    const one = regola(['simulate', rules('mortadella.rules'), '--games', '150', '--seed', '5', '--workers', '1']);
    const three = regola(['simulate', rules('mortadella.rules'), '--games', '150', '--seed', '5', '--workers', '3']);
    expect(one.code).toBe(0);
    expect(three.code).toBe(0);
    expect(one.out).toMatch(/^Il Trono di Mortadella: 150 games, 4 players, seed 5/);
    expect(withoutTime(three.out)).toBe(withoutTime(one.out));
    expect(three.err).toBe('');
  }, 600_000);

  it('No Tav (roles, teams): the JSON report of 3 workers and of 1 equal the library\'s simulate, byte for byte', () => {
    const expected = `${JSON.stringify(simulate(compile(rules('notav.rules')).definition, { games: 60, players: 6, seed: 11 }), null, 2)}\n`;
    for (const workers of ['3', '1']) {
      const run = regola(['simulate', rules('notav.rules'), '--games', '60', '--players', '6', '--seed', '11', '--workers', workers, '--json']);
      expect(run.code).toBe(0);
      expect(run.out).toBe(expected);
    }
  }, 600_000);

  it('games that end in a run error are counted alike: the aborted games and their reason', () => {
    const one = regola(['simulate', azzardo, '--games', '80', '--workers', '1']);
    const three = regola(['simulate', azzardo, '--games', '80', '--workers', '3']);
    expect(one.code).toBe(0);
    expect(one.out).toMatch(/^aborted: \d+ \(a rule could not be carried out \(win needs a player, but the value is none\): \d+\)$/m);
    expect(withoutTime(three.out)).toBe(withoutTime(one.out));
  }, 600_000);

  it('refuses a number of workers that is not a whole number of at least 1', () => {
    const zero = regola(['simulate', azzardo, '--games', '5', '--workers', '0']);
    expect(zero.code).toBe(2);
    expect(zero.err).toContain('--workers must be at least 1, not 0');
    expect(regola(['simulate', azzardo, '--games', '5', '--workers', 'all']).err).toContain("--workers must be a whole number, not 'all'");
  }, 300_000);

  // The wait reads the child's CPU time from /proc (Linux).
  it.skipIf(!existsSync('/proc/self/stat'))('Ctrl-C stops the run and its workers: exit code 130, how far it got, no report', async () => {
    const child = spawn(process.execPath, [bin, 'simulate', rules('mortadella.rules'), '--games', '1000000', '--workers', '2', '--json'], { cwd: root });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { err += chunk; });
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Interrupt once the workers are playing: 8 s of the process's CPU time is well past loading
    // the sources and compiling the rules (about 4 s on a loaded machine), whatever the wall clock says.
    const cpuSeconds = () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    while (cpuSeconds() < 8) await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGINT');
    expect(await ended).toBe(130);
    expect(err).toMatch(/^regola: interrupted after \d+ of 1000000 games\n$/);
    expect(out).toBe('');
  }, 600_000);
});

describe('simulateOnWorkers', () => {
  const { text, definition } = compile(rules('mortadella.rules'));
  const failing = new URL('./fixtures/failing-simulate-worker.ts', import.meta.url);

  it('the threads play their share: with this thread slowed down, games come from them too, and the report is the single thread\'s', async () => {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let here = 0;
    const slowHere: PlayGame = (d, settings, seed) => {
      here++;
      Atomics.wait(pause, 0, 0, 400);
      return playSimulationGame(d, settings, seed);
    };
    const job = { games: 300, players: 4, seed: 8 };
    const report = await simulateOnWorkers(text, definition, job, { workers: 3, play: slowHere });
    expect(here).toBeLessThan(300);
    expect(JSON.stringify(report)).toBe(JSON.stringify(simulate(definition, job)));
  }, 300_000);

  it('reports the first game that throws in game order, whichever worker failed first, with its seed', async () => {
    for (const workers of [1, 2, 3]) {
      const run = simulateOnWorkers(text, definition, { games: 40, players: 4, seed: 3 }, { workers, workerUrl: failing, play: brokenPlay });
      await expect(run).rejects.toThrow(SimulationFailed);
      await expect(run).rejects.toThrow(`game 7 (seed ${simulationGameSeed(3, 6)}) could not be played: the engine broke in game 7`);
    }
  }, 300_000);

  it('stops between two games when its signal is aborted, with the games counted so far', async () => {
    const interrupt = new AbortController();
    let progress = 0;
    const run = simulateOnWorkers(text, definition, { games: 100_000, players: 4, seed: 1 }, {
      workers: 2, signal: interrupt.signal,
      onProgress: (done) => { progress = done; interrupt.abort(); },
    });
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimulationInterrupted);
    expect((error as SimulationInterrupted).total).toBe(100_000);
    expect((error as SimulationInterrupted).done).toBeLessThanOrEqual(progress);
    expect(progress).toBeGreaterThan(0);
  }, 300_000);
});
