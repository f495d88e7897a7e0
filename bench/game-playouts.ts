/**
 * One game's random playouts per second through the stepper (before) and through the generated
 * code (after), warm, under the simulation's round limit: each warmed up for 2 s of games
 * (generated code starts cold: V8 optimizes it only once it has run a while), then runs of about
 * 0.5 s each, interleaved. bench/run.ts runs it for every game of rules/, each in a child node of
 * its own (bench/child.ts), bundled as the build runs: in one process the games before would
 * leave their type feedback in the helpers they share (Mortadella measured 4,700–6,500 games/s
 * there, about 14,000 alone). As that child (`REGOLA_BENCH_SCRIPT=1`, argument: the rules file's
 * path, as a bundle has no `import.meta.url` to find rules/ from) it prints the figures as JSON.
 */
import { readFileSync } from 'node:fs';
import { compileRules } from '../interpreter/lowering/compile.ts';
import { randomPlayout } from '../interpreter/bots/bots.ts';
import { defaultMaxRounds } from '../interpreter/simulation/simulate.ts';
import { playerCounts } from '../interpreter/program/program.ts';
import { asScript } from './child.ts';

/** `games`: the generated code's games a run (the stepper's are fewer, for the same time). */
export interface GamePlayouts { players: number; games: number; stepper: number; generated: number }

/** Games per second of CPU time, seeds 1..games. */
function perSecond(games: number, play: (seed: number) => number): number {
  const start = process.cpuUsage();
  for (let seed = 1; seed <= games; seed++) play(seed);
  const used = process.cpuUsage(start);
  return games / ((used.user + used.system) / 1e6);
}

/** Plays on (seeds 1, 2, …) for `seconds` of CPU time; games per second over the last second or so. */
function warmUp(seconds: number, play: (seed: number) => number): number {
  let rate = perSecond(3, play);
  for (let spent = 0; spent < seconds;) {
    const games = Math.max(3, Math.round(rate * 0.25));
    rate = perSecond(games, play);
    spent += games / rate;
  }
  return rate;
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[values.length >> 1];

export function gamePlayouts(text: string): GamePlayouts {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  const counts = playerCounts(definition);
  const players = counts[Math.min(1, counts.length - 1)];
  const play = (engine: 'stepper' | 'generated') => (seed: number) =>
    randomPlayout(definition, { players, seed, keepMoves: false, maxRounds: defaultMaxRounds, engine }).state.moveCount;
  const [stepper, generated] = [play('stepper'), play('generated')];
  const gamesIn = (rate: number) => Math.max(3, Math.min(20_000, Math.round(rate * 0.5)));
  const stepperGames = gamesIn(warmUp(2, stepper));
  const generatedGames = gamesIn(warmUp(2, generated));
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < 3; round++) {
    before.push(perSecond(stepperGames, stepper));
    after.push(perSecond(generatedGames, generated));
  }
  return { players, games: generatedGames, stepper: median(before), generated: median(after) };
}

if (asScript) {
  const [path] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(gamePlayouts(readFileSync(path, 'utf8'))));
}
