/**
 * A match: one game being played, on the XState actor of its machine. It answers what a table
 * needs — whose choice it is, the legal moves, applying or refusing a move, what each player may
 * see, the log with its citations, undo/redo, the outcome, and save/restore as JSON.
 */
import type { Actor } from 'xstate';
import { codes, diagnostic, type Diagnostic } from '../../grammar/index.ts';
import { applyMoveInPlace, cloneState, internalFailure, legalMoves, refusal, startGame, type LegalMove, type Move, type StartOptions } from '../engine/engine.ts';
import { stateHash } from '../program/hash.ts';
import { actorAt, buildMachine, machineStateKeys, type GameMachine } from './machine.ts';
import { playerName, type GameDefinition, type GameState, type Outcome } from '../program/program.ts';
import type { Layout } from '../runtime/grids.ts';
import { viewFor, type PlayerView, type Viewer } from '../engine/view.ts';

/** A saved game: enough to rebuild it exactly (same rules + seed + moves → same game). */
export interface SavedGame {
  format: 'regola-save/1';
  title: string;
  players: number;
  seed: number;
  variant: string | null;
  /** The tiles the game started from, when it continued a series (`carry layout`). */
  layout?: Layout;
  moves: Move[];
  /** Hash of the final state, to notice rules that changed since the save. */
  stateHash: string;
  outcome: Outcome | null;
}

export type MoveResult = { ok: true } | { ok: false; diagnostic: Diagnostic };

/** A replay from a move list: how many moves the rules took, and why they refused the next one. */
export type Replayed = { ok: true; match: Match; applied: number; refused: Diagnostic | null } | { ok: false; diagnostic: Diagnostic };

/**
 * A move played, with the state before it and the log's length then (a log line written by move i
 * lies between its `logLength` and the next one's). A replay keeps the state only every
 * `checkpointEvery` moves; undo rebuilds the others from the checkpoint before them.
 */
interface Played { state: GameState | null; move: Move; logLength: number }
const checkpointEvery = 32;

/**
 * A match as plain data (structured-cloneable): the studio replays in a worker and rebuilds the
 * match from this on the main thread, with the same definition compiled there from the same text.
 * No checkpoints travel: undo rebuilds them from `initial` once, when first asked.
 */
export interface PlainMatch {
  options: Match['options'];
  initial: GameState;
  state: GameState;
  played: { move: Move; logLength: number }[];
}

export class Match {
  private readonly actor: Actor<GameMachine>;
  private readonly machine: GameMachine;
  private past: Played[] = [];
  private future: { state: GameState; move: Move }[] = [];

  private constructor(
    readonly definition: GameDefinition, readonly options: Required<Pick<StartOptions, 'players' | 'seed' | 'variant'>> & { layout?: Layout },
    /** The state before any move; never changed. */
    private readonly initial: GameState, current: GameState = initial,
  ) {
    this.stateNames = new Map([...machineStateKeys(definition)].map(([name, key]) => [key, name]));
    this.machine = buildMachine(definition, initial);
    this.actor = actorAt(this.machine, definition, current);
  }

  static start(definition: GameDefinition, options: StartOptions): { ok: true; match: Match } | { ok: false; diagnostic: Diagnostic } {
    const started = startGame(definition, options);
    if (!started.ok) return started;
    return { ok: true, match: new Match(definition, Match.fullOptions(options, started.state), started.state) };
  }

  /**
   * Starts a game and replays `moves` as far as the rules allow, on the engine's fastest path: one
   * state changed in place, no actor and no view on the way; the actor starts at the end. The same
   * game as applying the moves one by one (tested), in a fraction of the time — what the studio
   * needs on every keystroke of a long game.
   */
  static replay(definition: GameDefinition, options: StartOptions, moves: readonly Move[]): Replayed {
    const started = startGame(definition, options);
    if (!started.ok) return started;
    const initial = started.state;
    const state = cloneState(initial);
    const past: Played[] = [];
    let refused: Diagnostic | null = null;
    for (const move of moves) {
      refused = refusal(definition, state, move);
      if (refused) break;
      past.push({ state: past.length % checkpointEvery === 0 ? cloneState(state) : null, move, logLength: state.log.length });
      applyMoveInPlace(definition, state, move);
    }
    const match = new Match(definition, Match.fullOptions(options, initial), initial, state);
    match.past = past;
    return { ok: true, match, applied: past.length, refused };
  }

  /** The match as plain data, for `fromPlain` in another thread (the states are the match's own: post them, do not change them). */
  toPlain(): PlainMatch {
    return { options: this.options, initial: this.initial, state: this.state, played: this.past.map((p) => ({ move: p.move, logLength: p.logLength })) };
  }

  /** The match `toPlain` described, on `definition` compiled from the same text (nothing is replayed). */
  static fromPlain(definition: GameDefinition, plain: PlainMatch): Match {
    const match = new Match(definition, plain.options, plain.initial, plain.state);
    match.past = plain.played.map((p, i) => ({ state: i === 0 ? plain.initial : null, move: p.move, logLength: p.logLength }));
    return match;
  }

  private static fullOptions(options: StartOptions, started: GameState): Match['options'] {
    return { players: options.players, seed: started.seed, variant: options.variant ?? null, ...(options.layout ? { layout: options.layout } : {}) };
  }

  /** The full state (the referee's knowledge). Treat it as read-only. */
  get state(): GameState { return this.actor.getSnapshot().context.game; }
  /** The machine state the actor is in: the current phase, 'setup' or 'game over'. */
  get machineState(): string {
    const key = String(this.actor.getSnapshot().value);
    return this.stateNames.get(key) ?? key;
  }
  /** The phase name of each machine state's key (keys are never made from names: machine.ts). */
  private readonly stateNames: Map<string, string>;
  get outcome(): Outcome | null { return this.state.outcome; }
  get moves(): Move[] { return this.past.map((p) => p.move); }

  /** The state before any move (never changed: copy it to play on). With `moves`, the game's past as a search bot replays it. */
  get start(): GameState { return this.initial; }
  /** Whose decision it is, or null when the game is over. */
  get toAct(): number | null { return this.state.pending?.player ?? null; }

  legalMoves(player?: number): LegalMove[] { return legalMoves(this.state, player); }

  /**
   * Plays a move, or refuses it with the reason; a refused move changes nothing. The machine's guard
   * is the move's one legality check: the reason is asked for only when it refused.
   */
  apply(move: Move): MoveResult {
    const before = this.state;
    this.actor.send({ type: 'MOVE', move });
    if (this.state === before) return { ok: false, diagnostic: refusal(this.definition, before, move) ?? diagnostic(codes.runError, internalFailure, { start: 0, end: 0 }) };
    this.past.push({ state: before, move, logLength: before.log.length });
    this.future = [];
    return { ok: true };
  }

  get canUndo(): boolean { return this.past.length > 0; }

  /**
   * Why the player whose choice it is (at a shared device) may not take back the last move: it is
   * another player's answer in the simultaneous block still open, sealed until everyone answers.
   * Null when they may. The referee may always undo.
   */
  sealedUndo(): string | null {
    const block = this.state.simultaneous;
    const last = this.past[this.past.length - 1]?.move;
    const chooser = this.toAct;
    if (!block || !last || chooser === null || last.player === chooser) return null;
    const entries = this.state.log;
    for (let i = block.logStart; i < entries.length; i++) {
      if (entries[i].sealedFor === last.player) {
        return `${playerName(last.player)}'s answer is sealed until every player has answered: ${playerName(chooser)} can take back only their own answers now`;
      }
    }
    return null;
  }
  get canRedo(): boolean { return this.future.length > 0; }

  undo(): boolean {
    if (!this.past.length) return false;
    const before = this.stateAt(this.past.length - 1);
    const last = this.past.pop()!;
    this.future.push({ state: this.state, move: last.move });
    this.resume(before);
    return true;
  }

  /** Back to the game after `moves` moves (0: the start). The later moves are forgotten here: whoever rewinds keeps them (the studio's intended list). */
  rewindTo(moves: number): boolean {
    if (!(moves >= 0 && moves < this.past.length)) return false;
    const state = this.stateAt(moves);
    this.past = this.past.slice(0, moves);
    this.future = [];
    this.resume(state);
    return true;
  }

  /** How many moves had been played when the log's line `index` was written (0: by the setup). */
  movesAtLogLine(index: number): number {
    let moves = 0;
    while (moves < this.past.length && this.past[moves].logLength <= index) moves++;
    return moves;
  }

  /** The state before move `index` (after `index` moves): kept, or rebuilt from the checkpoint before it. */
  private stateAt(index: number): GameState {
    if (index >= this.past.length) return this.state;
    const kept = this.past[index].state;
    if (kept) return kept;
    let from = index;
    while (from > 0 && !this.past[from].state) from--;
    const state = cloneState(this.past[from].state ?? this.initial);
    for (let i = from; i < index; i++) {
      // Checkpoints missing on the way (a match from `fromPlain`) are kept, so the next undo is short.
      if (i > from && i % checkpointEvery === 0 && !this.past[i].state) this.past[i].state = cloneState(state);
      applyMoveInPlace(this.definition, state, this.past[i].move);
    }
    return state;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (!next) return false;
    this.past.push({ state: this.state, move: next.move, logLength: this.state.log.length });
    this.resume(next.state);
    return true;
  }

  view(viewer: Viewer): PlayerView { return viewFor(this.definition, this.state, viewer); }

  hash(): string { return stateHash(this.state); }

  save(): SavedGame {
    return {
      format: 'regola-save/1', title: this.definition.title, players: this.options.players, seed: this.options.seed,
      variant: this.options.variant, ...(this.options.layout ? { layout: this.options.layout } : {}), moves: this.moves, stateHash: this.hash(), outcome: this.outcome,
    };
  }

  /** Rebuilds a saved game by replaying its moves; reports the first move the rules now refuse. */
  static restore(definition: GameDefinition, saved: SavedGame): { ok: true; match: Match; hashMatches: boolean } | { ok: false; diagnostic: Diagnostic; match?: Match; movesApplied: number } {
    const replayed = Match.replay(definition, { players: saved.players, seed: saved.seed, variant: saved.variant, layout: saved.layout }, saved.moves);
    if (!replayed.ok) return { ...replayed, movesApplied: 0 };
    const { match, applied, refused } = replayed;
    if (refused) return { ok: false, diagnostic: { ...refused, message: `move ${applied + 1}: ${refused.message}` }, match, movesApplied: applied };
    return { ok: true, match, hashMatches: match.hash() === saved.stateHash };
  }

  /** The tiles as they lie now: where the next game of a series starts (a grid declared with `carry layout`). */
  layout(): Layout | undefined {
    const board = this.state.board;
    return board && this.definition.grids.some((g) => g.carryLayout) ? { tileKinds: board.tileKinds.slice(), tileTurns: board.tileTurns.slice() } : undefined;
  }

  stop(): void { this.actor.stop(); }

  /** The actor moved to `state` (undo, redo, rewind): the same actor, never a new one. */
  private resume(state: GameState): void {
    this.actor.send({ type: 'RESTORE', game: state });
  }
}
