/**
 * Benchmarks of the engine as docs/api.md exposes it: the cost of a state copy and of a start,
 * the tic-tac-toe perft, and Connect Four's random playouts against a hand-written Connect Four
 * and Ludii's published figure. They only print.
 */
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  applyChoiceIndex, choiceCount, cloneState, compileRules, randomPlayout, startGame, startState, stateHash, type GameDefinition, type GameState,
} from '../interpreter/index.ts';
import { perft, perftUndoing } from '../docs/examples/perft.ts';
import type { Ratios } from './ratios.ts';
import { runScript, ways } from './child.ts';

/** Ludii's Connect Four, random playouts per second, as published (Piette et al., Ludii general game system). */
const ludiiConnectFour = 55_858;

const fixed = (value: number, digits: number) => value.toFixed(digits);
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

function compile(file: string): GameDefinition {
  const text = readFileSync(fileURLToPath(new URL(`../rules/${file}`, import.meta.url)), 'utf8');
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(`rules/${file} does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  return definition;
}

/** Median time of `run` in nanoseconds per call, over `rounds` rounds of `calls` calls. */
function nanoseconds(calls: number, run: () => void, rounds = 7): number {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) run();
    times.push(((performance.now() - start) * 1e6) / calls);
  }
  return times.sort((a, b) => a - b)[rounds >> 1];
}

/** A quiet game after `moves` random decisions (its midgame, for a copy of typical size). */
function midgame(definition: GameDefinition, players: number, moves: number): GameState {
  const started = startGame(definition, { players, seed: 3, quiet: true });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  let bot = 12345;
  for (let i = 0; i < moves && !state.outcome; i++) {
    bot = (Math.imul(bot, 1103515245) + 12345) >>> 0;
    applyChoiceIndex(definition, state, (bot >>> 8) % choiceCount(state));
  }
  return state;
}

export function stateCopies(): void {
  console.log('state copies and starts through the exported API (median of 7 rounds):');
  for (const [file, players, moves] of [['examples/tris.rules', 2, 3], ['examples/connect-four.rules', 2, 12], ['mortadella.rules', 4, 20]] as const) {
    const definition = compile(file);
    const state = midgame(definition, players, moves);
    let sink: unknown;
    const copy = nanoseconds(20_000, () => { sink = cloneState(state); });
    const fresh = nanoseconds(2_000, () => { sink = startGame(definition, { players, seed: 3, quiet: true }); });
    const copied = nanoseconds(20_000, () => { sink = startState(definition, { players, seed: 3 }); });
    const hash = nanoseconds(5_000, () => { sink = stateHash(state); });
    void sink;
    console.log(`  rules/${file.padEnd(28)} copy of a state (after ${moves} moves): ${fixed(copy / 1000, 2).padStart(6)} µs; stateHash ${fixed(hash / 1000, 2)} µs; start: startGame ${fixed(fresh / 1000, 2)} µs, startState (built once, copied) ${fixed(copied / 1000, 2)} µs`);
  }
}

/**
 * Perfts through the exported API (docs/examples/perft.ts), each move tried on a copy and tried
 * then undone without copying the board (`startMove`, `undoMove`): tic-tac-toe's 255,168 games
 * and Connect Four seven moves deep, the two ways alternated, CPU time, the best of three.
 */
export function perfts(): void {
  const walks = [['a copy before each move', perft], ['each move undone', perftUndoing]] as const;
  const measure = (file: string, depth: number, expected: number, label: string) => {
    const definition = compile(file);
    const started = startState(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    for (const [, walk] of walks) walk(definition, started.state, Math.min(depth, 5));
    const best = walks.map(() => Infinity);
    for (let round = 0; round < 3; round++) {
      walks.forEach(([, walk], i) => {
        const start = process.cpuUsage();
        const lines = walk(definition, started.state, depth);
        const used = process.cpuUsage(start);
        if (lines !== expected) throw new Error(`${file}: ${lines} lines of play, ${expected} expected`);
        best[i] = Math.min(best[i], (used.user + used.system) / 1e6);
      });
    }
    const times = walks.map(([how], i) => `${how} ${fixed(best[i], 2)} s (${grouped(expected / best[i])}/s)`).join(', ');
    console.log(`  ${label}, ${grouped(expected)}: ${times}; undoing ${fixed(best[0] / best[1], 2)}× as fast as copying`);
  };
  console.log('perft through the exported API (docs/examples/perft.ts), CPU time, best of 3:');
  measure('examples/tris.rules', Infinity, 255_168, 'tic-tac-toe, every game');
  measure('examples/connect-four.rules', 7, 823_536, 'Connect Four, 7 moves deep');
}

export async function connectFour(): Promise<void> {
  const rules = fileURLToPath(new URL('../rules/', import.meta.url));
  const show = (label: string, r: Ratios) => {
    const [generated, stepper, hand] = r.ways.map((way) => way.perSecond);
    console.log(`Connect Four random playouts (rules/examples/connect-four.rules; seeds 1..N, the same games every way), ${label}, games per second of CPU time, medians of ${r.rounds} interleaved rounds:`);
    for (const way of r.ways) console.log(`  ${way.who.padEnd(50)} ${grouped(way.perSecond).padStart(9)} games/s, ${fixed(way.decisions, 1)} decisions per game`);
    console.log(`  ${'Ludii (published)'.padEnd(50)} ${grouped(ludiiConnectFour).padStart(9)} games/s`);
    console.log(`  generated / hand-written: ${fixed(generated / hand, 3)} (target >= 0.5); stepper / hand-written: ${fixed(stepper / hand, 3)}; generated / Ludii: ${fixed(generated / ludiiConnectFour, 2)} (aim >= 3)`);
  };
  for (const way of ways) {
    try {
      show(way, JSON.parse(await runScript('./ratios.ts', ['connect-four', rules], way)) as Ratios);
    } catch (error) {
      console.log(`Connect Four random playouts, ${way}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const definition = compile('examples/connect-four.rules');
  await heapOverGames(definition);
}

/** Whether batch mode allocates per decision: minor collections and the heap over 100,000 games (issue 15: the heap stays flat). */
function heapOverGames(definition: GameDefinition): Promise<void> {
  const games = 100_000;
  let collections = 0;
  const observer = new PerformanceObserver((list) => { collections += list.getEntries().length; });
  observer.observe({ entryTypes: ['gc'] });
  const heap: number[] = [process.memoryUsage().heapUsed];
  let decisions = 0;
  for (let seed = 1; seed <= games; seed++) {
    decisions += randomPlayout(definition, { players: 2, seed, keepMoves: false, engine: 'generated' }).state.moveCount;
    if (seed % (games / 4) === 0) heap.push(process.memoryUsage().heapUsed);
  }
  // The observer reports on the next turn of the event loop: the collections are counted then.
  return new Promise((resolve) => setTimeout(() => {
    observer.disconnect();
    const mb = (bytes: number) => fixed(bytes / 1e6, 1);
    console.log(`  heap over ${grouped(games)} generated games (${grouped(decisions)} decisions): ${collections} garbage collections; heap used ${heap.map(mb).join(' → ')} MB at the start and each quarter`);
    resolve();
  }, 0));
}
