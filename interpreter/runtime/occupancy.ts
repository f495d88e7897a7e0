/**
 * Which pieces stand on each cell, for generated code: `count(c.pieces)` and `c.pieces where …`
 * read it instead of scanning every piece (Connect Four asks it ~30 times a move). Pieces off the
 * board are indexed by kind and owner: `top(Disco where owner == current and cell == none)` starts
 * from the lowest such piece instead of piece 0.
 *
 * It is derived from the pieces, not part of the state: nothing copies, hashes or saves it. One
 * index is kept, for the board it was last built for; the engine's three writers of a piece's cell
 * keep it up to date: `move` and `capture`/`remove` through `pieceMoved`, `rotate` by building it
 * again (`reindex`). Both change the arrays in place, so generated code takes them once where a
 * run starts (`countsOn`, `occupancyFirsts`) and reads them directly until it returns. Anything else
 * that changes a piece's cell (a test pinning a position, the studio) does so between two
 * `advance`s, and a logged match forgets the index at each `advance` (engine.ts); batch mode
 * (bots, simulations, search) changes states only through the engine, so there the index lasts.
 */
import type { BoardState, PieceState } from '../program/program.ts';

let board: BoardState | null = null;
let pieces: PieceState[] | null = null;
/** Pieces on each cell. */
let counts = new Int32Array(0);
/** The lowest piece number on each cell, -1 when empty. */
let firsts = new Int32Array(0);
/** The lowest piece off the board of each kind and owner (at `owner * kinds + kind`), -1 when none. */
let offBoard = new Int32Array(0);
/** Kinds and owners `offBoard` has room for: one more than the highest of each among the pieces. */
let kinds = 0;
let owners = 0;

/** Forgets the index: the next read rebuilds it. */
export function forgetOccupancy(): void {
  board = null;
  pieces = null;
}

/**
 * The pieces of `b` moved without `pieceMoved` (a tile turned with its pieces): its index, if it
 * is the one kept, is built again now, in the same arrays, which generated code holds while it
 * runs (codegen/program.ts).
 */
export function reindex(b: BoardState, cells: number): void {
  if (b === board) indexFor(b, cells);
}

function indexFor(b: BoardState, cells: number): void {
  if (counts.length < cells) {
    counts = new Int32Array(cells);
    firsts = new Int32Array(cells);
  }
  counts.fill(0, 0, cells);
  firsts.fill(-1, 0, cells);
  const all = b.pieces;
  kinds = 0;
  owners = 0;
  for (let i = 0; i < all.length; i++) {
    kinds = Math.max(kinds, all[i].kind + 1);
    owners = Math.max(owners, all[i].owner + 1);
  }
  if (offBoard.length < kinds * owners) offBoard = new Int32Array(kinds * owners);
  offBoard.fill(-1, 0, kinds * owners);
  for (let i = all.length - 1; i >= 0; i--) {
    const cell = all[i].cell;
    if (cell >= 0 && cell < cells) { counts[cell]++; firsts[cell] = i; } else if (cell < 0) offBoard[all[i].owner * kinds + all[i].kind] = i;
  }
  board = b;
  pieces = all;
}

/**
 * The index of a start state's board (batch-api.ts keeps the start and hands out copies), kept
 * apart so that each copy's index is three typed-array copies instead of a scan of the pieces.
 * The start's board is never changed: only its copies are played.
 */
let startBoard: BoardState | null = null;
let startPieces: PieceState[] | null = null;
let startCounts = new Int32Array(0);
let startFirsts = new Int32Array(0);
let startOffBoard = new Int32Array(0);
let startKinds = 0;
let startOwners = 0;

/**
 * `copy` was just made from `start` (cloneState; no piece moved since): the index becomes the
 * copy's, taken from the start's, which is built the first time (`cells`: the definition's total).
 */
export function indexCopy(start: BoardState, copy: BoardState, cells: number): void {
  if (start !== startBoard || start.pieces !== startPieces || startCounts.length !== cells) {
    indexFor(start, cells);
    startCounts = counts.slice(0, cells);
    startFirsts = firsts.slice(0, cells);
    startOffBoard = offBoard.slice(0, kinds * owners);
    startKinds = kinds;
    startOwners = owners;
    startBoard = start;
    startPieces = start.pieces;
  }
  if (counts.length < cells) {
    counts = new Int32Array(cells);
    firsts = new Int32Array(cells);
  }
  counts.set(startCounts);
  firsts.set(startFirsts);
  kinds = startKinds;
  owners = startOwners;
  if (offBoard.length < kinds * owners) offBoard = new Int32Array(kinds * owners);
  offBoard.set(startOffBoard);
  board = copy;
  pieces = copy.pieces;
}

/** Builds the index for `b` unless it is the one kept (the same board, the same pieces, room for its cells). */
function indexed(b: BoardState, cells: number): void {
  if (b !== board || b.pieces !== pieces || counts.length < cells) indexFor(b, cells);
}

/** Pieces on `cell` (a cell number below `cells`, the definition's total). */
export function countOn(b: BoardState, cells: number, cell: number): number {
  indexed(b, cells);
  return counts[cell];
}

/** Pieces on each cell (`cells`: the definition's total); read only, valid until a piece moves. */
export function countsOn(b: BoardState, cells: number): Int32Array {
  indexed(b, cells);
  return counts;
}

/** The lowest piece on each cell (-1: none), read only; call `countsOn` first (it builds the index). */
export function occupancyFirsts(): Int32Array {
  return firsts;
}

/** The lowest piece number on `cell`, or -1; call `countOn` first (it builds the index). */
export function firstOn(cell: number): number {
  return firsts[cell];
}

/** The next piece on `cell` after piece `after`. */
export function nextOn(b: BoardState, cell: number, after: number): number {
  const all = b.pieces;
  for (let i = after + 1; i < all.length; i++) if (all[i].cell === cell) return i;
  return -1;
}

/** The lowest piece of `kind` and `owner` off the board, or -1 (`cells`: the definition's total). */
export function firstOffBoard(b: BoardState, cells: number, kind: number, owner: number): number {
  indexed(b, cells);
  return Number.isInteger(owner) && owner >= 0 && owner < owners && kind < kinds ? offBoard[owner * kinds + kind] : -1;
}

/** The next piece off the board of piece `after`'s kind and owner, or -1. */
export function nextOffBoard(b: BoardState, after: number): number {
  const all = b.pieces;
  const { kind, owner } = all[after];
  for (let i = after + 1; i < all.length; i++) if (all[i].cell < 0 && all[i].kind === kind && all[i].owner === owner) return i;
  return -1;
}

/** Piece `piece` of `b` went from cell `from` to cell `to` (-1: off the board): called by every engine writer of a piece's cell. */
export function pieceMoved(b: BoardState, piece: number, from: number, to: number): void {
  if (b !== board || from === to) return;
  if (from >= 0 && from < counts.length) {
    if (--counts[from] === 0) firsts[from] = -1;
    else if (firsts[from] === piece) firsts[from] = nextOn(b, from, piece);
  }
  if (to >= 0 && to < counts.length) {
    counts[to]++;
    if (firsts[to] < 0 || piece < firsts[to]) firsts[to] = piece;
  }
  if ((from < 0) !== (to < 0)) {
    const p = b.pieces[piece];
    const group = p.owner * kinds + p.kind;
    // Called before the piece's cell is written: the scan for the next one starts after it.
    if (to < 0) { if (offBoard[group] < 0 || piece < offBoard[group]) offBoard[group] = piece; } else if (offBoard[group] === piece) offBoard[group] = nextOffBoard(b, piece);
  }
}
