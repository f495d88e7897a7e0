/**
 * What the engine derives from a game's state and keeps beside it to go faster: the index of
 * pieces by cell (occupancy.ts), the journal of moves tried on a board (board-journal.ts), the
 * frames and choices batch mode reuses (frames.ts), where cards were last seen (cards.ts) and the
 * random playout answering choices (playout.ts). Each of those modules owns its part and says
 * whose it is (a board, a state), checked before each use; this module owns the object and its
 * lifetime, in one place:
 *
 * - it is made with the state (startGame) and handed to the state's copies (cloneState): a game,
 *   the copies a search makes of it and the copies of a kept start (batch-api.ts) share one, as a
 *   search moves from copy to copy;
 * - it is never saved nor hashed: its key is a symbol (`scratchKey`), which JSON and structured
 *   clones leave out (stateHash, saves, workers); a state read back from JSON, or cloned, gets a
 *   new one when the engine first needs it;
 * - a quiet state (bots, simulations, search) is changed by the engine alone, and its scratch
 *   lasts as long as it does; a logged match's state is its holder's between two runs of the
 *   engine (a test pins a position, the studio), so what was derived from its board lasts one
 *   run (`runStarts`).
 */
import { scratchKey, type BoardState, type Frame, type GameDefinition, type GameState, type Pending, type PieceState } from '../program/program.ts';
import type { BotRandom } from './bot-random.ts';

export class Scratch {
  /** The index of the pieces of the board last read (occupancy.ts). */
  pieces: PieceIndex | null = null;
  /** The index of a kept start's board, copied into each copy's (occupancy.ts indexCopy). */
  startPieces: PieceIndex | null = null;
  /** Moves being tried on a board, to take back (board-journal.ts). */
  journal: Journal | null = null;
  /** Batch mode's frames and choices, kept to be reused (frames.ts). */
  spares: Spares | null = null;
  /** Where cards were last seen, and the piles' slots (cards.ts). */
  cards: CardMemory | null = null;
  /** The random playout answering the choices generated code meets (playout.ts). */
  playout: Playout | null = null;
}

/** The scratch of `state`, made at its first use when the state has none (one read back from JSON, or cloned). */
export function scratchOf(state: GameState): Scratch {
  const scratch = state[scratchKey] as Scratch | undefined;
  return scratch !== undefined ? scratch : (state[scratchKey] = new Scratch());
}

/**
 * A run of the engine starts on `state` (engine/run.ts advance). A logged state may have been changed
 * by its holder since the last run, so the index of its board is built again when next read.
 */
export function runStarts(state: GameState): void {
  if (state.quiet) return;
  const index = (state[scratchKey] as Scratch | undefined)?.pieces;
  if (index) index.board = null;
}

/** Which pieces stand on each cell of `board` (occupancy.ts says how it is kept up to date). */
export class PieceIndex {
  board: BoardState | null = null;
  pieces: PieceState[] | null = null;
  /** Pieces on each cell. */
  counts = new Int32Array(0);
  /** The lowest piece number on each cell, -1 when empty. */
  firsts = new Int32Array(0);
  /** The lowest piece off the board of each kind and owner (at `owner * kinds + kind`), -1 when none. */
  offBoard = new Int32Array(0);
  /** Kinds and owners `offBoard` has room for: one more than the highest of each among the pieces. */
  kinds = 0;
  owners = 0;
}

/** The journal of one board (board-journal.ts). */
export class Journal {
  /** The board being journaled (null: none). */
  board: BoardState | null = null;
  /**
   * Entries of four, what was replaced, kind first: the first `size` of `entries`. Counted, not
   * cut: setting an array's length calls into the runtime, at every undo.
   */
  readonly entries: unknown[] = [];
  size = 0;
  /** The marks not taken back yet, oldest first (a search's line of moves), by id: the first `opened` of `open`; and the next id. */
  readonly open: number[] = [];
  opened = 0;
  nextId = 1;
}

/** A frame and a choice kept for the state they belonged to, and a list per state for a choice's candidates (frames.ts). */
export class Spares {
  frameOf: GameState | null = null;
  frame: Frame | null = null;
  pendingOf: GameState | null = null;
  pending: Pending | null = null;
  valuesOf: GameState | null = null;
  values: unknown[] = [];
  targetsOf: GameState | null = null;
  targets: number[] = [];
}

/** Where a slot of `state.piles` belongs: the pile's name and visibility, and whose it is. Read only: shared by every caller. */
export interface SlotPile { name: string; visibility: 'public' | 'hidden' | 'secret'; owner: number | null; team: number | null }

/** cards.ts: a guess of each card's slot, and the slots' piles for the definition and seats last asked. */
export class CardMemory {
  /** Where each card (by number) was last put or found: a guess, always checked against the piles. */
  lastSlot = new Int32Array(256);
  pilesOf: GameDefinition | null = null;
  seats = 0;
  piles: SlotPile[] = [];
}

/** A batch game random bots are playing on: the bot loop's own bookkeeping, shared with `playoutPick` (playout.ts). */
export interface Playout {
  definition: GameDefinition;
  state: GameState;
  random: BotRandom;
  maxRounds: number;
  /** The turn the last decision was in, and the move count when it began (for the decisions bound). */
  turn: number;
  turnStart: number;
  /** A guided playout's policy (bots/guided.ts), answering instead of the random bot's draw; absent for the random bot. */
  policy?: PlayoutPolicy;
}

/**
 * What a choice offers, for a policy to know each candidate (bots/guided.ts `moveKey`): `kind` 0,
 * the candidates by number only; 1, the values `list[k]`; 2, the option targets `list[k]`; 3, the
 * targets of the options whose bit is set in `bits`, k-th set bit first.
 */
export interface PlayoutPolicy {
  pick(state: GameState, candidates: number, player: number, at: number, kind: 0 | 1 | 2 | 3, list: readonly unknown[] | null, bits: number): number;
}
