/**
 * The issue-15 ratios: random playouts of a game written in Regola (generated code and stepper)
 * against the same game written by hand, interleaved in rounds, in CPU time (one run on a shared
 * 2-core machine swings by ±20%; the median of rounds holds better). bench/run.ts measures them
 * twice, each in a child node of its own (bench/child.ts): the sources through tsx, and bundled
 * as the CLI's build and the library run. As that child (`REGOLA_BENCH_SCRIPT=1`, arguments
 * `mortadella|connect-four RULES_DIRECTORY`) it prints the figures as JSON.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRules } from '../interpreter/lowering/compile.ts';
import { randomPlayout } from '../interpreter/bots/bots.ts';
import type { GameDefinition } from '../interpreter/program/program.ts';
import { playRandomGame } from './handwritten-mortadella.ts';
import { playRandomConnectFour } from './handwritten-connect-four.ts';
import { asScript } from './child.ts';

export interface Way { who: string; perSecond: number; decisions: number }
export interface Ratios { game: string; players: number; games: number; rounds: number; ways: Way[] }

interface Player { who: string; games: number; warmUp: number; play: (seed: number) => number }

function compile(rules: string, file: string): GameDefinition {
  const { definition, diagnostics } = compileRules(readFileSync(join(rules, file), 'utf8'));
  if (!definition) throw new Error(`rules/${file} does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  return definition;
}

const regola = (definition: GameDefinition, players: number, engine: 'generated' | 'stepper') => (seed: number) =>
  randomPlayout(definition, { players, seed, keepMoves: false, engine }).state.moveCount;

/** Plays seeds 1..games, in CPU time of this process (another process's load does not count). */
function timeGames(player: Player): Way {
  let decisions = 0;
  const start = process.cpuUsage();
  for (let seed = 1; seed <= player.games; seed++) decisions += player.play(seed);
  const used = process.cpuUsage(start);
  return { who: player.who, perSecond: player.games / ((used.user + used.system) / 1e6), decisions: decisions / player.games };
}

function interleaved(game: string, players: number, rounds: number, ways: Player[]): Ratios {
  for (const way of ways) for (let seed = 1; seed <= way.warmUp; seed++) way.play(seed);
  const runs = ways.map(() => [] as Way[]);
  for (let round = 0; round < rounds; round++) ways.forEach((way, i) => runs[i].push(timeGames(way)));
  const median = (figures: Way[]) => figures.slice().sort((a, b) => a.perSecond - b.perSecond)[figures.length >> 1];
  return { game, players, games: ways[0].games, rounds, ways: runs.map(median) };
}

/**
 * Mortadella, 4 players. Generated code warms up slowly: V8 optimizes its functions one by one as
 * each gets hot, and the stepper's and the hand-written game's are hot within a few hundred games.
 * Measured cold, its figure would be that of a half-optimized program (2,000 games: within a few
 * per cent of warm).
 */
export function mortadellaRatios(rules: string): Ratios {
  const definition = compile(rules, 'mortadella.rules');
  return interleaved('Mortadella', 4, 5, [
    { who: 'generated', games: 1000, warmUp: 2000, play: regola(definition, 4, 'generated') },
    { who: 'stepper', games: 1000, warmUp: 300, play: regola(definition, 4, 'stepper') },
    { who: 'hand-written', games: 1000, warmUp: 300, play: (seed) => playRandomGame(4, seed).decisions },
  ]);
}

/** Connect Four (rules/examples/connect-four.rules) against bench/handwritten-connect-four.ts, the same seeds every way. */
export function connectFourRatios(rules: string): Ratios {
  const definition = compile(rules, 'examples/connect-four.rules');
  return interleaved('Connect Four', 2, 5, [
    { who: 'Regola, generated code', games: 3000, warmUp: 2000, play: regola(definition, 2, 'generated') },
    { who: 'Regola, stepper', games: 600, warmUp: 600, play: regola(definition, 2, 'stepper') },
    { who: 'hand-written (bench/handwritten-connect-four.ts)', games: 30_000, warmUp: 3000, play: (seed) => playRandomConnectFour(seed).decisions },
  ]);
}

// As a child script (bench/child.ts): the figures of one game, as JSON.
if (asScript) {
  const [which, rules] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(which === 'connect-four' ? connectFourRatios(rules) : mortadellaRatios(rules)));
}
