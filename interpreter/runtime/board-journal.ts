/**
 * Moves taken back on a board without copying it (batch-api.ts `startMove`, `undoMove`): while a
 * move on a board is open, the board's three writers record what they replace — a piece's record
 * (grids.ts `replacePiece`, every move, capture and removal), a piece's variable (`setPieceVar`)
 * and the lists of tiles' turns and colours (`rotateTile`) — and taking moves back puts those
 * back, last first, keeping the index of pieces by cell (occupancy.ts) up to date as it goes: each
 * piece put back is a move, told to the index as moves are (a tile turned moved its pieces without
 * it and built it again; put back piece by piece, they need no rebuild).
 * Nothing here is part of a state: the journal lives in the state's scratch (scratch.ts), shared
 * with its copies (a trial's state is one), for one board at a time.
 */
import type { GameState, PieceState, Value } from '../program/program.ts';
import { pieceMoved } from './occupancy.ts';
import { Journal, scratchOf } from './scratch.ts';

/**
 * Where a board's journal stood when a move started (`id`: which start): `undoMove` takes
 * everything after it back. `state`: the one the move started from, whose board it is.
 */
export interface JournalMark { readonly state: GameState; readonly journal: Journal; readonly id: number; readonly length: number }

const piece = 0;
const pieceVariable = 1;
const tiles = 2;

/** Starts (or goes on with) the journal of `state`'s board, and where it stands now. */
export function markJournal(state: GameState): JournalMark {
  const scratch = scratchOf(state);
  const journal = scratch.journal ?? (scratch.journal = new Journal());
  if (state.board !== journal.board) {
    // Another board's journal is dropped: its marks are refused from now on (`rollBack`).
    letGo(journal);
    journal.board = state.board!;
  }
  const id = journal.nextId++;
  journal.open[journal.opened++] = id;
  return { state, journal, id, length: journal.size };
}

/** The journal recording `state`'s board now, or null: no move is open on it. */
function recording(state: GameState): Journal | null {
  const journal = scratchOf(state).journal;
  return journal !== null && journal.opened > 0 && journal.board === state.board ? journal : null;
}

/** Piece `index` of `state`'s board is about to get a new record in place of `old`. */
export function recordPiece(state: GameState, index: number, old: PieceState): void {
  const journal = recording(state);
  if (journal) record(journal, piece, index, old, null);
}

/** A variable of a piece of `state`'s board (its list `vars`, at `at`) is about to change from `old`. */
export function recordPieceVariable(state: GameState, vars: Value[], at: number, old: Value): void {
  const journal = recording(state);
  if (journal) record(journal, pieceVariable, vars, at, old);
}

/** The lists of `state`'s board's tiles' turns and colours are about to be replaced. */
export function recordTiles(state: GameState, turns: number[], colours: (string | null)[]): void {
  const journal = recording(state);
  if (journal) record(journal, tiles, turns, colours, null);
}

function record(journal: Journal, kind: number, a: unknown, b: unknown, c: unknown): void {
  const { entries, size } = journal;
  entries[size] = kind;
  entries[size + 1] = a;
  entries[size + 2] = b;
  entries[size + 3] = c;
  journal.size = size + 4;
}

/**
 * Takes back everything journaled on the board since `mark`, last first: the moves of the marks
 * made after it too, which are closed with it. A mark closed already, or of a board whose journal
 * was dropped since, is refused: the board would not be the one it was.
 */
export function rollBack(mark: JournalMark): void {
  const journal = mark.journal;
  const board = mark.state.board!;
  let at = board === journal.board ? journal.opened - 1 : -1;
  while (at >= 0 && journal.open[at] !== mark.id) at--;
  if (at < 0) {
    throw new Error('this move cannot be undone: it was undone already (or with a move started before it), or its board was journaled for another state since');
  }
  journal.opened = at;
  const entries = journal.entries;
  for (let entry = journal.size - 4; entry >= mark.length; entry -= 4) {
    const kind = entries[entry];
    if (kind === piece) {
      const index = entries[entry + 1] as number;
      const old = entries[entry + 2] as PieceState;
      // Before the record changes, as for every move (occupancy.ts).
      pieceMoved(mark.state, index, board.pieces[index].cell, old.cell);
      board.pieces[index] = old;
    } else if (kind === pieceVariable) {
      (entries[entry + 1] as Value[])[entries[entry + 2] as number] = entries[entry + 3] as Value;
    } else {
      board.tileTurns = entries[entry + 1] as number[];
      board.colours = entries[entry + 2] as (string | null)[];
    }
  }
  journal.size = mark.length;
  // Every move undone: the board and what was journaled on it are let go.
  if (journal.opened === 0) letGo(journal);
}

function letGo(journal: Journal): void {
  journal.board = null;
  journal.entries.length = 0;
  journal.size = 0;
  journal.opened = 0;
}
