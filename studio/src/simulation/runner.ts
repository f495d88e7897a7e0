/**
 * A simulation run that can stop between any two games: random-bot playouts on the lean stepper,
 * tallied per variant. The worker drives it in small steps (progress, cancel); the tests drive it
 * directly. Game i of a run uses the seed `seed + i × 7919` and the same round limit as
 * `regola simulate`, so the studio and the CLI agree game by game, and two compared variants play
 * the same seeds.
 */
import { playerName, startGame, type GameDefinition } from '../../../interpreter/index.ts';
import { CardWins, limitWarning, simulationRoundLimit } from '../../../interpreter/index.ts';
import { playSimulationGame, simulationGameSeed, type GameRecord } from '../../../interpreter/index.ts';
import { spread, wilson, type Spread } from './stats.ts';

export interface SimulationRequest {
  games: number;
  players: number;
  seed: number;
  /** One variant, or two to compare (null: the options as declared). */
  variants: (string | null)[];
  /** Stop a game still going after this many rounds, as aborted; `regola simulate`'s default when left out. */
  maxRounds?: number;
}

export const maxGames = 10_000;

export interface RateRow {
  key: string;
  label: string;
  wins: number;
  games: number;
  rate: number;
  low: number;
  high: number;
}

export interface Count { reason: string; games: number }

export interface SimulationSummary {
  variant: string | null;
  label: string;
  /** Games played (fewer than requested when the run was cancelled). */
  games: number;
  requested: number;
  players: number;
  seed: number;
  /** Win rate of each seat over all games (shared wins count for each winner). */
  bySeat: RateRow[];
  /** Win rate of each role over the games in which someone held it at the end. */
  byRole: RateRow[];
  /** Win rate of the holder of each card of a pile every player holds one card of (a secret objective), by pile. */
  byCard: { pile: string; rows: RateRow[] }[];
  /** Games with at least one winner. */
  decided: number;
  draws: number;
  /** Games stopped by the turn limit, by a rule that failed, or by the simulation's round limit. */
  aborted: number;
  /** The round limit the games were played under; null when the rules state their length instead. */
  roundLimit: number | null;
  /** The length the rules state (`length up to 40 mani`), or null. */
  statedLength: string | null;
  /** More than half the games were stopped (aborted): the rates say little, and no difference is starred. */
  mostlyStopped: boolean;
  /** Said loudly when more than 1% of games were stopped by a limit the rules do not state. */
  limitWarning: string | null;
  abortReasons: Count[];
  endReasons: Count[];
  /** Turns of each game, in game order; `abortedGame[i]` says whether game i was aborted. */
  turns: number[];
  abortedGame: boolean[];
  length: Spread;
  meanDecisions: number;
}

/** How a variant is named in the panel: null is the rules as written, their options as declared. */
export function variantLabel(variant: string | null): string {
  return variant === null ? 'default' : variant;
}

/** The seed of game `index` of a run (the same formula as interpreter/simulation/simulate.ts). */
export function gameSeed(seed: number, index: number): number {
  return simulationGameSeed(seed, index);
}

class Tally {
  readonly winsBySeat: number[];
  readonly roles = new Map<string, { games: number; wins: number }>();
  readonly cards = new CardWins();
  readonly endReasons = new Map<string, number>();
  readonly abortReasons = new Map<string, number>();
  readonly turns: number[] = [];
  readonly abortedGame: boolean[] = [];
  decided = 0;
  draws = 0;
  aborted = 0;
  stoppedAtRoundLimit = 0;
  decisions = 0;

  constructor(readonly variant: string | null, players: number) {
    this.winsBySeat = new Array(players).fill(0);
  }
}

export class SimulationRun implements Playable {
  readonly request: SimulationRequest;
  private readonly tallies: Tally[];
  /** Games played so far, over all variants. */
  done = 0;

  constructor(private readonly definition: GameDefinition, request: SimulationRequest) {
    const games = Math.floor(request.games);
    if (!(games >= 1 && games <= maxGames)) throw new Error(`the number of games must be between 1 and ${maxGames}`);
    if (!request.variants.length) throw new Error('no variant to run');
    const seed = Math.floor(request.seed) >>> 0;
    this.request = { ...request, games, seed };
    for (const variant of request.variants) {
      // Refuse bad settings (player count, unknown variant) before the first game, with the engine's own words.
      const started = startGame(definition, { players: request.players, seed, variant, quiet: true });
      if (!started.ok) throw new Error(started.diagnostic.message);
    }
    this.tallies = request.variants.map((v) => new Tally(v, request.players));
  }

  get roundLimit(): number | null { return simulationRoundLimit(this.definition, this.request.maxRounds); }
  get total(): number { return this.request.games * this.tallies.length; }
  get finished(): boolean { return this.done >= this.total; }

  /**
   * Plays up to `count` more games. The variants take turns game by game (A1 B1 A2 B2…), so a
   * run stopped early has played the same seeds in each.
   */
  step(count: number): void {
    for (let played = 0; played < count && !this.finished; played++) this.add(this.play(this.done));
  }

  /** Plays the run's game number `index` (in the A1 B1 A2 B2… order) without counting it: a worker's share of a run. */
  play(index: number): GameRecord {
    const variants = this.tallies.length;
    const variant = this.tallies[index % variants].variant;
    return playSimulationGame(this.definition, { players: this.request.players, variant, roundLimit: this.roundLimit }, gameSeed(this.request.seed, Math.floor(index / variants)));
  }

  /** Counts the next game of the run (number `done`), however it was played. */
  add(game: GameRecord): void {
    const tally = this.tallies[this.done % this.tallies.length];
    if (game.stoppedAtRoundLimit) tally.stoppedAtRoundLimit++;
    tally.turns.push(game.turns);
    tally.abortedGame.push(game.kind === 'aborted');
    tally.decisions += game.decisions;
    tally.endReasons.set(game.reason, (tally.endReasons.get(game.reason) ?? 0) + 1);
    if (game.kind === 'aborted') {
      tally.aborted++;
      tally.abortReasons.set(game.reason, (tally.abortReasons.get(game.reason) ?? 0) + 1);
    } else if (game.kind === 'draw' || game.winners.length === 0) {
      tally.draws++;
    } else {
      tally.decided++;
    }
    for (const winner of game.winners) tally.winsBySeat[winner]++;
    tally.cards.add(game, game.kind === 'win' && game.winners.length > 0);
    game.roles.forEach((role, seat) => {
      if (role === null) return;
      const entry = tally.roles.get(role) ?? { games: 0, wins: 0 };
      entry.games++;
      if (game.winners.includes(seat)) entry.wins++;
      tally.roles.set(role, entry);
    });
    this.done++;
  }

  summaries(): SimulationSummary[] {
    return this.tallies.map((tally) => {
      const games = tally.turns.length;
      const cardRows = tally.cards.rows(this.definition);
      const row = (key: string, label: string, wins: number, of: number): RateRow => ({ key, label, wins, games: of, ...wilson(wins, of) });
      const byCount = (map: Map<string, number>): Count[] =>
        [...map].map(([reason, n]) => ({ reason, games: n })).sort((a, b) => b.games - a.games || a.reason.localeCompare(b.reason));
      return {
        variant: tally.variant,
        label: variantLabel(tally.variant),
        games,
        requested: this.request.games,
        players: this.request.players,
        seed: this.request.seed,
        bySeat: tally.winsBySeat.map((wins, seat) => row(playerName(seat), playerName(seat), wins, games)),
        // In the order the rules declare the roles.
        byRole: this.definition.roles.filter((r) => tally.roles.has(r.name)).map((r) => {
          const entry = tally.roles.get(r.name)!;
          return row(r.name, r.name, entry.wins, entry.games);
        }),
        byCard: [...new Set(cardRows.map((r) => r.pile))].map((pile) => ({
          pile,
          rows: cardRows.filter((r) => r.pile === pile).map((r) => row(`${pile}: ${r.card}`, r.card, r.wins, r.games)),
        })),
        decided: tally.decided,
        draws: tally.draws,
        aborted: tally.aborted,
        mostlyStopped: games > 0 && tally.aborted * 2 > games,
        roundLimit: this.roundLimit,
        statedLength: this.definition.statedLength?.text ?? null,
        limitWarning: limitWarning(tally.stoppedAtRoundLimit, games, this.roundLimit),
        abortReasons: byCount(tally.abortReasons),
        endReasons: byCount(tally.endReasons),
        turns: tally.turns.slice(),
        abortedGame: tally.abortedGame.slice(),
        length: spread(tally.turns),
        meanDecisions: games ? tally.decisions / games : 0,
      };
    });
  }
}

/** What a run needs from a set of games: how many, how far, one more step, the tallies. */
export interface Playable {
  readonly total: number;
  readonly done: number;
  readonly finished: boolean;
  step(count: number): void;
  /** Plays game `index` of the run without counting it (a worker's share). */
  play(index: number): GameRecord;
  /** Counts the next game (number `done`); games must come in order. */
  add(game: GameRecord): void;
  summaries(): SimulationSummary[];
}

/**
 * "Compare with the text before my edits": the same variant, players and seeds on two versions of
 * the rules, A the snapshot and B the text now, game by game in turns (A1 B1 A2 B2…) like two
 * compared variants, so a run stopped early has played the same seeds on both.
 */
export class SnapshotRun implements Playable {
  private readonly runs: [SimulationRun, SimulationRun];

  constructor(before: GameDefinition, now: GameDefinition, request: SimulationRequest) {
    const one = { ...request, variants: [request.variants[0] ?? null] };
    let a: SimulationRun;
    try { a = new SimulationRun(before, one); } catch (error) { throw new Error(`the snapshot cannot play these settings: ${(error as Error).message}`); }
    this.runs = [a, new SimulationRun(now, one)];
  }

  get total(): number { return this.runs[0].total + this.runs[1].total; }
  get done(): number { return this.runs[0].done + this.runs[1].done; }
  get finished(): boolean { return this.runs[0].finished && this.runs[1].finished; }

  step(count: number): void {
    for (let i = 0; i < count && !this.finished; i++) this.add(this.play(this.done));
  }

  play(index: number): GameRecord { return this.runs[index % 2].play(Math.floor(index / 2)); }

  add(game: GameRecord): void { this.runs[this.done % 2].add(game); }

  summaries(): SimulationSummary[] {
    const [a, b] = this.runs.map((run) => run.summaries()[0]);
    const variant = a.variant === null ? '' : ` (${a.label})`;
    return [{ ...a, label: `A · snapshot${variant}` }, { ...b, label: `B · now${variant}` }];
  }
}

/** Messages to the simulation worker; `before`: the snapshot's text, to compare with `text`. */
export type WorkerRequest =
  | { type: 'run'; id: number; text: string; request: SimulationRequest; before?: string }
  | { type: 'cancel'; id: number };

/** Messages from the simulation worker. */
export type WorkerReply =
  | { type: 'progress'; id: number; done: number; total: number; elapsedMs: number }
  | { type: 'result'; id: number; summaries: SimulationSummary[]; elapsedMs: number }
  | { type: 'cancelled'; id: number; summaries: SimulationSummary[]; done: number; total: number; elapsedMs: number }
  | { type: 'error'; id: number; message: string };

/**
 * Runs a whole request as the worker does, reporting progress about every 1% and stopping when
 * `cancelled()` says so between two steps. `pause` lets other messages in (the worker yields to
 * its event loop; the tests can pass nothing).
 */
export async function runSimulation(
  definition: GameDefinition | { before: GameDefinition; now: GameDefinition },
  id: number,
  request: SimulationRequest,
  post: (reply: WorkerReply) => void,
  cancelled: () => boolean,
  pause: () => Promise<void> = async () => {},
  clock: () => number = () => performance.now(),
): Promise<void> {
  const started = clock();
  let run: Playable;
  try {
    run = 'before' in definition ? new SnapshotRun(definition.before, definition.now, request) : new SimulationRun(definition, request);
  } catch (error) {
    post({ type: 'error', id, message: (error as Error).message });
    return;
  }
  const tick = Math.max(1, Math.ceil(run.total / 100));
  post({ type: 'progress', id, done: 0, total: run.total, elapsedMs: 0 });
  while (!run.finished) {
    await pause();
    if (cancelled()) {
      post({ type: 'cancelled', id, summaries: run.summaries(), done: run.done, total: run.total, elapsedMs: clock() - started });
      return;
    }
    try {
      run.step(tick);
    } catch (error) {
      post({ type: 'error', id, message: `game ${Math.floor(run.done / ('before' in definition ? 2 : request.variants.length)) + 1}: ${(error as Error).message}` });
      return;
    }
    post({ type: 'progress', id, done: run.done, total: run.total, elapsedMs: clock() - started });
  }
  post({ type: 'result', id, summaries: run.summaries(), elapsedMs: clock() - started });
}
