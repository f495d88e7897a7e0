/**
 * The functions generated code calls for boards (`H.…`, merged into helpers.ts): each does what
 * the closure of grids.ts / compile-grid.ts does, with the same errors, without building lists
 * where a count or a loop is all that is asked. Pieces on a cell come from occupancy.ts.
 */
import { cellAt, gridOfCell, piecesOn, piecesOnBoard, adjacentCells, diagonalCells, pieceOf, replacePiece } from '../runtime/grids.ts';
import { countOn, countsOn, firstOffBoard, firstOn, nextOffBoard, nextOn, occupancyFirsts, pieceMoved } from '../runtime/occupancy.ts';
import { RuleError } from '../program/rule-error.ts';
import type { GameDefinition, GameState, Value } from '../program/program.ts';

/** A cell argument (boardCall's `cell`). */
function cellArgument(d: GameDefinition, value: Value): number {
  if (typeof value !== 'number' || value < 0 || value >= d.totalCells) throw new RuleError(value === null ? 'a cell was expected, but the value is none' : 'this is not a cell');
  return value;
}

/** A number argument (boardCall's `number`). */
const whole = (value: Value): number => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : NaN);

export const gridHelpers = {
  /** A kind's pieces, every owner, by number (the closure of a piece kind's name). */
  piecesOfKind(s: GameState, kind: number): Value[] {
    const all: number[] = [];
    const pieces = s.board ? s.board.pieces : [];
    for (let i = 0; i < pieces.length; i++) if (pieces[i].kind === kind) all.push(i);
    return all;
  },
  noPieces: [] as readonly unknown[],
  /** `pieces(p)`: the player's pieces on the board, by number. */
  piecesOf: (s: GameState, owner: Value): Value[] => (typeof owner === 'number' ? piecesOnBoard(s, owner) : []),
  cellRow(d: GameDefinition, v: Value): Value {
    if (typeof v !== 'number') return null;
    const grid = gridOfCell(d, v);
    return Math.floor((v - grid.cellBase) / grid.columns) + 1;
  },
  cellColumn(d: GameDefinition, v: Value): Value {
    if (typeof v !== 'number') return null;
    const grid = gridOfCell(d, v);
    return ((v - grid.cellBase) % grid.columns) + 1;
  },
  /** `c.row` on the only grid of a definition (it starts at cell 0). */
  rowIn: (v: Value, columns: number): Value => (typeof v === 'number' ? Math.floor(v / columns) + 1 : null),
  columnIn: (v: Value, columns: number): Value => (typeof v === 'number' ? (v % columns) + 1 : null),
  cellColour: (s: GameState, v: Value): Value => (typeof v === 'number' ? s.board?.colours[v] ?? null : null),
  /** `c.pieces`: the pieces on the cell, lowest number first. */
  piecesOn(s: GameState, d: GameDefinition, v: Value): Value[] {
    if (typeof v !== 'number') return [];
    if (!s.board || v < 0 || v >= d.totalCells || !Number.isInteger(v)) return piecesOn(s, v);
    const result: number[] = [];
    const n = countOn(s, d.totalCells, v);
    for (let k = 0, i = firstOn(s, v); k < n; k++, i = nextOn(s.board, v, i)) result.push(i);
    return result;
  },
  /** `count(c.pieces)` without the list. */
  pieceCount(s: GameState, d: GameDefinition, v: Value): number {
    if (typeof v !== 'number') return 0;
    if (!s.board || v < 0 || v >= d.totalCells || !Number.isInteger(v)) return piecesOn(s, v).length;
    return countOn(s, d.totalCells, v);
  },
  /** The index's lowest piece on each cell (-1: none), valid with the counts `occupancy` gave (program.ts). */
  occupancyFirsts,
  /** `OC` and `OF` before a run starts (program.ts): a typed array, as they will be. */
  noIndex: new Int32Array(0),
  /** Pieces on each cell of the board (a cell's count is `counts[cell]`), read by a filter over a grid's cells. */
  occupancy: (s: GameState, d: GameDefinition): Int32Array => (s.board ? countsOn(s, d.totalCells) : new Int32Array(d.totalCells)),
  /** For a loop over `c.pieces` without the list: how many (0 for a value that is not a cell of the index: then `piecesOn` is used). */
  onCellCount(s: GameState, d: GameDefinition, v: Value): number {
    return typeof v === 'number' && s.board && v >= 0 && v < d.totalCells && Number.isInteger(v) ? countOn(s, d.totalCells, v) : -1;
  },
  firstOn,
  nextOn: (s: GameState, cell: number, after: number): number => nextOn(s.board!, cell, after),
  pieceOwner: (s: GameState, v: Value): Value => (v === null ? null : pieceOf(s, v).owner),
  pieceCell(s: GameState, v: Value): Value {
    if (v === null) return null;
    const c = pieceOf(s, v).cell;
    return c >= 0 ? c : null;
  },
  /** A piece's cell as the rules see it: none off the board. */
  cellOrNone: (cell: number): Value => (cell >= 0 ? cell : null),
  pieceCaptured: (s: GameState, v: Value): Value => (v === null ? null : pieceOf(s, v).captured),
  pieceKindName: (s: GameState, d: GameDefinition, v: Value): Value => (v === null ? null : d.pieceKinds[pieceOf(s, v).kind].name),
  pieceVar: (s: GameState, v: Value, i: number): Value => (v === null ? null : pieceOf(s, v).vars[i]),
  /** `step(c, dr, dc)`: the cell is checked before the steps are read (as the closure does). */
  cellOf: cellArgument,
  step(d: GameDefinition, cell: number, rows: Value, columns: Value): Value {
    // stepFrom's arithmetic, without its { row, column } object.
    const grid = gridOfCell(d, cell);
    const local = cell - grid.cellBase;
    const next = cellAt(grid, Math.floor(local / grid.columns) + whole(rows), (local % grid.columns) + whole(columns));
    return next >= 0 ? next : null;
  },
  whole,
  /** `step` on the only grid of a definition, `rows` × `columns` from cell 0: the steps already taken whole. */
  stepIn(cell: number, dr: number, dc: number, rows: number, columns: number): Value {
    const row = Math.floor(cell / columns) + dr;
    const column = (cell % columns) + dc;
    return row < 0 || column < 0 || row >= rows || column >= columns ? null : row * columns + column;
  },
  /** The lowest piece of a kind and owner off the board, or -1 (an owner that is not a seat has none). */
  firstOffBoard: (s: GameState, d: GameDefinition, kind: number, owner: Value): number =>
    (s.board && typeof owner === 'number' ? firstOffBoard(s, d.totalCells, kind, owner) : -1),
  nextOffBoard: (s: GameState, after: number): number => nextOffBoard(s.board!, after),
  /** The last piece of a kind, by number (a filter over the kind leaves its variable there), or null when there is none. */
  lastOfKind(s: GameState, kind: number): Value {
    const pieces = s.board ? s.board.pieces : [];
    for (let i = pieces.length - 1; i >= 0; i--) if (pieces[i].kind === kind) return i;
    return null;
  },
  /** `cell(G, r, c)` of grid `g`. */
  cellIn(d: GameDefinition, g: number, row: Value, column: Value): Value {
    const c = cellAt(d.grids[g], whole(row) - 1, whole(column) - 1);
    return c >= 0 ? c : null;
  },
  adjacent: (d: GameDefinition, cell: number): Value[] => adjacentCells(d, cell),
  diagonal: (d: GameDefinition, cell: number): Value[] => diagonalCells(d, cell),
  /** `move x to c` in batch mode (no log line): the cell checked before the pieces are read. */
  cellTarget(d: GameDefinition, cell: Value): number {
    if (typeof cell !== 'number' || cell < 0 || cell >= d.totalCells) throw new RuleError(cell === null ? 'a cell was expected, but the value is none' : 'this is not a cell');
    return cell;
  },
  movePieces(s: GameState, cell: number, pieces: Value): void {
    if (Array.isArray(pieces)) {
      for (let i = 0; i < pieces.length; i++) movePiece(s, pieces[i], cell);
    } else if (pieces !== null) movePiece(s, pieces, cell);
  },
};

function movePiece(s: GameState, value: Value, cell: number): void {
  const piece = pieceOf(s, value);
  pieceMoved(s, value as number, piece.cell, cell);
  replacePiece(s, value as number, cell, false);
}
