/**
 * `npm run bench`: each benchmark prints its own lines of figures. They only report; none
 * fails on a time. To add one, write a function and list it in `benchmarks`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRules } from '../interpreter/compile.ts';
import { randomPlayout } from '../interpreter/bots.ts';
import type { GameDefinition } from '../interpreter/program.ts';
import { playRandomGame } from './handwritten-mortadella.ts';
import { studioBenchmarks } from './studio.ts';

interface Benchmark { name: string; run: () => void | Promise<void> }

const rulesPath = fileURLToPath(new URL('../rules/mortadella.rules', import.meta.url));
const rulesText = readFileSync(rulesPath, 'utf8');

// ---- helpers ---------------------------------------------------------------------------------
function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function compileMortadella(): GameDefinition {
  const { definition, diagnostics } = compileRules(rulesText);
  if (!definition) throw new Error(`rules/mortadella.rules does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  return definition;
}

/** Plays `games` games (seeds 1..games) and times them. */
function timeGames(games: number, play: (seed: number) => number): { perSecond: number; meanDecisions: number } {
  let decisions = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) decisions += play(seed);
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: games / seconds, meanDecisions: decisions / games };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

// ---- benchmarks ------------------------------------------------------------------------------
function compileTime(): void {
  const warmUp = 5;
  const runs = 50;
  for (let i = 0; i < warmUp; i++) compileMortadella();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    compileMortadella();
    times.push(performance.now() - start);
  }
  console.log(`compile rules/mortadella.rules: median ${fixed(median(times), 2)} ms over ${runs} warm runs (min ${fixed(Math.min(...times), 2)} ms, max ${fixed(Math.max(...times), 2)} ms); target: compile < 5 ms`);
}

function randomPlayouts(): void {
  const players = 4;
  const games = 2000;
  const warmUpGames = 300;
  const definition = compileMortadella();
  const interpreter = (seed: number) => randomPlayout(definition, { players, seed, keepMoves: false }).state.moveCount;
  const handWritten = (seed: number) => playRandomGame(players, seed).decisions;
  timeGames(warmUpGames, interpreter);
  timeGames(warmUpGames, handWritten);
  const viaInterpreter = timeGames(games, interpreter);
  const byHand = timeGames(games, handWritten);
  const line = (who: string, r: { perSecond: number; meanDecisions: number }) =>
    console.log(`  ${who.padEnd(13)} ${fixed(r.perSecond, 0).padStart(8)} games/s, ${fixed(r.meanDecisions, 1)} decisions per game`);
  console.log(`random playouts, Mortadella, ${players} players, ${games} games (seeds 1..${games}, after ${warmUpGames} warm-up games):`);
  line('interpreter', viaInterpreter);
  line('hand-written', byHand);
  console.log(`  interpreter / hand-written: ${fixed(viaInterpreter.perSecond / byHand.perSecond, 3)}; target: interpreter >= 1/3 of hand-written (0.333)`);
}

/** Compile time and random playouts of another game of rules/, for games without a hand-written twin. */
function gameFigures(file: string, players: number, games: number): () => void {
  return () => {
    const text = readFileSync(fileURLToPath(new URL(`../rules/${file}`, import.meta.url)), 'utf8');
    const compile = () => {
      const { definition, diagnostics } = compileRules(text);
      if (!definition) throw new Error(`rules/${file} does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
      return definition;
    };
    for (let i = 0; i < 5; i++) compile();
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      compile();
      times.push(performance.now() - start);
    }
    const definition = compile();
    const play = (seed: number) => randomPlayout(definition, { players, seed, keepMoves: false }).state.moveCount;
    timeGames(Math.ceil(games / 5), play);
    const result = timeGames(games, play);
    console.log(`rules/${file}: compile median ${fixed(median(times), 2)} ms; random playouts, ${players} players: ${fixed(result.perSecond, 0)} games/s, ${fixed(result.meanDecisions, 1)} decisions per game`);
  };
}

const benchmarks: Benchmark[] = [
  { name: 'compile', run: compileTime },
  { name: 'playouts', run: randomPlayouts },
  { name: 'notav', run: gameFigures('notav.rules', 6, 1000) },
  { name: 'studio', run: studioBenchmarks },
];

console.log(`Regola benchmarks (node ${process.version})`);
for (const benchmark of benchmarks) await benchmark.run();
