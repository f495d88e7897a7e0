/**
 * `npm run bench -- mcts`: the search bot's strength and speed in each seed game of rules/. At one
 * seat (each seat in turn) against random bots, its win rate with a 95% interval, beside a random
 * bot's at the same seats on the same seeds (the fair share, whatever the game's teams or roles),
 * and its iterations per second. Budgets are small, so the whole part runs in minutes on 2 cores.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRules } from '../interpreter/compile.ts';
import { renderTournament, tournament } from '../interpreter/search/tournament.ts';

/** Each seed game: its players, games, iterations a move, and a round limit where random play never ends. */
const games: { file: string; players: number; games: number; iterations: number; maxRounds?: number }[] = [
  { file: 'mortadella.rules', players: 4, games: 16, iterations: 20 },
  { file: 'notav.rules', players: 4, games: 12, iterations: 20 },
  { file: 'risiko.rules', players: 4, games: 8, iterations: 10 },
  { file: '1984.rules', players: 5, games: 10, iterations: 20 },
  // Random bots never finish Percorsi (every random game reaches the round limit): see the note it prints.
  { file: 'percorsi.rules', players: 2, games: 4, iterations: 10, maxRounds: 30 },
];

export async function searchBenchmark(): Promise<void> {
  const only = process.env.REGOLA_BENCH_GAMES?.split(',');
  for (const game of games) {
    if (only && !only.some((name) => game.file.startsWith(name))) continue;
    const path = fileURLToPath(new URL(`../rules/${game.file}`, import.meta.url));
    const { definition } = compileRules(readFileSync(path, 'utf8'));
    if (!definition) throw new Error(`rules/${game.file} does not compile`);
    const report = tournament(definition, {
      games: game.games, players: game.players, seed: 1, bot: { kind: 'mcts', iterations: game.iterations }, maxRounds: game.maxRounds,
    });
    console.log(`rules/${game.file}: ${renderTournament(report)}`);
  }
}
