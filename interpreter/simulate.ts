/** Batch simulation: many random-bot games, summarised by seat, by role, by the card each holds alone, and by length. */
import { randomPlayout } from './bots.ts';
import { playerName, type GameDefinition, type GameState } from './program.ts';

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

export interface SimulationOptions {
  games: number;
  players: number;
  seed: number;
  variant?: string | null;
  /** Stop each game still going after this many rounds (counted as aborted). Default `defaultMaxRounds`. */
  maxRounds?: number;
  onProgress?: (done: number, total: number) => void;
  /** The back end the games run on (bots.ts `PlayoutOptions.engine`); unset: generated code once the games are many. */
  engine?: 'stepper' | 'generated';
}

export interface SimulationReport {
  title: string;
  games: number;
  players: number;
  seed: number;
  variant: string | null;
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

/**
 * The player piles in which every player holds exactly one card at this point, with the card's
 * name by seat: an objective or a character card dealt one each, which decides a game as a role does.
 */
export function cardsHeldAlone(definition: GameDefinition, state: GameState): Map<string, string[]> {
  const result = new Map<string, string[]>();
  definition.piles.forEach((pile, index) => {
    if (!pile.perPlayer) return;
    const slots = Array.from({ length: state.seats }, (_, seat) => state.piles[state.pileBase[index] + seat]);
    if (slots.every((cards) => cards.length === 1)) result.set(pile.name, slots.map((cards) => definition.cards[cards[0]].name));
  });
  return result;
}

/** Wins of the holder of each card of the piles every player always holds one card of. */
export class CardWins {
  private readonly byPile = new Map<string, Map<string, { games: number; wins: number; decidedGames: number }>>();
  private readonly notAlone = new Set<string>();

  add(definition: GameDefinition, state: GameState, winners: number[], decided: boolean): void {
    const held = cardsHeldAlone(definition, state);
    for (const pile of definition.piles) if (pile.perPlayer && !held.has(pile.name)) this.notAlone.add(pile.name);
    for (const [pile, cards] of held) {
      const byCard = this.byPile.get(pile) ?? new Map();
      cards.forEach((card, seat) => {
        const entry = byCard.get(card) ?? { games: 0, wins: 0, decidedGames: 0 };
        entry.games++;
        if (decided) entry.decidedGames++;
        if (winners.includes(seat)) entry.wins++;
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

export function simulate(definition: GameDefinition, options: SimulationOptions): SimulationReport {
  const maxRounds = simulationRoundLimit(definition, options.maxRounds);
  const winsBySeat = new Array(options.players).fill(0);
  const roleGames = new Map<string, { games: number; wins: number; decidedGames: number }>();
  const teamWins = definition.teams.map(() => 0);
  const cardWins = new CardWins();
  const endReasons = new Map<string, number>();
  const abortReasons = new Map<string, number>();
  const turns: number[] = [];
  const rounds: number[] = [];
  let decisions = 0;
  let decided = 0;
  let draws = 0;
  let aborted = 0;
  let stoppedAtRoundLimit = 0;
  let stoppedAtStatedLength = 0;
  let firstPlayerGames = 0;
  let firstPlayerWins = 0;
  const step = Math.max(1, Math.floor(options.games / 100));
  for (let game = 0; game < options.games; game++) {
    // Each game has its own seed derived from the run's seed, so a run is reproducible game by game.
    const playout = randomPlayout(definition, { players: options.players, seed: (options.seed + game * 7919) >>> 0, variant: options.variant, keepMoves: false, maxRounds: maxRounds ?? undefined, engine: options.engine });
    const { state, outcome } = playout;
    turns.push(state.turn);
    // Stopped at the first choice of the round after the limit: it played the limit's rounds.
    rounds.push(playout.stoppedAtRoundLimit ? maxRounds! : state.round);
    decisions += state.moveCount;
    endReasons.set(outcome.reason, (endReasons.get(outcome.reason) ?? 0) + 1);
    const won = outcome.kind === 'win' && outcome.winners.length > 0;
    if (outcome.kind === 'aborted') {
      aborted++;
      if (playout.stoppedAtRoundLimit) stoppedAtRoundLimit++;
      if (playout.stoppedAtStatedLength) stoppedAtStatedLength++;
      abortReasons.set(outcome.reason, (abortReasons.get(outcome.reason) ?? 0) + 1);
    } else if (won) decided++;
    else draws++;
    for (const winner of outcome.winners) winsBySeat[winner]++;
    // A game that ended in its setup had no first turn, so no first player.
    if (state.firstSeat >= 0) {
      firstPlayerGames++;
      if (outcome.winners.includes(state.firstSeat)) firstPlayerWins++;
    }
    for (const team of new Set(outcome.winners.map((w) => state.players[w].team))) if (team !== null) teamWins[team]++;
    state.players.forEach((player, seat) => {
      if (player.role === null) return;
      const entry = roleGames.get(player.role) ?? { games: 0, wins: 0, decidedGames: 0 };
      entry.games++;
      if (won) entry.decidedGames++;
      if (outcome.winners.includes(seat)) entry.wins++;
      roleGames.set(player.role, entry);
    });
    cardWins.add(definition, state, outcome.winners, won);
    if (options.onProgress && ((game + 1) % step === 0 || game + 1 === options.games)) options.onProgress(game + 1, options.games);
  }
  const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);
  const byCount = (map: Map<string, number>) => [...map].map(([reason, games]) => ({ reason, games })).sort((a, b) => b.games - a.games || a.reason.localeCompare(b.reason));
  const turnSpread = spread(turns);
  const roundSpread = spread(rounds);
  return {
    title: definition.title,
    games: options.games,
    players: options.players,
    seed: options.seed,
    variant: options.variant ?? null,
    roundLimit: maxRounds,
    statedLength: definition.statedLength?.text ?? null,
    stoppedAtStatedLength,
    limitWarning: limitWarning(stoppedAtRoundLimit, options.games, maxRounds),
    decided,
    winsBySeat: winsBySeat.map((wins, seat) => ({ seat: playerName(seat), wins, rate: rate(wins, options.games), decidedRate: rate(wins, decided) })),
    winsByRole: definition.roles.filter((r) => roleGames.has(r.name)).map((r) => {
      const entry = roleGames.get(r.name)!;
      return { role: r.name, games: entry.games, wins: entry.wins, rate: rate(entry.wins, entry.games), decidedGames: entry.decidedGames, decidedRate: rate(entry.wins, entry.decidedGames) };
    }),
    firstPlayer: { wins: firstPlayerWins, games: firstPlayerGames, ...wilsonInterval(firstPlayerWins, firstPlayerGames) },
    winsByTeam: definition.teams.map((team, t) => ({ team: team.name, wins: teamWins[t], rate: rate(teamWins[t], options.games), decidedRate: rate(teamWins[t], decided) })),
    winsByCard: cardWins.rows(definition).map((row) => ({ ...row, rate: rate(row.wins, row.games), decidedRate: rate(row.wins, row.decidedGames) })),
    draws,
    aborted,
    stoppedAtRoundLimit,
    abortReasons: byCount(abortReasons),
    endReasons: byCount(endReasons),
    length: {
      meanTurns: turnSpread.mean,
      medianTurns: turnSpread.median,
      maxTurns: turnSpread.max,
      meanRounds: roundSpread.mean,
      medianRounds: roundSpread.median,
      maxRounds: roundSpread.max,
      meanDecisions: options.games ? decisions / options.games : 0,
    },
  };
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
