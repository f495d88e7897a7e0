/**
 * `npm run bench -- bots`: the search bot at its default budget at one seat (each seat in turn)
 * against random bots at the others, in every seed game and example of rules/. Per game and kind
 * of playout (guided, the default, and uniform, the random bot's moves): the bot's win rate with its
 * 95% Wilson interval beside the seat's fair share (a random bot at the same seats on the same
 * seeds), whether the bot's interval is clear above it, the iterations a second and the time a
 * decision takes. Figures only: nothing here fails on a result.
 *
 * REGOLA_BENCH_BOTS_GAMES (games a row, default 40), REGOLA_BENCH_GAMES (files to run, by the start
 * of their name: `tris,race`), REGOLA_BENCH_PLAYOUTS (`guided`, `uniform`, or both, the default).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRules, randomPlayout } from '../interpreter/index.ts';
import { defaultIterations } from '../interpreter/bots/mcts.ts';
import { playTable } from '../interpreter/bots/table.ts';
import type { BotSpec } from '../interpreter/bots/bot-spec.ts';
import { simulationRoundLimit, wilsonInterval } from '../interpreter/simulation/simulate.ts';
import { runGameSeed } from '../interpreter/runtime/seeds.ts';
import type { GameDefinition, Outcome } from '../interpreter/program/program.ts';

/** The table each game is measured at, where it is not the game's smallest (two players at least). */
const tables: Record<string, number> = {
  'mortadella.rules': 4, 'notav.rules': 4, 'risiko.rules': 4, 'examples/asta.rules': 3, 'examples/chiama.rules': 3,
  'examples/mercato.rules': 4, 'examples/sfida.rules': 4, 'examples/tressette.rules': 4, 'examples/bugie.rules': 3,
};

/** Every seed game and example of rules/, so a new one is benched without being listed here. */
function rulesFiles(): string[] {
  const names = (folder: string) => readdirSync(fileURLToPath(new URL(`../rules/${folder}`, import.meta.url))).filter((f) => f.endsWith('.rules')).sort();
  return [...names(''), ...names('examples/').map((f) => `examples/${f}`)];
}

const won = (outcome: Outcome, seat: number) => outcome.kind === 'win' && outcome.winners.includes(seat);
const percent = (x: number) => `${(100 * x).toFixed(0)}%`;

interface Row { wins: number; share: number; games: number; iterations: number; milliseconds: number; decisions: number; cpu: number }

function measure(definition: GameDefinition, players: number, count: number, playouts: 'guided' | 'uniform'): Row {
  const maxRounds = simulationRoundLimit(definition, undefined) ?? undefined;
  const bot: BotSpec = { kind: 'mcts', iterations: defaultIterations, playouts };
  const row: Row = { wins: 0, share: 0, games: count, iterations: 0, milliseconds: 0, decisions: 0, cpu: 0 };
  const cpu = process.cpuUsage();
  for (let game = 0; game < count; game++) {
    const seat = game % players;
    const seed = runGameSeed(1, game);
    const bots: BotSpec[] = Array.from({ length: players }, (_, s) => (s === seat ? bot : { kind: 'random' }));
    const played = playTable(definition, { players, seed, bots, maxRounds });
    const baseline = randomPlayout(definition, { players, seed, keepMoves: false, maxRounds });
    if (won(played.outcome, seat)) row.wins++;
    if (won(baseline.outcome, seat)) row.share++;
    row.iterations += played.search[seat].iterations;
    row.milliseconds += played.search[seat].milliseconds;
    row.decisions += played.search[seat].decisions;
  }
  const used = process.cpuUsage(cpu);
  row.cpu = (used.user + used.system) / 1e6;
  return row;
}

export async function botsBenchmark(): Promise<void> {
  const count = Number(process.env.REGOLA_BENCH_BOTS_GAMES ?? 40);
  const only = process.env.REGOLA_BENCH_GAMES?.split(',');
  const kinds = (process.env.REGOLA_BENCH_PLAYOUTS ?? 'guided,uniform').split(',') as ('guided' | 'uniform')[];
  console.log(`search bot mcts:${defaultIterations} at one seat (each in turn) vs random bots, ${count} games a row; share: a random bot at the same seats and seeds`);
  for (const file of rulesFiles()) {
    if (only && !only.some((name) => file.startsWith(name) || file.startsWith(`examples/${name}`))) continue;
    const path = fileURLToPath(new URL(`../rules/${file}`, import.meta.url));
    const { definition } = compileRules(readFileSync(path, 'utf8'));
    if (!definition) throw new Error(`rules/${file} does not compile`);
    const game = { file, players: tables[file] ?? Math.max(2, definition.minPlayers) };
    // Warm, both kinds first: the row measured first would otherwise pay V8's and generated code's warm-up alone.
    for (const kind of kinds) measure(definition, game.players, Math.min(2, count), kind);
    for (const kind of kinds) {
      const row = measure(definition, game.players, count, kind);
      const bot = wilsonInterval(row.wins, row.games);
      const share = wilsonInterval(row.share, row.games);
      const verdict = bot.low > share.high ? 'above the share, intervals clear' : bot.low > share.rate ? 'above the share' : 'not above the share';
      const perSecond = row.milliseconds > 0 ? row.iterations / (row.milliseconds / 1000) : 0;
      const perDecision = row.decisions > 0 ? row.milliseconds / row.decisions : 0;
      console.log(`rules/${game.file}, ${game.players} players, ${kind} playouts: wins ${percent(bot.rate)} [${percent(bot.low)}, ${percent(bot.high)}] vs share ${percent(share.rate)} [${percent(share.low)}, ${percent(share.high)}] — ${verdict}; ${perSecond.toFixed(0)} iterations/s, ${perDecision.toFixed(1)} ms a decision; CPU ${row.cpu.toFixed(1)} s`);
    }
  }
}
