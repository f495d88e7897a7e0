/** Batch simulation: many random-bot games, summarised by seat, by role, by the card each holds alone, and by length. */
import { playerName, type GameDefinition } from '../program/program.ts';
import { playSimulationGame, simulationGameSeed, type GameRecord, type GameSettings } from './simulation-game.ts';
import { botName, type BotSpec } from '../bots/bot-spec.ts';

export { cardsHeldAlone, playSimulationGame, simulationGameSeed, type GameRecord, type GameSettings } from './simulation-game.ts';

/**
 * Rounds after which `simulate` stops a game that has not ended. Counted in rounds, it means the
 * same at every table size: 200 turns for each player, many times what a game between people
 * takes. It never comes before the turn limits of the games in rules/ (at most 400 turns, with at
 * least two players in: 200 rounds), so their reports do not change. It bites where random bots
 * wander: a map war (Risiko!) whose bots attack at random, so that nobody holds a continent for
 * long, under a long turn limit or the default 1000 turns at 2 to 4 players. A game still going
 * after 200 rounds says nothing more about who wins; playing it on only slows the run and
 * stretches the length charts.
 */
export const defaultMaxRounds = 200;

/** Everything but `onProgress` is plain JSON: it is posted as it is to the workers of a parallel run. */
export interface SimulationOptions {
  games: number;
  players: number;
  seed: number;
  variant?: string | null;
  /** Stop each game still going after this many rounds (counted as aborted). Default `defaultMaxRounds`. */
  maxRounds?: number;
  /** The bot at each seat (search bots: search/); left out, random bots everywhere. */
  bots?: BotSpec[];
  onProgress?: (done: number, total: number) => void;
}

export interface SimulationReport {
  title: string;
  games: number;
  players: number;
  seed: number;
  variant: string | null;
  /** The bot at each seat, by name (`mcts:200`), or null for random bots everywhere. */
  bots: string[] | null;
  /** The simulation's round limit (`SimulationOptions.maxRounds`); null when the rules state their length and none was asked for. */
  roundLimit: number | null;
  /** The length the rules state (`length up to 40 mani`), or null. */
  statedLength: string | null;
  /** Of the aborted games, those that went past the length the rules state. */
  stoppedAtStatedLength: number;
  /** Said loudly when more than 1% of games were stopped by a limit the rules do not state: their results are missing. */
  limitWarning: string | null;
  /** Games with at least one winner: neither drawn nor aborted. The `decidedRate`s are over these. */
  decided: number;
  /** `rate` is over all games; `decidedRate` over the decided games (they differ when games were drawn or aborted). */
  winsBySeat: { seat: string; wins: number; rate: number; decidedRate: number }[];
  /**
   * Wins of the player holding each role at the end (shared wins count for each winner): `rate`
   * over the games in which someone held it, `decidedRate` over those of them that were decided.
   */
  winsByRole: { role: string; games: number; wins: number; rate: number; decidedGames: number; decidedRate: number }[];
  /**
   * Wins of the player who played the first turn of each game (`GameState.firstSeat`, whoever the
   * setup chose), over the games in which a first turn was played, with a 95% Wilson interval.
   */
  firstPlayer: { wins: number; games: number; rate: number; low: number; high: number };
  /** Games won by each team (a team's win counts once, however many members it has). */
  winsByTeam: { team: string; wins: number; rate: number; decidedRate: number }[];
  /**
   * For a player pile in which every player ended every game holding exactly one card (a secret
   * objective, dealt like a role): the wins of whoever held each card, as for roles.
   */
  winsByCard: { pile: string; card: string; games: number; wins: number; rate: number; decidedGames: number; decidedRate: number }[];
  draws: number;
  /** Games stopped without a result: the game's turn limit, a rule that failed, or the simulation's round limit. */
  aborted: number;
  /** Of the aborted games, those stopped by the simulation's round limit. */
  stoppedAtRoundLimit: number;
  abortReasons: { reason: string; games: number }[];
  endReasons: { reason: string; games: number }[];
  /** Over all games. A game stopped by the round limit counts as lasting `roundLimit` rounds. */
  length: {
    meanTurns: number; medianTurns: number; maxTurns: number;
    meanRounds: number; medianRounds: number; maxRounds: number;
    meanDecisions: number;
  };
}

/** Wins of the holder of each card of the piles every player always holds one card of. */
export class CardWins {
  private readonly byPile = new Map<string, Map<string, { games: number; wins: number; decidedGames: number }>>();
  private readonly notAlone = new Set<string>();

  add(game: GameRecord, decided: boolean): void {
    for (const pile of game.pilesNotHeldAlone) this.notAlone.add(pile);
    for (const { pile, cards } of game.cardsHeldAlone) {
      const byCard = this.byPile.get(pile) ?? new Map();
      cards.forEach((card, seat) => {
        const entry = byCard.get(card) ?? { games: 0, wins: 0, decidedGames: 0 };
        entry.games++;
        if (decided) entry.decidedGames++;
        if (game.winners.includes(seat)) entry.wins++;
        byCard.set(card, entry);
      });
      this.byPile.set(pile, byCard);
    }
  }

  /** In the order the cards are declared; only piles held one card each in every game. */
  rows(definition: GameDefinition): { pile: string; card: string; games: number; wins: number; decidedGames: number }[] {
    const names = [...new Set(definition.cards.map((c) => c.name))];
    return [...this.byPile].filter(([pile]) => !this.notAlone.has(pile)).flatMap(([pile, byCard]) =>
      names.filter((card) => byCard.has(card)).map((card) => ({ pile, card, ...byCard.get(card)! })));
  }
}

/** A simulation's options without the progress callback: plain JSON, the same for every worker. */
export type SimulationJob = Omit<SimulationOptions, 'onProgress'>;

/** The settings each game of a run is played with. */
export function gameSettings(definition: GameDefinition, job: SimulationJob): GameSettings {
  return { players: job.players, variant: job.variant, roundLimit: simulationRoundLimit(definition, job.maxRounds), bots: job.bots };
}

/**
 * The report's counts, fed one game at a time. Games must be added in game order (0, 1, 2…):
 * the means and the order of first appearance then come out the same however the games were
 * spread over workers.
 */
export class SimulationTally {
  private readonly maxRounds: number | null;
  private readonly winsBySeat: number[];
  private readonly roleGames = new Map<string, { games: number; wins: number; decidedGames: number }>();
  private readonly teamWins: number[];
  private readonly cardWins = new CardWins();
  private readonly endReasons = new Map<string, number>();
  private readonly abortReasons = new Map<string, number>();
  private readonly turns: number[] = [];
  private readonly rounds: number[] = [];
  private decisions = 0;
  private decided = 0;
  private draws = 0;
  private aborted = 0;
  private stoppedAtRoundLimit = 0;
  private stoppedAtStatedLength = 0;
  private firstPlayerGames = 0;
  private firstPlayerWins = 0;

  constructor(private readonly definition: GameDefinition, private readonly job: SimulationJob) {
    this.maxRounds = simulationRoundLimit(definition, job.maxRounds);
    this.winsBySeat = new Array(job.players).fill(0);
    this.teamWins = definition.teams.map(() => 0);
  }

  /** Games added so far. */
  get games(): number { return this.turns.length; }

  add(game: GameRecord): void {
    this.turns.push(game.turns);
    this.rounds.push(game.rounds);
    this.decisions += game.decisions;
    this.endReasons.set(game.reason, (this.endReasons.get(game.reason) ?? 0) + 1);
    const won = game.kind === 'win' && game.winners.length > 0;
    if (game.kind === 'aborted') {
      this.aborted++;
      if (game.stoppedAtRoundLimit) this.stoppedAtRoundLimit++;
      if (game.stoppedAtStatedLength) this.stoppedAtStatedLength++;
      this.abortReasons.set(game.reason, (this.abortReasons.get(game.reason) ?? 0) + 1);
    } else if (won) this.decided++;
    else this.draws++;
    for (const winner of game.winners) this.winsBySeat[winner]++;
    // A game that ended in its setup had no first turn, so no first player.
    if (game.firstSeat >= 0) {
      this.firstPlayerGames++;
      if (game.winners.includes(game.firstSeat)) this.firstPlayerWins++;
    }
    for (const team of new Set(game.winners.map((w) => game.teams[w]))) if (team !== null) this.teamWins[team]++;
    game.roles.forEach((role, seat) => {
      if (role === null) return;
      const entry = this.roleGames.get(role) ?? { games: 0, wins: 0, decidedGames: 0 };
      entry.games++;
      if (won) entry.decidedGames++;
      if (game.winners.includes(seat)) entry.wins++;
      this.roleGames.set(role, entry);
    });
    this.cardWins.add(game, won);
  }

  report(): SimulationReport {
    const { definition, job, decided, maxRounds } = this;
    const games = job.games;
    const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);
    const byCount = (map: Map<string, number>) => [...map].map(([reason, count]) => ({ reason, games: count })).sort((a, b) => b.games - a.games || a.reason.localeCompare(b.reason));
    const turnSpread = spread(this.turns);
    const roundSpread = spread(this.rounds);
    return {
      title: definition.title,
      games,
      players: job.players,
      seed: job.seed,
      variant: job.variant ?? null,
      bots: job.bots ? job.bots.map(botName) : null,
      roundLimit: maxRounds,
      statedLength: definition.statedLength?.text ?? null,
      stoppedAtStatedLength: this.stoppedAtStatedLength,
      limitWarning: limitWarning(this.stoppedAtRoundLimit, games, maxRounds),
      decided,
      winsBySeat: this.winsBySeat.map((wins, seat) => ({ seat: playerName(seat), wins, rate: rate(wins, games), decidedRate: rate(wins, decided) })),
      winsByRole: definition.roles.filter((r) => this.roleGames.has(r.name)).map((r) => {
        const entry = this.roleGames.get(r.name)!;
        return { role: r.name, games: entry.games, wins: entry.wins, rate: rate(entry.wins, entry.games), decidedGames: entry.decidedGames, decidedRate: rate(entry.wins, entry.decidedGames) };
      }),
      firstPlayer: { wins: this.firstPlayerWins, games: this.firstPlayerGames, ...wilsonInterval(this.firstPlayerWins, this.firstPlayerGames) },
      winsByTeam: definition.teams.map((team, t) => ({ team: team.name, wins: this.teamWins[t], rate: rate(this.teamWins[t], games), decidedRate: rate(this.teamWins[t], decided) })),
      winsByCard: this.cardWins.rows(definition).map((row) => ({ ...row, rate: rate(row.wins, row.games), decidedRate: rate(row.wins, row.decidedGames) })),
      draws: this.draws,
      aborted: this.aborted,
      stoppedAtRoundLimit: this.stoppedAtRoundLimit,
      abortReasons: byCount(this.abortReasons),
      endReasons: byCount(this.endReasons),
      length: {
        meanTurns: turnSpread.mean,
        medianTurns: turnSpread.median,
        maxTurns: turnSpread.max,
        meanRounds: roundSpread.mean,
        medianRounds: roundSpread.median,
        maxRounds: roundSpread.max,
        meanDecisions: games ? this.decisions / games : 0,
      },
    };
  }
}

/** Plays the run's games one after another on this thread. */
export function simulate(definition: GameDefinition, options: SimulationOptions): SimulationReport {
  const { onProgress, ...job } = options;
  const tally = new SimulationTally(definition, job);
  const settings = gameSettings(definition, job);
  const step = Math.max(1, Math.floor(options.games / 100));
  for (let game = 0; game < options.games; game++) {
    tally.add(playSimulationGame(definition, settings, simulationGameSeed(options.seed, game)));
    if (onProgress && ((game + 1) % step === 0 || game + 1 === options.games)) onProgress(game + 1, options.games);
  }
  return tally.report();
}

/**
 * The round limit a simulation plays under: the one asked for; none when the rules state their
 * own length (that bounds the games instead); else the default.
 */
export function simulationRoundLimit(definition: GameDefinition, asked: number | undefined): number | null {
  return asked ?? (definition.statedLength ? null : defaultMaxRounds);
}

/**
 * More than 1% of games stopped by the simulation's round limit — a limit the rules do not state —
 * and the win rates leave them out: say so loudly, and how to fix it.
 */
export function limitWarning(stopped: number, games: number, roundLimit: number | null): string | null {
  if (roundLimit === null || games === 0 || stopped / games <= 0.01) return null;
  const share = (100 * stopped / games).toFixed(1);
  return `${share}% of the games (${stopped} of ${games}) were stopped by the simulation's limit of ${roundLimit} rounds, which the rules do not state: `
    + `their results are missing from the win rates. State how long a game may last in the game block (length up to N rounds, turns, or a counter of the rules) or raise --max-rounds.`;
}

/** z for a two-sided 95% interval. */
export const z95 = 1.959963984540054;

/**
 * The Wilson score interval for a proportion, for the report and the studio's charts: it stays inside [0, 1] and behaves at 0 and n successes.
 * With no trials nothing is known: the interval is [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z = z95): { rate: number; low: number; high: number } {
  if (trials <= 0) return { rate: 0, low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { rate: p, low: successes === 0 ? 0 : Math.max(0, centre - half), high: successes === trials ? 1 : Math.min(1, centre + half) };
}

function spread(values: number[]): { mean: number; median: number; max: number } {
  if (values.length === 0) return { mean: 0, median: 0, max: 0 };
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return {
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    median: sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2,
    max: sorted[sorted.length - 1],
  };
}
