/**
 * How strong a bot is: it plays at one seat against random bots, game after game (the seat it
 * takes goes round the table, so no seat's advantage counts for it), and its wins are compared with
 * those of a random bot at the same seats on the same seeds. That baseline is the bot's fair share
 * whatever the game: 1 in N at a table of N equal seats, more in a game of teams or of roles.
 */
import { randomPlayout } from '../bots/bots.ts';
import type { GameDefinition, Outcome } from '../program/program.ts';
import { simulationRoundLimit, wilsonInterval } from './simulate.ts';
import { botName, type BotSpec } from '../bots/bot-spec.ts';
import { reward } from '../bots/decisions.ts';
import { playTable } from '../bots/table.ts';
import { runGameSeed } from '../runtime/seeds.ts';

export interface TournamentOptions {
  games: number;
  players: number;
  seed: number;
  variant?: string | null;
  /** The bot measured; the other seats are random bots. */
  bot: BotSpec;
  /** As `simulate`'s: left out, the rules' stated length or the default of 200 rounds. */
  maxRounds?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Wins of one side over the games, with the 95% Wilson interval. */
export interface WinRate { wins: number; games: number; rate: number; low: number; high: number }

export interface TournamentReport {
  title: string;
  bot: string;
  games: number;
  players: number;
  seed: number;
  variant: string | null;
  roundLimit: number | null;
  /** The bot's wins (a team's win counts for each member). */
  searchBot: WinRate;
  /** A random bot's wins at the same seats on the same seeds. */
  baseline: WinRate;
  /** The bot's mean reward (win 1, no winner ½, loss 0) and the baseline's. */
  meanReward: number;
  baselineReward: number;
  /** Games without a winner (drawn or stopped), with the bot and in the baseline. */
  noWinner: number;
  baselineNoWinner: number;
  /** The search's speed: iterations per second of search, and its decisions per game. */
  iterationsPerSecond: number;
  decisionsPerGame: number;
  seconds: number;
}

const won = (outcome: Outcome, seat: number) => outcome.kind === 'win' && outcome.winners.includes(seat);
const noWinner = (outcome: Outcome) => !(outcome.kind === 'win' && outcome.winners.length > 0);

export function tournament(definition: GameDefinition, options: TournamentOptions): TournamentReport {
  const started = performance.now();
  const maxRounds = simulationRoundLimit(definition, options.maxRounds) ?? undefined;
  let wins = 0, baselineWins = 0, rewards = 0, baselineRewards = 0, draws = 0, baselineDraws = 0;
  let iterations = 0, milliseconds = 0, decisions = 0;
  for (let game = 0; game < options.games; game++) {
    const seat = game % options.players;
    const seed = runGameSeed(options.seed, game);
    const bots: BotSpec[] = Array.from({ length: options.players }, (_, s) => (s === seat ? options.bot : { kind: 'random' }));
    const played = playTable(definition, { players: options.players, seed, variant: options.variant, bots, maxRounds });
    const baseline = randomPlayout(definition, { players: options.players, seed, variant: options.variant, keepMoves: false, maxRounds });
    if (won(played.outcome, seat)) wins++;
    if (won(baseline.outcome, seat)) baselineWins++;
    if (noWinner(played.outcome)) draws++;
    if (noWinner(baseline.outcome)) baselineDraws++;
    rewards += reward(played.outcome, seat);
    baselineRewards += reward(baseline.outcome, seat);
    iterations += played.search[seat].iterations;
    milliseconds += played.search[seat].milliseconds;
    decisions += played.search[seat].decisions;
    options.onProgress?.(game + 1, options.games);
  }
  const rate = (n: number): WinRate => ({ wins: n, games: options.games, ...wilsonInterval(n, options.games) });
  return {
    title: definition.title, bot: botName(options.bot), games: options.games, players: options.players, seed: options.seed,
    variant: options.variant ?? null, roundLimit: maxRounds ?? null,
    searchBot: rate(wins), baseline: rate(baselineWins),
    meanReward: options.games ? rewards / options.games : 0, baselineReward: options.games ? baselineRewards / options.games : 0,
    noWinner: draws, baselineNoWinner: baselineDraws,
    iterationsPerSecond: milliseconds > 0 ? (iterations / milliseconds) * 1000 : 0,
    decisionsPerGame: options.games ? decisions / options.games : 0,
    seconds: (performance.now() - started) / 1000,
  };
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The report as lines of text. */
export function renderTournament(report: TournamentReport): string {
  const { searchBot: bot, baseline } = report;
  return [
    `${report.title}: ${report.bot} at one seat (each seat in turn) against random bots, ${report.games} games, ${report.players} players, seed ${report.seed}${report.variant ? `, variant ${report.variant}` : ''}`,
    `  ${report.bot} wins ${bot.wins}/${bot.games} = ${percent(bot.rate)} (95% ${percent(bot.low)}–${percent(bot.high)})`,
    `  a random bot at the same seats, same seeds: ${baseline.wins}/${baseline.games} = ${percent(baseline.rate)} (95% ${percent(baseline.low)}–${percent(baseline.high)}); 1 in ${report.players} is ${percent(1 / report.players)}`,
    `  games without a winner: ${report.noWinner} (random: ${report.baselineNoWinner})${report.roundLimit !== null ? `; round limit ${report.roundLimit}` : ''}`,
    `  search: ${Math.round(report.iterationsPerSecond)} iterations/s, ${report.decisionsPerGame.toFixed(1)} searched decisions a game; ${report.seconds.toFixed(1)} s`,
  ].join('\n');
}
