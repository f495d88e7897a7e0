/**
 * Boards of squares at run time: laying tiles out, turning them (and the pieces on them), the
 * geometry of cells (sides, corners, steps, connected paths), pieces on and off the board, and
 * how cells, tiles and pieces are named in labels and the log. Cells and tiles are numbers across
 * all grids; a grid without tiles is made of 1 × 1 tiles.
 */
import type { GridDefinition, BoardState, GameDefinition, GameState, PieceState, Value, Frame } from '../program/program.ts';
import { playerName } from '../program/program.ts';
import { RuleError } from '../program/rule-error.ts';
import { randomInt, shuffle } from './runtime.ts';
import { reindex } from './occupancy.ts';
import { recordPiece, recordPieceVariable, recordTiles } from './board-journal.ts';

/** The tiles' kinds and quarter turns a new game of a series starts from (`carry layout`). */
export interface Layout { tileKinds: number[]; tileTurns: number[] }

// ---- numbering ---------------------------------------------------------------------------------
export function gridOfCell(definition: GameDefinition, cell: number): GridDefinition {
  const grids = definition.grids;
  for (let g = grids.length - 1; g >= 0; g--) if (cell >= grids[g].cellBase) return grids[g];
  return grids[0];
}

export function gridOfTile(definition: GameDefinition, tile: number): GridDefinition {
  const grids = definition.grids;
  for (let g = grids.length - 1; g >= 0; g--) if (tile >= grids[g].tileBase) return grids[g];
  return grids[0];
}

/** Row and column of a cell, from 0. */
export function cellPosition(grid: GridDefinition, cell: number): { row: number; column: number } {
  const local = cell - grid.cellBase;
  return { row: Math.floor(local / grid.columns), column: local % grid.columns };
}

export function cellAt(grid: GridDefinition, row: number, column: number): number {
  return row < 0 || column < 0 || row >= grid.rows || column >= grid.columns ? -1 : grid.cellBase + row * grid.columns + column;
}

export function tileOfCell(grid: GridDefinition, cell: number): number {
  const { row, column } = cellPosition(grid, cell);
  return grid.tileBase + Math.floor(row / grid.tileHeight) * grid.tileColumns + Math.floor(column / grid.tileWidth);
}

export function tilePosition(grid: GridDefinition, tile: number): { row: number; column: number } {
  const local = tile - grid.tileBase;
  return { row: Math.floor(local / grid.tileColumns), column: local % grid.tileColumns };
}

/** The tile's cells, row by row. */
export function cellsOfTile(grid: GridDefinition, tile: number): number[] {
  const { row, column } = tilePosition(grid, tile);
  const cells: number[] = [];
  for (let i = 0; i < grid.tileHeight; i++) {
    for (let j = 0; j < grid.tileWidth; j++) cells.push(cellAt(grid, row * grid.tileHeight + i, column * grid.tileWidth + j));
  }
  return cells;
}

// ---- laying out and turning tiles ----------------------------------------------------------------
/** A new board: tiles laid out (from `layout`, or the rules' places and the rest at random), pieces off the board. */
export function newBoard(definition: GameDefinition, state: GameState, seats: number, layout?: Layout): BoardState {
  const board: BoardState = {
    tileKinds: new Array(definition.totalTiles).fill(0), tileTurns: new Array(definition.totalTiles).fill(0),
    colours: new Array(definition.totalCells).fill(null), pieces: [],
  };
  for (const grid of definition.grids) {
    const count = grid.tileRows * grid.tileColumns;
    if (layout) {
      for (let t = 0; t < count; t++) {
        const kind = layout.tileKinds[grid.tileBase + t];
        const turns = layout.tileTurns[grid.tileBase + t];
        if (layout.tileKinds.length !== definition.totalTiles || layout.tileTurns.length !== definition.totalTiles
          || !Number.isInteger(kind) || kind < 0 || kind >= grid.kinds.length || !Number.isInteger(turns) || turns < 0 || turns > 3
          || (turns !== 0 && (grid.kinds[kind].fixed || grid.tileHeight !== grid.tileWidth))) {
          throw new RuleError(`the layout to start from does not fit the grid '${grid.name}' (${tileLabel(definition, grid.tileBase + t)}): it comes from other rules`);
        }
        board.tileKinds[grid.tileBase + t] = layout.tileKinds[grid.tileBase + t];
        board.tileTurns[grid.tileBase + t] = layout.tileTurns[grid.tileBase + t];
      }
    } else if (grid.kinds.length > 0) {
      const free = new Set(Array.from({ length: count }, (_, t) => t));
      const scratch: Frame = { program: -1, pc: 0, locals: [null] };
      const used = grid.kinds.map((kind) => kind.when === null || Boolean(kind.when(state, scratch)));
      const shuffled: number[] = [];
      grid.kinds.forEach((kind, k) => {
        if (!used[k]) return;
        for (const tile of kind.at) { board.tileKinds[grid.tileBase + tile] = k; free.delete(tile); }
        if (kind.at.length === 0) for (let i = 0; i < kind.copies; i++) shuffled.push(k);
      });
      const placed = count - free.size + shuffled.length;
      if (placed !== count) throw new RuleError(`the grid '${grid.name}' has room for ${count} tiles, but ${placed} are in play with these options: the tiles' counts or their 'when' do not add up`);
      const kinds = shuffle(state, shuffled);
      [...free].forEach((tile, i) => {
        const kind = kinds[i] ?? 0;
        board.tileKinds[grid.tileBase + tile] = kind;
        // "affiancati in modo casuale": a tile that can turn lies in any of its four positions.
        if (!grid.kinds[kind].fixed && grid.tileHeight === grid.tileWidth) board.tileTurns[grid.tileBase + tile] = randomInt(state, 4);
      });
    }
    for (let t = 0; t < count; t++) paintTile(grid, board, grid.tileBase + t);
  }
  definition.pieceKinds.forEach((kind, k) => {
    for (let owner = 0; owner < seats; owner++) {
      for (let i = 0; i < kind.count; i++) board.pieces.push({ kind: k, owner, cell: -1, captured: false, vars: [] });
    }
  });
  return board;
}

/** The colours a tile's cells show, from its kind turned by its quarter turns. */
function paintTile(grid: GridDefinition, board: BoardState, tile: number): void {
  const kind = grid.kinds[board.tileKinds[tile]];
  const cells = cellsOfTile(grid, tile);
  const size = grid.tileHeight;
  const turns = board.tileTurns[tile];
  cells.forEach((cell, index) => {
    // The cell at (i, j) now shows what stood at (i, j) turned back by the tile's turns.
    let i = Math.floor(index / grid.tileWidth);
    let j = index % grid.tileWidth;
    for (let t = 0; t < turns; t++) [i, j] = [size - 1 - j, i];
    board.colours[cell] = kind ? kind.colours[i * grid.tileWidth + j] ?? null : null;
  });
}

/** A quarter turn of a tile; the pieces on it turn with it, each keeping its place on the tile. */
export function rotateTile(definition: GameDefinition, state: GameState, tile: number, clockwise: boolean): void {
  const board = state.board!;
  const grid = gridOfTile(definition, tile);
  if (grid.kinds[board.tileKinds[tile]]?.fixed || grid.tileHeight !== grid.tileWidth) {
    throw new RuleError(`${tileLabel(definition, tile)} is fixed: it cannot turn`);
  }
  const size = grid.tileHeight;
  const { row, column } = tilePosition(grid, tile);
  const top = row * size;
  const left = column * size;
  for (let index = 0; index < board.pieces.length; index++) {
    const piece = board.pieces[index];
    if (piece.cell < 0 || tileOfCell(grid, piece.cell) !== tile) continue;
    const at = cellPosition(grid, piece.cell);
    const i = at.row - top;
    const j = at.column - left;
    const [ni, nj] = clockwise ? [j, size - 1 - i] : [size - 1 - j, i];
    replacePiece(state, index, cellAt(grid, top + ni, left + nj), piece.captured);
  }
  // Pieces turned with the tile: the index of pieces by cell is built again.
  reindex(state, definition.totalCells);
  // New lists, not the old ones changed: copies of a state share them (engine/copies.ts cloneState).
  recordTiles(state, board.tileTurns, board.colours);
  board.tileTurns = board.tileTurns.slice();
  board.colours = board.colours.slice();
  board.tileTurns[tile] = (board.tileTurns[tile] + (clockwise ? 1 : 3)) % 4;
  paintTile(grid, board, tile);
}

// ---- geometry --------------------------------------------------------------------------------------
const sides = [[-1, 0], [0, 1], [1, 0], [0, -1]];
const corners = [[-1, 1], [1, 1], [1, -1], [-1, -1]];

function around(definition: GameDefinition, cell: number, steps: number[][]): number[] {
  const grid = gridOfCell(definition, cell);
  const { row, column } = cellPosition(grid, cell);
  const result: number[] = [];
  for (const [dr, dc] of steps) {
    const next = cellAt(grid, row + dr, column + dc);
    if (next >= 0) result.push(next);
  }
  return result;
}

export const adjacentCells = (definition: GameDefinition, cell: number): number[] => around(definition, cell, sides);
export const diagonalCells = (definition: GameDefinition, cell: number): number[] => around(definition, cell, corners);

export function stepFrom(definition: GameDefinition, cell: number, rows: number, columns: number): number {
  const grid = gridOfCell(definition, cell);
  const { row, column } = cellPosition(grid, cell);
  return cellAt(grid, row + rows, column + columns);
}

/** The cells outside the tile sharing a side with it, clockwise from the top-left. */
export function borderingCells(definition: GameDefinition, tile: number): number[] {
  const grid = gridOfTile(definition, tile);
  const inside = new Set(cellsOfTile(grid, tile));
  const result: number[] = [];
  for (const cell of inside) for (const next of adjacentCells(definition, cell)) if (!inside.has(next) && !result.includes(next)) result.push(next);
  return result;
}

/** Breadth first from `start` through side-adjacent cells of `allowed`: `start` first, then by distance. */
export function reachableCells(definition: GameDefinition, start: number, allowed: number[]): number[] {
  const open = new Set(allowed);
  const seen = new Set([start]);
  const order = [start];
  for (let k = 0; k < order.length; k++) {
    for (const next of adjacentCells(definition, order[k])) {
      if (open.has(next) && !seen.has(next)) { seen.add(next); order.push(next); }
    }
  }
  return order;
}

// ---- names ------------------------------------------------------------------------------------------
/** `e3`: the column as a letter (a for the first) and the row as a number, both from the top-left. */
export function cellLabel(definition: GameDefinition, cell: number): string {
  const grid = gridOfCell(definition, cell);
  const { row, column } = cellPosition(grid, cell);
  const name = grid.columns <= 26 ? `${String.fromCharCode(97 + column)}${row + 1}` : `${row + 1}.${column + 1}`;
  return definition.grids.length > 1 ? `${grid.name} ${name}` : name;
}

/** "row 2 tile 5": in the rulebook's words, the fifth tile of row 2. */
export function tileLabel(definition: GameDefinition, tile: number): string {
  const grid = gridOfTile(definition, tile);
  const { row, column } = tilePosition(grid, tile);
  return `${definition.grids.length > 1 ? `${grid.name} ` : ''}row ${row + 1} tile ${column + 1}`;
}

/** "Pedina e3" on the board, "Pedina 4 of P2" off it (its number among its owner's pieces of the kind). */
export function pieceLabel(definition: GameDefinition, state: GameState, piece: number): string {
  const p = state.board?.pieces[piece];
  if (!p) return `piece ${piece}`;
  const kind = definition.pieceKinds[p.kind].name;
  if (p.cell >= 0) return `${kind} ${cellLabel(definition, p.cell)}`;
  const number = state.board!.pieces.slice(0, piece).filter((q) => q.kind === p.kind && q.owner === p.owner).length + 1;
  return `${kind} ${number} of ${playerName(p.owner)}${p.captured ? ' (captured)' : ''}`;
}

// ---- pieces -----------------------------------------------------------------------------------------
/**
 * Piece `index` of `state`'s board moved or taken off: a new record in its place, never the old one
 * changed. Copies of a state share the records of pieces without variables (cloneState copies the
 * list, not each piece: most pieces do not move between two copies); a piece's variables are set
 * in its record, which a copy then copies. The keys in newBoard's order: one hidden class.
 */
export function replacePiece(state: GameState, index: number, cell: number, captured: boolean): void {
  const board = state.board!;
  const p = board.pieces[index];
  recordPiece(state, index, p);
  board.pieces[index] = { kind: p.kind, owner: p.owner, cell, captured, vars: p.vars };
}

/** Sets variable `at` of `piece`, a piece of `state`, in its record: a state's copy copies the records of pieces with variables (engine/copies.ts cloneState). */
export function setPieceVar(state: GameState, piece: PieceState, at: number, to: Value): void {
  recordPieceVariable(state, piece.vars, at, piece.vars[at]);
  piece.vars[at] = to;
}

export function pieceOf(state: GameState, value: Value): ReturnType<typeof pieceState> {
  return pieceState(state, value);
}
function pieceState(state: GameState, value: Value) {
  const piece = typeof value === 'number' ? state.board?.pieces[value] : undefined;
  if (!piece) throw new RuleError(value === null ? 'a piece was expected, but the value is none' : 'this is not a piece');
  return piece;
}

export function piecesOn(state: GameState, cell: number): number[] {
  const result: number[] = [];
  const pieces = state.board?.pieces ?? [];
  for (let i = 0; i < pieces.length; i++) if (pieces[i].cell === cell) result.push(i);
  return result;
}

export function piecesOnBoard(state: GameState, owner: number): number[] {
  const result: number[] = [];
  const pieces = state.board?.pieces ?? [];
  for (let i = 0; i < pieces.length; i++) if (pieces[i].owner === owner && pieces[i].cell >= 0) result.push(i);
  return result;
}

/** Reads an attribute of a cell, a tile or a piece (none of none). */
export function boardMemberReader(definition: GameDefinition, kind: string, index = 0): ((state: GameState, value: Value) => Value) | undefined {
  const cell = (value: Value) => {
    if (typeof value !== 'number') return null;
    return { grid: gridOfCell(definition, value), cell: value };
  };
  const tile = (value: Value) => (typeof value === 'number' ? { grid: gridOfTile(definition, value), tile: value } : null);
  switch (kind) {
    case 'cell-row': return (_, v) => { const c = cell(v); return c && cellPosition(c.grid, c.cell).row + 1; };
    case 'cell-column': return (_, v) => { const c = cell(v); return c && cellPosition(c.grid, c.cell).column + 1; };
    case 'cell-colour': return (s, v) => (typeof v === 'number' ? s.board?.colours[v] ?? null : null);
    case 'cell-tile': return (_, v) => { const c = cell(v); return c && tileOfCell(c.grid, c.cell); };
    case 'cell-pieces': return (s, v) => (typeof v === 'number' ? piecesOn(s, v) : []);
    case 'tile-row': return (_, v) => { const t = tile(v); return t && tilePosition(t.grid, t.tile).row + 1; };
    case 'tile-column': return (_, v) => { const t = tile(v); return t && tilePosition(t.grid, t.tile).column + 1; };
    case 'tile-fixed': return (s, v) => { const t = tile(v); return t && Boolean(t.grid.kinds[s.board!.tileKinds[t.tile]]?.fixed); };
    case 'tile-kind': return (s, v) => { const t = tile(v); return t && (t.grid.kinds[s.board!.tileKinds[t.tile]]?.name ?? null); };
    case 'tile-cells': return (_, v) => { const t = tile(v); return t ? cellsOfTile(t.grid, t.tile) : []; };
    case 'piece-owner': return (s, v) => (v === null ? null : pieceState(s, v).owner);
    case 'piece-cell': return (s, v) => { if (v === null) return null; const c = pieceState(s, v).cell; return c >= 0 ? c : null; };
    case 'piece-captured': return (s, v) => (v === null ? null : pieceState(s, v).captured);
    case 'piece-kind': return (s, v) => (v === null ? null : definition.pieceKinds[pieceState(s, v).kind].name);
    case 'piece-var': return (s, v) => (v === null ? null : pieceState(s, v).vars[index]);
    default: return undefined;
  }
}

/** The builtin functions of boards; `args` are the compiled arguments; `grid` the grid a first argument names. */
export function boardCall(definition: GameDefinition, name: string, args: ((s: GameState, f: Frame) => Value)[], grid: number):
  ((s: GameState, f: Frame) => Value) | undefined {
  const arg = (i: number) => args[i] ?? (() => null);
  const number = (value: Value) => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : NaN);
  const cell = (value: Value) => {
    if (typeof value !== 'number' || value < 0 || value >= definition.totalCells) throw new RuleError(value === null ? 'a cell was expected, but the value is none' : 'this is not a cell');
    return value;
  };
  const g = definition.grids[grid];
  switch (name) {
    case 'cell': return (s, f) => {
      const c = cellAt(g, number(arg(1)(s, f)) - 1, number(arg(2)(s, f)) - 1);
      return c >= 0 ? c : null;
    };
    case 'tile': return (s, f) => {
      const row = number(arg(1)(s, f)) - 1;
      const column = number(arg(2)(s, f)) - 1;
      return row >= 0 && column >= 0 && row < g.tileRows && column < g.tileColumns ? g.tileBase + row * g.tileColumns + column : null;
    };
    case 'tiles': { const all = Array.from({ length: g ? g.tileRows * g.tileColumns : 0 }, (_, t) => g.tileBase + t); return () => all; }
    case 'adjacent': return (s, f) => adjacentCells(definition, cell(arg(0)(s, f)));
    case 'diagonal': return (s, f) => diagonalCells(definition, cell(arg(0)(s, f)));
    case 'step': return (s, f) => {
      const next = stepFrom(definition, cell(arg(0)(s, f)), number(arg(1)(s, f)), number(arg(2)(s, f)));
      return next >= 0 ? next : null;
    };
    case 'bordering': return (s, f) => {
      const t = arg(0)(s, f);
      if (typeof t !== 'number') throw new RuleError('a tile was expected, but the value is none');
      return borderingCells(definition, t);
    };
    case 'reachable': return (s, f) => {
      const start = cell(arg(0)(s, f));
      const allowed = arg(1)(s, f);
      return reachableCells(definition, start, Array.isArray(allowed) ? allowed as number[] : []);
    };
    case 'pieces': return (s, f) => {
      const owner = arg(0)(s, f);
      return typeof owner === 'number' ? piecesOnBoard(s, owner) : [];
    };
    default: return undefined;
  }
}
