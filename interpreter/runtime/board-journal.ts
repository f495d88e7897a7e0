/**
 * Moves taken back on a board without copying it (batch-api.ts `startMove`, `undoMove`): while a
 * move on a board is open, the board's three writers record what they replace — a piece's record
 * (grids.ts `replacePiece`, every move, capture and removal), a piece's variable (`setPieceVar`)
 * and the lists of tiles' turns and colours (`rotateTile`) — and taking moves back puts those
 * back, last first, keeping the index of pieces by cell (occupancy.ts) up to date as it goes: each
 * piece put back is a move, told to the index as moves are (a tile turned moved its pieces without
 * it and built it again; put back piece by piece, they need no rebuild).
 * Nothing here is part of a state: the journal is this module's, for one board at a time.
 */
import type { BoardState, PieceState, Value } from '../program/program.ts';
import { pieceMoved } from './occupancy.ts';

/** Where a board's journal stood when a move started (`id`: which start): `undoMove` takes everything after it back. */
export interface JournalMark { readonly board: BoardState; readonly id: number; readonly length: number }

/** The board being journaled (null: none). */
let journaled: BoardState | null = null;
/**
 * Entries of four, what was replaced, kind first: the first `size` of `entries`. Counted, not
 * cut: setting an array's length calls into the runtime, at every undo.
 */
const entries: unknown[] = [];
let size = 0;
const piece = 0;
const pieceVariable = 1;
const tiles = 2;
/** The marks not taken back yet, oldest first (a search's line of moves), by id: the first `opened` of `open`; and the next id. */
const open: number[] = [];
let opened = 0;
let nextId = 1;

/** Starts (or goes on with) the journal of `board`, and where it stands now. */
export function markJournal(board: BoardState): JournalMark {
  if (board !== journaled) {
    // Another board's journal is dropped: its marks are refused from now on (`rollBack`).
    letGo();
    journaled = board;
  }
  const id = nextId++;
  open[opened++] = id;
  return { board, id, length: size };
}

/** Piece `index` of `board` is about to get a new record in place of `old`. */
export function recordPiece(board: BoardState, index: number, old: PieceState): void {
  if (board === journaled && opened > 0) record(piece, index, old, null);
}

/** A variable of a piece of `board` (its list `vars`, at `at`) is about to change from `old`. */
export function recordPieceVariable(board: BoardState | undefined, vars: Value[], at: number, old: Value): void {
  if (board === journaled && opened > 0) record(pieceVariable, vars, at, old);
}

/** The lists of `board`'s tiles' turns and colours are about to be replaced. */
export function recordTiles(board: BoardState, turns: number[], colours: (string | null)[]): void {
  if (board === journaled && opened > 0) record(tiles, turns, colours, null);
}

function record(kind: number, a: unknown, b: unknown, c: unknown): void {
  entries[size] = kind;
  entries[size + 1] = a;
  entries[size + 2] = b;
  entries[size + 3] = c;
  size += 4;
}

/**
 * Takes back everything journaled on the board since `mark`, last first: the moves of the marks
 * made after it too, which are closed with it. A mark closed already, or of a board whose journal
 * was dropped since, is refused: the board would not be the one it was.
 */
export function rollBack(mark: JournalMark): void {
  let at = mark.board === journaled ? opened - 1 : -1;
  while (at >= 0 && open[at] !== mark.id) at--;
  if (at < 0) {
    throw new Error('this move cannot be undone: it was undone already (or with a move started before it), or its board was journaled for another state since');
  }
  opened = at;
  const board = mark.board;
  for (let entry = size - 4; entry >= mark.length; entry -= 4) {
    const kind = entries[entry];
    if (kind === piece) {
      const index = entries[entry + 1] as number;
      const old = entries[entry + 2] as PieceState;
      // Before the record changes, as for every move (occupancy.ts).
      pieceMoved(board, index, board.pieces[index].cell, old.cell);
      board.pieces[index] = old;
    } else if (kind === pieceVariable) {
      (entries[entry + 1] as Value[])[entries[entry + 2] as number] = entries[entry + 3] as Value;
    } else {
      board.tileTurns = entries[entry + 1] as number[];
      board.colours = entries[entry + 2] as (string | null)[];
    }
  }
  size = mark.length;
  // Every move undone: the board and what was journaled on it are let go.
  if (opened === 0) letGo();
}

function letGo(): void {
  journaled = null;
  entries.length = 0;
  size = 0;
  opened = 0;
}
