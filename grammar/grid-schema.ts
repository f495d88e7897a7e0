/**
 * Grids, their tiles and the pieces on them, gathered into the schema: sizes, tile kinds and where
 * they stand, checked here so the interpreter can lay a board out without second-guessing.
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

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
    diagnostics.push(m.at(m.expectedWord(word.expected, word.found), word.range, word.expected));
  }
}

export function gridInfo(decl: A.GridDecl, index: number, claim: Claim, symbols: Set<string>, diagnostics: Diagnostic[]): GridInfo | undefined {
  reportMisspelt(decl.misspelt, diagnostics);
  if (!claim(decl.name, 'a grid')) return undefined;
  const report = (message: m.Message, range: A.Range) => diagnostics.push(m.at(message, range));
  const size = (node: A.NumberNode, what: string) => {
    if (!Number.isFinite(node.value)) return 1;
    if (node.value < 1) { report(m.atLeast(what, 1, node.value), node.range); return 1; }
    return node.value;
  };
  const tileHeight = decl.tileSize ? size(decl.tileSize.rows, 'a tile\'s rows') : 1;
  const tileWidth = decl.tileSize ? size(decl.tileSize.columns, 'a tile\'s columns') : 1;
  let tileRows = size(decl.rows, 'the rows of a grid');
  let tileColumns = size(decl.columns, 'the columns of a grid');
  if (tileRows * tileHeight > maxGridSide || tileColumns * tileWidth > maxGridSide) {
    report(m.gridTooLarge(maxGridSide, tileRows * tileHeight, tileColumns * tileWidth), decl.rows.range);
    tileRows = Math.min(tileRows, Math.floor(maxGridSide / tileHeight)) || 1;
    tileColumns = Math.min(tileColumns, Math.floor(maxGridSide / tileWidth)) || 1;
  }
  if (!decl.tileSize && decl.tiles.length > 0) {
    report(m.gridWithoutTiles(decl.name.text, tileRows, tileColumns), decl.tiles[0].range);
  }
  const kinds: TileKindInfo[] = [];
  const taken = new Set<string>();
  const kindNames = new Set<string>();
  for (const item of decl.tiles) {
    reportMisspelt(item.misspelt, diagnostics);
    if (kindNames.has(item.name.text)) report(m.tileTwice(item.name.text), item.name.range);
    kindNames.add(item.name.text);
    if (item.cells.length !== tileHeight * tileWidth) {
      report(m.tileColours(tileHeight, tileWidth, item.name.text, item.cells.length), item.name.range);
    }
    if (!item.fixed && tileHeight !== tileWidth) {
      report(m.tileNotSquare(item.name.text), item.name.range);
    }
    const at: { row: number; column: number }[] = [];
    for (const position of item.at) {
      const row = position.row.value;
      const column = position.column.value;
      if (!Number.isFinite(row) || !Number.isFinite(column)) continue;
      if (row < 1 || row > tileRows || column < 1 || column > tileColumns) {
        report(m.tileOffGrid(row, column, tileRows, tileColumns), position.range);
      } else if (taken.has(`${row},${column}`) && !item.when) {
        report(m.tilePlaceTaken(row, column), position.range);
      } else {
        if (!item.when) taken.add(`${row},${column}`);
        at.push({ row, column });
      }
    }
    let copies = item.copies && Number.isFinite(item.copies.value) ? item.copies.value : item.at.length || 1;
    if (item.copies && item.at.length > 0 && item.copies.value !== item.at.length) {
      report(m.tileCopies(item.name.text, item.at.length, item.copies.value), item.copies.range);
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
    report(m.tilesDoNotFill(decl.name.text, tileRows * tileColumns, total), decl.name.range);
  }
  return { name: decl.name.text, index, decl, tileRows, tileColumns, tileHeight, tileWidth, kinds, carryLayout: decl.carryLayout };
}

export function pieceKindInfo(decl: A.PiecesDecl, index: number, claim: Claim, diagnostics: Diagnostic[]): PieceKindInfo | undefined {
  reportMisspelt(decl.misspelt, diagnostics);
  if (!claim(decl.name, 'a kind of piece')) return undefined;
  let count = Number.isFinite(decl.count.value) ? decl.count.value : 0;
  if (Number.isFinite(decl.count.value) && (count < 1 || count > 1000)) {
    diagnostics.push(m.at(m.piecesCount(count), decl.count.range));
    count = Math.max(1, Math.min(count, 1000));
  }
  return { name: decl.name.text, index, count, decl };
}
