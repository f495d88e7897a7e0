/**
 * Grids, their tiles and the pieces on them, gathered into the schema: sizes, tile kinds and where
 * they stand, checked here so the interpreter can lay a board out without second-guessing.
 */
import type * as A from './ast.ts';
import { codes, diagnostic, type Diagnostic } from './diagnostics.ts';

/** The largest board side, in cells: a bound so no declaration builds a huge board. */
export const maxGridSide = 64;

export interface TileKindInfo { name: string; colours: string[]; fixed: boolean; at: { row: number; column: number }[]; copies: number; when?: A.Expr }
export interface GridInfo {
  name: string; index: number; decl: A.GridDecl;
  /** The board in tiles; a grid without tiles is made of 1 × 1 tiles. */
  tileRows: number; tileColumns: number; tileHeight: number; tileWidth: number;
  kinds: TileKindInfo[];
  carryLayout: boolean;
}
export interface PieceKindInfo { name: string; index: number; count: number; decl: A.PiecesDecl }

/** What a name claim needs: one registry for every top-level name (schema.ts). */
type Claim = (name: A.Name, what: string) => boolean;

export function reportMisspelt(words: A.Misspelt[], diagnostics: Diagnostic[]): void {
  for (const word of words) {
    diagnostics.push(diagnostic(codes.expectedWord, `expected '${word.expected}' here, not '${word.found}'`, word.range, { suggestion: word.expected }));
  }
}

export function gridInfo(decl: A.GridDecl, index: number, claim: Claim, symbols: Set<string>, diagnostics: Diagnostic[]): GridInfo | undefined {
  reportMisspelt(decl.misspelt, diagnostics);
  if (!claim(decl.name, 'a grid')) return undefined;
  const error = (message: string, range: A.Range) => diagnostics.push(diagnostic(codes.gridLayout, message, range));
  const size = (node: A.NumberNode, what: string) => {
    if (!Number.isFinite(node.value)) return 1;
    if (node.value < 1) { diagnostics.push(diagnostic(codes.numberInvalid, `${what} must be at least 1, not ${node.value}`, node.range)); return 1; }
    return node.value;
  };
  const tileHeight = decl.tileSize ? size(decl.tileSize.rows, 'a tile\'s rows') : 1;
  const tileWidth = decl.tileSize ? size(decl.tileSize.columns, 'a tile\'s columns') : 1;
  let tileRows = size(decl.rows, 'the rows of a grid');
  let tileColumns = size(decl.columns, 'the columns of a grid');
  if (tileRows * tileHeight > maxGridSide || tileColumns * tileWidth > maxGridSide) {
    diagnostics.push(diagnostic(codes.numberInvalid, `a grid can be at most ${maxGridSide} by ${maxGridSide} cells; this one is ${tileRows * tileHeight} by ${tileColumns * tileWidth}`, decl.rows.range));
    tileRows = Math.min(tileRows, Math.floor(maxGridSide / tileHeight)) || 1;
    tileColumns = Math.min(tileColumns, Math.floor(maxGridSide / tileWidth)) || 1;
  }
  if (!decl.tileSize && decl.tiles.length > 0) {
    error(`'${decl.name.text}' is a grid of cells without tiles: write '${tileRows} by ${tileColumns} tiles of 2 by 2 cells' to lay it out in tiles`, decl.tiles[0].range);
  }
  const kinds: TileKindInfo[] = [];
  const taken = new Set<string>();
  const kindNames = new Set<string>();
  for (const item of decl.tiles) {
    reportMisspelt(item.misspelt, diagnostics);
    if (kindNames.has(item.name.text)) diagnostics.push(diagnostic(codes.nameDuplicate, `the tile '${item.name.text}' is already declared in this grid`, item.name.range));
    kindNames.add(item.name.text);
    if (item.cells.length !== tileHeight * tileWidth) {
      error(`a tile of ${tileHeight} by ${tileWidth} cells lists ${tileHeight * tileWidth} colours, row by row; '${item.name.text}' lists ${item.cells.length}`, item.name.range);
    }
    if (!item.fixed && tileHeight !== tileWidth) {
      error(`'${item.name.text}' is not square, so a quarter turn would not fit it in its place: mark it fixed`, item.name.range);
    }
    const at: { row: number; column: number }[] = [];
    for (const position of item.at) {
      const row = position.row.value;
      const column = position.column.value;
      if (!Number.isFinite(row) || !Number.isFinite(column)) continue;
      if (row < 1 || row > tileRows || column < 1 || column > tileColumns) {
        error(`(${row}, ${column}) is off the grid: rows go from 1 to ${tileRows} and columns from 1 to ${tileColumns}`, position.range);
      } else if (taken.has(`${row},${column}`) && !item.when) {
        error(`another tile already stands at (${row}, ${column})`, position.range);
      } else {
        if (!item.when) taken.add(`${row},${column}`);
        at.push({ row, column });
      }
    }
    let copies = item.copies && Number.isFinite(item.copies.value) ? item.copies.value : item.at.length || 1;
    if (item.copies && item.at.length > 0 && item.copies.value !== item.at.length) {
      const places = item.at.length === 1 ? '1 place, so it has 1 copy' : `${item.at.length} places, so it has ${item.at.length} copies`;
      error(`'${item.name.text}' stands at ${places}, not ${item.copies.value}`, item.copies.range);
      copies = at.length;
    }
    copies = Math.max(0, Math.min(copies, tileRows * tileColumns));
    const colours = item.cells.map((cell) => cell.text);
    for (const colour of colours) symbols.add(colour);
    // `t.kind == Bicolore`: a kind's name is a symbol, like a colour.
    symbols.add(item.name.text);
    kinds.push({ name: item.name.text, colours, fixed: item.fixed, at, copies, when: item.when });
  }
  const total = kinds.reduce((sum, kind) => sum + kind.copies, 0);
  // Tiles that depend on a variant are counted when a game starts with it (the engine refuses a board that does not fill).
  if (decl.tileSize && total !== tileRows * tileColumns && !decl.tiles.some((t) => t.when)) {
    error(`'${decl.name.text}' has room for ${tileRows * tileColumns} tiles, but its tiles number ${total}`, decl.name.range);
  }
  return { name: decl.name.text, index, decl, tileRows, tileColumns, tileHeight, tileWidth, kinds, carryLayout: decl.carryLayout };
}

export function pieceKindInfo(decl: A.PiecesDecl, index: number, claim: Claim, diagnostics: Diagnostic[]): PieceKindInfo | undefined {
  reportMisspelt(decl.misspelt, diagnostics);
  if (!claim(decl.name, 'a kind of piece')) return undefined;
  let count = Number.isFinite(decl.count.value) ? decl.count.value : 0;
  if (Number.isFinite(decl.count.value) && (count < 1 || count > 1000)) {
    diagnostics.push(diagnostic(codes.numberInvalid, `a player has from 1 to 1000 pieces of a kind, not ${count}`, decl.count.range));
    count = Math.max(1, Math.min(count, 1000));
  }
  return { name: decl.name.text, index, count, decl };
}
