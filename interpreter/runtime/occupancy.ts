/**
 * Which pieces stand on each cell, for generated code: `count(c.pieces)` and `c.pieces where …`
 * read it instead of scanning every piece (Connect Four asks it ~30 times a move). Pieces off the
 * board are indexed by kind and owner: `top(Disco where owner == current and cell == none)` starts
 * from the lowest such piece instead of piece 0.
 *
 * It is derived from the pieces, not part of the state: it lives in the state's scratch
 * (scratch.ts says for how long), one index for the board it was last built for. The engine's
 * three writers of a piece's cell keep it up to date: `move` and `capture`/`remove` through
 * `pieceMoved`, `rotate` by building it again (`reindex`). Both change the arrays in place, so
 * generated code takes them once where a run starts (`countsOn`, `occupancyFirsts`) and reads them
 * directly until it returns.
 */
import type { BoardState, GameState } from '../program/program.ts';
import { PieceIndex, scratchOf } from './scratch.ts';

/** The index kept for `state`'s game (built or not). */
function indexOf(state: GameState): PieceIndex {
  const scratch = scratchOf(state);
  return scratch.pieces ?? (scratch.pieces = new PieceIndex());
}

/**
 * The pieces of `state`'s board moved without `pieceMoved` (a tile turned with its pieces): its
 * index, if it is the one kept, is built again now, in the same arrays, which generated code holds
 * while it runs (codegen/program.ts).
 */
export function reindex(state: GameState, cells: number): void {
  const index = indexOf(state);
  if (state.board === index.board) indexFor(index, state.board, cells);
}

function indexFor(index: PieceIndex, b: BoardState, cells: number): void {
  if (index.counts.length < cells) {
    index.counts = new Int32Array(cells);
    index.firsts = new Int32Array(cells);
  }
  const { counts, firsts } = index;
  counts.fill(0, 0, cells);
  firsts.fill(-1, 0, cells);
  const all = b.pieces;
  let kinds = 0;
  let owners = 0;
  for (let i = 0; i < all.length; i++) {
    kinds = Math.max(kinds, all[i].kind + 1);
    owners = Math.max(owners, all[i].owner + 1);
  }
  index.kinds = kinds;
  index.owners = owners;
  if (index.offBoard.length < kinds * owners) index.offBoard = new Int32Array(kinds * owners);
  const offBoard = index.offBoard;
  offBoard.fill(-1, 0, kinds * owners);
  for (let i = all.length - 1; i >= 0; i--) {
    const cell = all[i].cell;
    if (cell >= 0 && cell < cells) { counts[cell]++; firsts[cell] = i; } else if (cell < 0) offBoard[all[i].owner * kinds + all[i].kind] = i;
  }
  index.board = b;
  index.pieces = all;
}

/**
 * `copy` was just made from `start` (cloneState; no piece moved since), a start state that
 * batch-api.ts keeps and hands out copies of: the index becomes the copy's, taken from the
 * start's, kept apart in the scratch (built the first time) so that each copy's index is three
 * typed-array copies instead of a scan of the pieces (`cells`: the definition's total). The
 * start's board is never changed: only its copies are played.
 */
export function indexCopy(start: GameState, copy: GameState, cells: number): void {
  const scratch = scratchOf(copy);
  const from = start.board!;
  let kept = scratchOf(start).startPieces;
  if (kept === null || kept.board !== from || kept.pieces !== from.pieces || kept.counts.length !== cells) {
    kept = new PieceIndex();
    indexFor(kept, from, cells);
    kept.counts = kept.counts.slice(0, cells);
    kept.firsts = kept.firsts.slice(0, cells);
    kept.offBoard = kept.offBoard.slice(0, kept.kinds * kept.owners);
    scratchOf(start).startPieces = kept;
  }
  const index = scratch.pieces ?? (scratch.pieces = new PieceIndex());
  if (index.counts.length < cells) {
    index.counts = new Int32Array(cells);
    index.firsts = new Int32Array(cells);
  }
  index.counts.set(kept.counts);
  index.firsts.set(kept.firsts);
  index.kinds = kept.kinds;
  index.owners = kept.owners;
  if (index.offBoard.length < kept.kinds * kept.owners) index.offBoard = new Int32Array(kept.kinds * kept.owners);
  index.offBoard.set(kept.offBoard);
  index.board = copy.board!;
  index.pieces = copy.board!.pieces;
}

/** The index of `state`'s board, built unless it is the one kept (the same board, the same pieces, room for its cells). */
function indexed(state: GameState, cells: number): PieceIndex {
  const index = indexOf(state);
  const b = state.board!;
  if (b !== index.board || b.pieces !== index.pieces || index.counts.length < cells) indexFor(index, b, cells);
  return index;
}

/** Pieces on `cell` (a cell number below `cells`, the definition's total) of `state`'s board. */
export function countOn(state: GameState, cells: number, cell: number): number {
  return indexed(state, cells).counts[cell];
}

/** Pieces on each cell (`cells`: the definition's total); read only, valid until a piece moves. */
export function countsOn(state: GameState, cells: number): Int32Array {
  return indexed(state, cells).counts;
}

/** The lowest piece on each cell (-1: none), read only; call `countsOn` first (it builds the index). */
export function occupancyFirsts(state: GameState): Int32Array {
  return indexOf(state).firsts;
}

/** The lowest piece number on `cell`, or -1; call `countOn` first (it builds the index). */
export function firstOn(state: GameState, cell: number): number {
  return indexOf(state).firsts[cell];
}

/** The next piece on `cell` after piece `after`. */
export function nextOn(b: BoardState, cell: number, after: number): number {
  const all = b.pieces;
  for (let i = after + 1; i < all.length; i++) if (all[i].cell === cell) return i;
  return -1;
}

/** The lowest piece of `kind` and `owner` off `state`'s board, or -1 (`cells`: the definition's total). */
export function firstOffBoard(state: GameState, cells: number, kind: number, owner: number): number {
  const index = indexed(state, cells);
  return Number.isInteger(owner) && owner >= 0 && owner < index.owners && kind < index.kinds ? index.offBoard[owner * index.kinds + kind] : -1;
}

/** The next piece off the board of piece `after`'s kind and owner, or -1. */
export function nextOffBoard(b: BoardState, after: number): number {
  const all = b.pieces;
  const { kind, owner } = all[after];
  for (let i = after + 1; i < all.length; i++) if (all[i].cell < 0 && all[i].kind === kind && all[i].owner === owner) return i;
  return -1;
}

/**
 * Piece `piece` of `state`'s board went from cell `from` to cell `to` (-1: off the board): called by
 * every engine writer of a piece's cell, before the piece's record changes.
 */
export function pieceMoved(state: GameState, piece: number, from: number, to: number): void {
  const index = indexOf(state);
  const b = state.board!;
  if (b !== index.board || from === to) return;
  const { counts, firsts, offBoard } = index;
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
    const group = p.owner * index.kinds + p.kind;
    // Called before the piece's cell is written: the scan for the next one starts after it.
    if (to < 0) { if (offBoard[group] < 0 || piece < offBoard[group]) offBoard[group] = piece; } else if (offBoard[group] === piece) offBoard[group] = nextOffBoard(b, piece);
  }
}
