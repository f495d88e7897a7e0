/**
 * What grids, tiles and pieces mean to the checker: their attributes, the names they add, their
 * builtin functions and the statements that act on them. The checker (names-check, expression-check) asks here before giving up.
 */
import type * as A from './ast.ts';
import type { Schema } from './schema-types.ts';

/** The static kinds of board things; at run time each is a number (a cell, a tile or a piece). */
export type GridType = 'cell' | 'tile' | 'piece';

export type GridMember =
  | { kind: 'cell-row' } | { kind: 'cell-column' } | { kind: 'cell-colour' } | { kind: 'cell-tile' } | { kind: 'cell-pieces' }
  | { kind: 'tile-row' } | { kind: 'tile-column' } | { kind: 'tile-fixed' } | { kind: 'tile-kind' } | { kind: 'tile-cells' }
  | { kind: 'piece-owner' } | { kind: 'piece-cell' } | { kind: 'piece-captured' } | { kind: 'piece-kind' } | { kind: 'piece-var'; index: number };

/** A name that stands for board things: a grid is the list of its cells; a kind of piece, every piece of it. */
export type GridResolution = { kind: 'grid'; index: number } | { kind: 'piece-kind'; index: number };

const cellMembers: Record<string, [GridMember, string]> = {
  row: [{ kind: 'cell-row' }, 'number'], column: [{ kind: 'cell-column' }, 'number'], colour: [{ kind: 'cell-colour' }, 'symbol'],
  tile: [{ kind: 'cell-tile' }, 'tile'], pieces: [{ kind: 'cell-pieces' }, 'list<piece>'],
};
const tileMembers: Record<string, [GridMember, string]> = {
  row: [{ kind: 'tile-row' }, 'number'], column: [{ kind: 'tile-column' }, 'number'], fixed: [{ kind: 'tile-fixed' }, 'bool'],
  kind: [{ kind: 'tile-kind' }, 'symbol'], cells: [{ kind: 'tile-cells' }, 'list<cell>'],
};
const pieceMembers: Record<string, [GridMember, string]> = {
  owner: [{ kind: 'piece-owner' }, 'player'], cell: [{ kind: 'piece-cell' }, 'cell'], captured: [{ kind: 'piece-captured' }, 'bool'],
  kind: [{ kind: 'piece-kind' }, 'symbol'],
};
const tables: Record<GridType, Record<string, [GridMember, string]>> = { cell: cellMembers, tile: tileMembers, piece: pieceMembers };

export function isGridType(type: string): type is GridType {
  return type === 'cell' || type === 'tile' || type === 'piece';
}

/**
 * An attribute of a cell, a tile or a piece; `variableType` tells what a piece variable holds.
 * `type` 'unknown' (a rule's parameter) finds any board attribute by name.
 */
export function gridMemberOf(schema: Schema, type: string, property: string, variableType: (decl: A.VarDecl) => string):
  { resolution: GridMember; type: string } | undefined {
  if (schema.grids.size === 0 && schema.pieceKinds.size === 0) return undefined;
  const kinds: GridType[] = type === 'unknown' ? ['piece', 'cell', 'tile'] : isGridType(type) ? [type] : [];
  for (const kind of kinds) {
    if (Object.hasOwn(tables[kind], property)) {
      const [resolution, result] = tables[kind][property];
      return { resolution, type: result };
    }
    if (kind === 'piece') {
      const variable = schema.pieceVars.get(property);
      if (variable) return { resolution: { kind: 'piece-var', index: variable.index }, type: variableType(variable.decl) };
    }
  }
  return undefined;
}

export function gridMemberNames(schema: Schema, type: string): string[] {
  if (type === 'piece') return [...Object.keys(pieceMembers), ...schema.pieceVars.keys()];
  return isGridType(type) ? Object.keys(tables[type]) : [];
}

export function resolveGridName(schema: Schema, name: string): { resolution: GridResolution; type: string } | undefined {
  const grid = schema.grids.get(name);
  if (grid) return { resolution: { kind: 'grid', index: grid.index }, type: 'list<cell>' };
  const pieces = schema.pieceKinds.get(name);
  if (pieces) return { resolution: { kind: 'piece-kind', index: pieces.index }, type: 'list<piece>' };
  return undefined;
}

export function gridNames(schema: Schema): string[] {
  return [...schema.grids.keys(), ...schema.pieceKinds.keys()];
}

/** A builtin function of boards; `grid` marks an argument that must name a grid. */
export interface GridFunction { params: string[]; result: string; doc: string; grid?: boolean }

/** The builtin functions of boards. */
export const gridFunctions = {
  cell: { params: ['list<cell>', 'number', 'number'], grid: true, result: 'cell', doc: 'cell(GRID, ROW, COLUMN): the cell at that row and column (from 1), or none off the board' },
  tile: { params: ['list<cell>', 'number', 'number'], grid: true, result: 'tile', doc: 'tile(GRID, ROW, COLUMN): the tile at that row and column of tiles (from 1), or none off the board' },
  tiles: { params: ['list<cell>'], grid: true, result: 'list<tile>', doc: 'tiles(GRID): every tile of the grid, row by row' },
  adjacent: { params: ['cell'], result: 'list<cell>', doc: 'adjacent(CELL): the cells sharing a side with it (up, right, down, left), across tiles' },
  diagonal: { params: ['cell'], result: 'list<cell>', doc: 'diagonal(CELL): the cells touching it by a corner only' },
  step: { params: ['cell', 'number', 'number'], result: 'cell', doc: 'step(CELL, ROWS, COLUMNS): the cell that many rows down and columns right (negative: up, left), or none past the edge' },
  bordering: { params: ['tile'], result: 'list<cell>', doc: "bordering(TILE): the cells outside the tile that share a side with one of its cells" },
  reachable: { params: ['cell', 'list<cell>'], result: 'list<cell>', doc: 'reachable(CELL, CELLS): the cells reached from CELL by steps to a side-adjacent cell of CELLS (CELL first): a path, a connected group' },
  pieces: { params: ['player'], result: 'list<piece>', doc: "pieces(PLAYER): the player's pieces on the board" },
} satisfies Record<string, GridFunction>;
