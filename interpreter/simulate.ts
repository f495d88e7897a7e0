/** Batch simulation: many random-bot games, summarised by seat, by role, and by length. */
import { randomPlayout } from './bots.ts';
import { playerName, type GameDefinition } from './program.ts';

export interface SimulationOptions {
  games: number;
  players: number;
  seed: number;
  variant?: string | null;
  onProgress?: (done: number, total: number) => void;
}

export interface SimulationReport {
  title: string;
  games: number;
  players: number;
  seed: number;
  variant: string | null;
  winsBySeat: { seat: string; wins: number; rate: number }[];
  /** Wins of the player holding each role at the end (shared wins count for each winner). */
  winsByRole: { role: string; games: number; wins: number; rate: number }[];
  /** Games won by each team (a team's win counts once, however many members it has). */
  winsByTeam: { team: string; wins: number; rate: number }[];
  draws: number;
  aborted: number;
  abortReasons: { reason: string; games: number }[];
  endReasons: { reason: string; games: number }[];
  length: { meanTurns: number; medianTurns: number; maxTurns: number; meanDecisions: number };
}

export function simulate(definition: GameDefinition, options: SimulationOptions): SimulationReport {
  const winsBySeat = new Array(options.players).fill(0);
  const roleGames = new Map<string, { games: number; wins: number }>();
  const teamWins = definition.teams.map(() => 0);
  const endReasons = new Map<string, number>();
  const abortReasons = new Map<string, number>();
  const turns: number[] = [];
  let decisions = 0;
  let draws = 0;
  let aborted = 0;
  const step = Math.max(1, Math.floor(options.games / 100));
  for (let game = 0; game < options.games; game++) {
    // Each game has its own seed derived from the run's seed, so a run is reproducible game by game.
    const { state, outcome } = randomPlayout(definition, { players: options.players, seed: (options.seed + game * 7919) >>> 0, variant: options.variant, keepMoves: false });
    turns.push(state.turn);
    decisions += state.moveCount;
    endReasons.set(outcome.reason, (endReasons.get(outcome.reason) ?? 0) + 1);
    if (outcome.kind === 'aborted') { aborted++; abortReasons.set(outcome.reason, (abortReasons.get(outcome.reason) ?? 0) + 1); }
    else if (outcome.kind === 'draw' || outcome.winners.length === 0) draws++;
    for (const winner of outcome.winners) winsBySeat[winner]++;
    for (const team of new Set(outcome.winners.map((w) => state.players[w].team))) if (team !== null) teamWins[team]++;
    state.players.forEach((player, seat) => {
      if (player.role === null) return;
      const entry = roleGames.get(player.role) ?? { games: 0, wins: 0 };
      entry.games++;
      if (outcome.winners.includes(seat)) entry.wins++;
      roleGames.set(player.role, entry);
    });
    if (options.onProgress && ((game + 1) % step === 0 || game + 1 === options.games)) options.onProgress(game + 1, options.games);
  }
  const sorted = turns.slice().sort((a, b) => a - b);
  const median = sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);
  const byCount = (map: Map<string, number>) => [...map].map(([reason, games]) => ({ reason, games })).sort((a, b) => b.games - a.games || a.reason.localeCompare(b.reason));
  return {
    title: definition.title,
    games: options.games,
    players: options.players,
    seed: options.seed,
    variant: options.variant ?? null,
    winsBySeat: winsBySeat.map((wins, seat) => ({ seat: playerName(seat), wins, rate: rate(wins, options.games) })),
    winsByRole: definition.roles.filter((r) => roleGames.has(r.name)).map((r) => {
      const entry = roleGames.get(r.name)!;
      return { role: r.name, games: entry.games, wins: entry.wins, rate: rate(entry.wins, entry.games) };
    }),
    winsByTeam: definition.teams.map((team, t) => ({ team: team.name, wins: teamWins[t], rate: rate(teamWins[t], options.games) })),
    draws,
    aborted,
    abortReasons: byCount(abortReasons),
    endReasons: byCount(endReasons),
    length: {
      meanTurns: turns.length ? turns.reduce((a, b) => a + b, 0) / turns.length : 0,
      medianTurns: median,
      maxTurns: sorted[sorted.length - 1] ?? 0,
      meanDecisions: options.games ? decisions / options.games : 0,
    },
  };
}
