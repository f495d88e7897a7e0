/**
 * A match: one game being played, on the XState actor of its machine. It answers what a table
 * needs — whose choice it is, the legal moves, applying or refusing a move, what each player may
 * see, the log with its citations, undo/redo, the outcome, and save/restore as JSON.
 */
import type { Actor } from 'xstate';
import { codes, diagnostic, type Diagnostic } from '../grammar/index.ts';
import { internalFailure, legalMoves, refusal, startGame, type LegalMove, type Move, type StartOptions } from './engine.ts';
import { stateHash } from './hash.ts';
import { actorAt, buildMachine, machineStateKeys, type GameMachine } from './machine.ts';
import type { GameDefinition, GameState, Outcome } from './program.ts';
import type { Layout } from './grids.ts';
import { viewFor, type PlayerView, type Viewer } from './view.ts';

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

export class Match {
  private actor: Actor<GameMachine>;
  private readonly machine: GameMachine;
  private readonly past: { state: GameState; move: Move }[] = [];
  private future: { state: GameState; move: Move }[] = [];

  private constructor(readonly definition: GameDefinition, readonly options: Required<Pick<StartOptions, 'players' | 'seed' | 'variant'>> & { layout?: Layout }, initial: GameState) {
    this.stateNames = new Map([...machineStateKeys(definition)].map(([name, key]) => [key, name]));
    this.machine = buildMachine(definition, initial);
    this.actor = actorAt(this.machine, definition, initial);
  }

  static start(definition: GameDefinition, options: StartOptions): { ok: true; match: Match } | { ok: false; diagnostic: Diagnostic } {
    const started = startGame(definition, options);
    if (!started.ok) return started;
    const full = { players: options.players, seed: started.state.seed, variant: options.variant ?? null, ...(options.layout ? { layout: options.layout } : {}) };
    return { ok: true, match: new Match(definition, full, started.state) };
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
  /** Whose decision it is, or null when the game is over. */
  get toAct(): number | null { return this.state.pending?.player ?? null; }

  legalMoves(player?: number): LegalMove[] { return legalMoves(this.state, player); }

  /** Plays a move, or refuses it with the reason; a refused move changes nothing. */
  apply(move: Move): MoveResult {
    const refused = refusal(this.state, move);
    if (refused) return { ok: false, diagnostic: refused };
    const before = this.state;
    this.actor.send({ type: 'MOVE', move });
    // The machine kept the state although the engine took the move: never a refusal without a reason.
    if (this.state === before) return { ok: false, diagnostic: refusal(before, move) ?? diagnostic(codes.runError, internalFailure, { start: 0, end: 0 }) };
    this.past.push({ state: before, move });
    this.future = [];
    return { ok: true };
  }

  get canUndo(): boolean { return this.past.length > 0; }
  get canRedo(): boolean { return this.future.length > 0; }

  undo(): boolean {
    const last = this.past.pop();
    if (!last) return false;
    this.future.push({ state: this.state, move: last.move });
    this.resume(last.state);
    return true;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (!next) return false;
    this.past.push({ state: this.state, move: next.move });
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
    const started = Match.start(definition, { players: saved.players, seed: saved.seed, variant: saved.variant, layout: saved.layout });
    if (!started.ok) return { ...started, movesApplied: 0 };
    const match = started.match;
    for (let i = 0; i < saved.moves.length; i++) {
      const result = match.apply(saved.moves[i]);
      if (!result.ok) return { ok: false, diagnostic: { ...result.diagnostic, message: `move ${i + 1}: ${result.diagnostic.message}` }, match, movesApplied: i };
    }
    return { ok: true, match, hashMatches: match.hash() === saved.stateHash };
  }

  /** The tiles as they lie now: where the next game of a series starts (a grid declared with `carry layout`). */
  layout(): Layout | undefined {
    const board = this.state.board;
    return board && this.definition.grids.some((g) => g.carryLayout) ? { tileKinds: board.tileKinds.slice(), tileTurns: board.tileTurns.slice() } : undefined;
  }

  stop(): void { this.actor.stop(); }

  private resume(state: GameState): void {
    this.actor.stop();
    this.actor = actorAt(this.machine, this.definition, state);
  }
}
