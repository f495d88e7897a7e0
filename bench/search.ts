/**
 * `npm run bench -- mcts`: the search bot's strength and speed in each seed game of rules/. At one
 * seat (each seat in turn) against random bots, its win rate with a 95% interval, beside a random
 * bot's at the same seats on the same seeds (the fair share, whatever the game's teams or roles),
 * and its iterations per second. Budgets are small, so the whole part runs in minutes on 2 cores.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRules } from '../interpreter/index.ts';
import { renderTournament, tournament } from '../interpreter/simulation/tournament.ts';

/**
 * Each seed game: its players, games, iterations a move, and a round limit where one is needed.
 * Percorsi and Risiko! state an `estimate`, so their rollouts are cut where the tree ends (cheap);
 * the others play their rollouts to the end.
 */
const games: { file: string; players: number; games: number; iterations: number; maxRounds?: number }[] = [
  { file: 'mortadella.rules', players: 4, games: 24, iterations: 30 },
  { file: 'notav.rules', players: 4, games: 24, iterations: 30 },
  { file: 'risiko.rules', players: 4, games: 24, iterations: 100 },
  { file: '1984.rules', players: 5, games: 40, iterations: 100 },
  { file: 'percorsi.rules', players: 2, games: 20, iterations: 60 },
];

export async function searchBenchmark(): Promise<void> {
  const only = process.env.REGOLA_BENCH_GAMES?.split(',');
  for (const game of games) {
    if (only && !only.some((name) => game.file.startsWith(name))) continue;
    const path = fileURLToPath(new URL(`../rules/${game.file}`, import.meta.url));
    const { definition } = compileRules(readFileSync(path, 'utf8'));
    if (!definition) throw new Error(`rules/${game.file} does not compile`);
    const cpu = process.cpuUsage();
    const report = tournament(definition, {
      games: game.games, players: game.players, seed: 1, bot: { kind: 'mcts', iterations: game.iterations }, maxRounds: game.maxRounds,
    });
    const used = process.cpuUsage(cpu);
    console.log(`rules/${game.file}: ${renderTournament(report)}\n  CPU time ${((used.user + used.system) / 1e6).toFixed(1)} s (the wall-clock figures above count the waits of a shared machine)`);
  }
}
