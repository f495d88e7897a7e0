/**
 * The report of a balance run (balance.ts), as plain data: the CLI prints it as JSON or draws it as
 * HTML, and the studio can draw the same. Each cell (one player count, one kind of bot) is built
 * from its games' records in game order, through the simulation's own tally, so its counts are
 * those `regola simulate` gives for the same games; to them it adds a 95% Wilson interval and a
 * fair share for every row, how the games ended, and the spread of their lengths.
 *
 * A fair share is what each row would win were the sides equal, given how often games were won at
 * all (draws and stopped games win nobody) and how many winners a win has:
 * - a seat: the mean of the seats' shares (the winners of a game, over the seats, over the games);
 * - a role or a card held alone (a faction): the same, per player — the share each player would
 *   win were the roles worth the same;
 * - a team: the mean of the shares of the teams that had members.
 */
import { botName } from '../bots/bot-spec.ts';
import { playerName, type GameDefinition, type Outcome } from '../program/program.ts';
import type { BalanceCellJob, BalancePlan } from './balance.ts';
import type { Interval } from './compare.ts';
import { SimulationTally, simulationRoundLimit, wilsonInterval } from './simulate.ts';
import type { GameRecord } from './simulation-game.ts';

/** Wins out of games, with the 95% Wilson interval of the share. */
export interface Share { wins: number; games: number; rate: number; low: number; high: number }

/** A seat, team, role or card: its share, and the share it would have were the sides equal. */
export interface ShareRow extends Share {
  label: string;
  fair: number;
  /** The interval leaves out the fair share: beyond chance. */
  unfair: boolean;
}

export interface LengthSpread { mean: number; min: number; q1: number; median: number; q3: number; max: number }

export interface Ending {
  outcome: Outcome['kind'];
  /** The reason the rules give (`win … "più punti"`), or the engine's for a stopped game. */
  reason: string;
  games: number;
  /** Of them, stopped by the simulation's round limit. */
  stoppedAtRoundLimit: number;
}

export interface BalanceCell {
  players: number;
  bot: string;
  games: number;
  /** Games with a winner; drawn; stopped without a result. */
  decided: number;
  draws: number;
  aborted: number;
  stoppedAtRoundLimit: number;
  stoppedAtStatedLength: number;
  /** Said when many games were stopped by a limit the rules do not state (see `limitWarning`). */
  limitWarning: string | null;
  /** Over all games. */
  seats: ShareRow[];
  /** Over all games; empty unless the game has teams. */
  teams: ShareRow[];
  /** Per player holding the role at the end, over the games someone held it. */
  roles: ShareRow[];
  /** Per player holding the card, for the piles every player holds one card of (a faction, an objective). */
  cards: (ShareRow & { pile: string })[];
  /**
   * The player who played the first turn, over the games that had one: its share, the fair share,
   * and the advantage (share − fair, with the interval's ends moved the same way).
   */
  firstPlayer: Share & { fair: number; advantage: Interval; unfair: boolean };
  /** How the games ended, the most frequent first. */
  endings: Ending[];
  length: { turns: LengthSpread; rounds: LengthSpread; decisions: LengthSpread };
}

export interface BalanceReport {
  format: 'regola-balance/1';
  title: string;
  variant: string | null;
  seed: number;
  /** Games for each count and each kind of bot. */
  games: number;
  players: number[];
  bots: string[];
  /** The simulation's round limit; null when the rules state their length. */
  roundLimit: number | null;
  statedLength: string | null;
  /** For each count (in order), each kind of bot (in order). */
  cells: BalanceCell[];
}

const share = (wins: number, games: number): Share => ({ wins, games, ...wilsonInterval(wins, games) });
const row = (label: string, wins: number, games: number, fair: number): ShareRow => {
  const s = share(wins, games);
  return { label, ...s, fair, unfair: games > 0 && (s.low > fair || s.high < fair) };
};

/** Mean, extremes and quartiles (linear between the nearest ranks, as R's default quantile). */
export function lengthSpread(values: number[]): LengthSpread {
  if (values.length === 0) return { mean: 0, min: 0, q1: 0, median: 0, q3: 0, max: 0 };
  const sorted = values.slice().sort((a, b) => a - b);
  const at = (q: number) => {
    const position = q * (sorted.length - 1);
    const below = Math.floor(position);
    const above = Math.min(sorted.length - 1, below + 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
  };
  return {
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    min: sorted[0], q1: at(0.25), median: at(0.5), q3: at(0.75), max: sorted[sorted.length - 1],
  };
}

/** One cell's report from its games' records, in game order. */
export function balanceCell(definition: GameDefinition, cell: BalanceCellJob, records: GameRecord[]): BalanceCell {
  const tally = new SimulationTally(definition, { ...cell.job, games: records.length });
  for (const record of records) tally.add(record);
  const report = tally.report();
  const games = records.length;
  const n = cell.players;
  const seatWins = records.reduce((sum, r) => sum + r.winners.length, 0);
  const perPlayer = games ? seatWins / (n * games) : 0;
  const teamsPresent = new Set(records.flatMap((r) => r.teams.filter((t): t is number => t !== null)));
  const teamFair = teamsPresent.size && games ? report.winsByTeam.reduce((sum, t) => sum + t.wins, 0) / (teamsPresent.size * games) : 0;
  const opened = records.filter((r) => r.firstSeat >= 0);
  const firstFair = opened.length ? opened.reduce((sum, r) => sum + r.winners.length, 0) / (n * opened.length) : 0;
  const first = share(report.firstPlayer.wins, report.firstPlayer.games);
  const endings = new Map<string, Ending>();
  for (const record of records) {
    const key = `${record.kind}\u0000${record.reason}`;
    const ending = endings.get(key) ?? { outcome: record.kind, reason: record.reason, games: 0, stoppedAtRoundLimit: 0 };
    ending.games++;
    if (record.stoppedAtRoundLimit) ending.stoppedAtRoundLimit++;
    endings.set(key, ending);
  }
  return {
    players: n,
    bot: cell.bot,
    games,
    decided: report.decided,
    draws: report.draws,
    aborted: report.aborted,
    stoppedAtRoundLimit: report.stoppedAtRoundLimit,
    stoppedAtStatedLength: report.stoppedAtStatedLength,
    limitWarning: report.limitWarning,
    seats: report.winsBySeat.map((s, seat) => row(playerName(seat), s.wins, games, perPlayer)),
    teams: report.winsByTeam.filter((_, t) => teamsPresent.has(t)).map((t) => row(t.team, t.wins, games, teamFair)),
    roles: report.winsByRole.map((r) => row(r.role, r.wins, r.games, perPlayer)),
    cards: report.winsByCard.map((c) => ({ pile: c.pile, ...row(c.card, c.wins, c.games, perPlayer) })),
    firstPlayer: {
      ...first,
      fair: firstFair,
      advantage: { rate: first.rate - firstFair, low: first.low - firstFair, high: first.high - firstFair },
      unfair: first.games > 0 && (first.low > firstFair || first.high < firstFair),
    },
    endings: [...endings.values()].sort((a, b) => b.games - a.games || a.outcome.localeCompare(b.outcome) || a.reason.localeCompare(b.reason)),
    length: {
      turns: lengthSpread(records.map((r) => r.turns)),
      rounds: lengthSpread(records.map((r) => r.rounds)),
      decisions: lengthSpread(records.map((r) => r.decisions)),
    },
  };
}

/** The whole report: each cell from its games' records (`records[i]` for `cells[i]` of `balanceCells(plan)`). */
export function balanceReport(definition: GameDefinition, plan: BalancePlan, cells: BalanceCellJob[], records: GameRecord[][]): BalanceReport {
  return {
    format: 'regola-balance/1',
    title: definition.title,
    variant: plan.variant,
    seed: plan.seed,
    games: plan.games,
    players: plan.players.slice(),
    bots: plan.bots.map(botName),
    roundLimit: simulationRoundLimit(definition, plan.maxRounds),
    statedLength: definition.statedLength?.text ?? null,
    cells: cells.map((cell, i) => balanceCell(definition, cell, records[i] ?? [])),
  };
}
