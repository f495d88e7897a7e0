/**
 * A game's grids as the playtest pane draws them, from the grid declaration and the engine's view
 * alone (nothing here knows a particular game): cells in a colour derived from their colour's name,
 * tiles with their borders, turns and whether they are fixed, pieces as discs in their owner's seat
 * colour, the pieces off the board per player, and the coordinates on the borders. When the choice
 * in front of the viewer is a cell, a tile or a piece, those are the ones a click plays — the same
 * moves as the choice's buttons, found by the labels the engine gives them ("e3", "row 2 tile 5",
 * "Pedina e3"). Like the other view models this only reads the view: hidden information never reaches here.
 */
import type { GridView, LegalMove, PieceView, PlayerView } from '../../../interpreter/index.ts';
import { paintOf, type CellPaint, type CellPalette } from './grid-colours.ts';
import type { ChoicePanel } from './choices-view-model.ts';
import { seatColour, type Colour } from './colours.ts';
import { formatValue } from './table-view-model.ts';

// ---------------------------------------------------------------------------------------------
// Geometry

/** Board units: a cell's side, and the bands of coordinates around the cells. */
export const cellSize = 40;
export const coordinateBand = 20;

export interface GridGeometry {
  /** Where the cells start (the top-left corner of a1). */
  left: number; top: number;
  width: number; height: number;
}

/** The board's size: the cells, a band of coordinates on each side. */
export function gridGeometry(grid: Pick<GridView, 'rows' | 'columns'>): GridGeometry {
  return {
    left: coordinateBand, top: coordinateBand,
    width: grid.columns * cellSize + 2 * coordinateBand, height: grid.rows * cellSize + 2 * coordinateBand,
  };
}

/** A column's name as the engine writes it in a cell's label: a letter up to 26 columns, else its number. */
export function columnName(grid: Pick<GridView, 'columns'>, column: number): string {
  return grid.columns <= 26 ? String.fromCharCode(97 + column) : String(column + 1);
}

export interface AxisLabel { text: string; x: number; y: number; title: string }

/**
 * Coordinates on the four borders: column letters across the top and row numbers down the left
 * (what a cell's label says, "e3"); across the bottom and down the right, the tiles' columns and
 * rows ("row 2 tile 5") when the grid is made of tiles, else the same letters and numbers again.
 */
export function gridAxes(grid: Pick<GridView, 'rows' | 'columns' | 'tileRows' | 'tileColumns' | 'tileHeight' | 'tileWidth'>): {
  top: AxisLabel[]; left: AxisLabel[]; bottom: AxisLabel[]; right: AxisLabel[];
} {
  const g = gridGeometry(grid);
  const half = coordinateBand / 2;
  const tiled = grid.tileHeight > 1 || grid.tileWidth > 1;
  const columns = Array.from({ length: grid.columns }, (_, c) => ({ text: columnName(grid, c), x: g.left + (c + 0.5) * cellSize, title: `column ${columnName(grid, c)}` }));
  const rows = Array.from({ length: grid.rows }, (_, r) => ({ text: String(r + 1), y: g.top + (r + 0.5) * cellSize, title: `row ${r + 1}` }));
  const top = columns.map((c) => ({ ...c, y: half }));
  const left = rows.map((r) => ({ ...r, x: half }));
  if (!tiled) {
    return { top, left, bottom: columns.map((c) => ({ ...c, y: g.height - half })), right: rows.map((r) => ({ ...r, x: g.width - half })) };
  }
  const tileWidth = grid.tileWidth * cellSize, tileHeight = grid.tileHeight * cellSize;
  return {
    top, left,
    bottom: Array.from({ length: grid.tileColumns }, (_, c) => ({ text: String(c + 1), x: g.left + (c + 0.5) * tileWidth, y: g.height - half, title: `tile ${c + 1} of its row` })),
    right: Array.from({ length: grid.tileRows }, (_, r) => ({ text: String(r + 1), x: g.width - half, y: g.top + (r + 0.5) * tileHeight, title: `row ${r + 1} of tiles` })),
  };
}

// ---------------------------------------------------------------------------------------------
// Paths

/**
 * The cells connected to `start` through side-adjacent cells of its colour, `start` first and the
 * rest by distance (what a piece on it could follow along one colour). Indices into `grid.cells`,
 * which run row by row; a cell without a colour is a path of its own.
 */
export function sameColourPath(grid: Pick<GridView, 'rows' | 'columns' | 'cells'>, start: number): number[] {
  const colour = grid.cells[start]?.colour ?? null;
  if (colour === null) return start >= 0 && start < grid.cells.length ? [start] : [];
  const seen = new Set([start]);
  const order = [start];
  for (let k = 0; k < order.length; k++) {
    const row = Math.floor(order[k] / grid.columns), column = order[k] % grid.columns;
    for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
      const r = row + dr, c = column + dc;
      if (r < 0 || c < 0 || r >= grid.rows || c >= grid.columns) continue;
      const next = r * grid.columns + c;
      if (!seen.has(next) && grid.cells[next].colour === colour) { seen.add(next); order.push(next); }
    }
  }
  return order;
}

// ---------------------------------------------------------------------------------------------
// The board during a game

/** What a click on a cell, a tile or a piece plays; `picked` when it is already in a selection. */
export interface Offer { move: LegalMove | null; picked: boolean }

export interface GridCell extends Offer {
  /** Index into `GridView.cells` (row by row). */
  index: number;
  label: string;
  /** From 0. */
  row: number; column: number;
  x: number; y: number;
  colour: string | null;
  paint: CellPaint;
}

export interface GridPiece extends Offer {
  /** Index into `BoardView.pieces`: the same piece whatever its label says. */
  index: number;
  label: string;
  kind: string;
  owner: string;
  seat: number;
  colour: Colour;
  /** On the disc: its number among its owner's pieces of its kind (with the kind's initial when there are several kinds). */
  text: string;
  /** The label, the owner and the piece's variables, for the tooltip. */
  detail: string;
  captured: boolean;
  /** Index of its cell in its grid, and the disc's centre; null off the board. */
  cell: number | null;
  x: number; y: number;
}

export interface RotationButton {
  /** The option as the rules name it ("orario"). */
  label: string;
  clockwise: boolean;
  glyph: '↻' | '↺';
  move: LegalMove;
}

export interface GridTile extends Offer {
  /** Index into `GridView.tiles` (row by row). */
  index: number;
  label: string;
  row: number; column: number;
  x: number; y: number; width: number; height: number;
  kind: string | null;
  fixed: boolean;
  /** Quarter turns clockwise from how its kind is declared. */
  turns: number;
  cells: GridCell[];
  pieces: GridPiece[];
  /** ↻/↺ when the pending choice turns this tile. */
  rotations: RotationButton[];
}

export interface GridBoard {
  name: string;
  geometry: GridGeometry;
  axes: ReturnType<typeof gridAxes>;
  /** Row by row, as in the view (for paths). */
  cells: GridCell[];
  tiles: GridTile[];
  /** Made of tiles bigger than one cell (so their borders are drawn). */
  tiled: boolean;
  grid: GridView;
}

export interface GridSide {
  name: string; seat: number; colour: Colour;
  isViewer: boolean; isCurrent: boolean; isChoosing: boolean; won: boolean;
  onBoard: number;
  /** Off the board and not captured: not yet placed, or gone past an edge. */
  off: GridPiece[];
  captured: GridPiece[];
  /** The player's variables, as the rules name them ("base 6"). */
  variables: { name: string; text: string }[];
}

export interface GridPrompt { heading: string; prompt: string; hint: string }

export interface GridTable {
  boards: GridBoard[];
  sides: GridSide[];
  /** The colours on the boards, for the legend. */
  legend: CellPaint[];
  prompt: GridPrompt | null;
  /** Rotation options with no tile to put them on (shown by the prompt). */
  rotations: RotationButton[];
  /** Something on the board can be clicked. */
  selecting: boolean;
}

/** Labels the pending choice offers the viewer, with the move each plays. Option choices ("orario") are not labels of board things. */
export function boardOffers(view: Pick<PlayerView, 'pending'>, choice: ChoicePanel): Map<string, Offer> {
  const offered = new Map<string, Offer>();
  const kind = view.pending?.kind;
  if (choice.kind === 'choose' && kind === 'value') {
    for (const button of choice.moves) offered.set(button.label, { move: button.move, picked: false });
  } else if (choice.kind === 'pick' && kind === 'pick') {
    for (const toggle of choice.picks) offered.set(toggle.label, { move: toggle.move, picked: toggle.picked });
  }
  return offered;
}

const counterclockwise = /(anti|counter|contro)[\s-]?(orari|clock)|sinistr|\bleft\b|↺/i;
const clockwise = /orari|clockwise|destr|\bright\b|↻/i;

/** The options of the pending choice that turn something one way or the other ("orario", "antiorario"). */
export function rotationButtons(view: Pick<PlayerView, 'pending'>, choice: ChoicePanel): RotationButton[] {
  if (choice.kind !== 'choose' || view.pending?.kind !== 'option') return [];
  return choice.moves.flatMap((button): RotationButton[] => {
    if (counterclockwise.test(button.label)) return [{ label: button.label, clockwise: false, glyph: '↺', move: button.move }];
    if (clockwise.test(button.label)) return [{ label: button.label, clockwise: true, glyph: '↻', move: button.move }];
    return [];
  });
}

/** The tile the log names last in this turn (the one just chosen), by its label; -1 when none. */
export function lastNamedTile(view: Pick<PlayerView, 'log' | 'turn'>, grid: Pick<GridView, 'tiles'>): number {
  const byLabel = new Map(grid.tiles.map((tile, i) => [tile.label, i]));
  const pattern = /(?:\S+ )?row \d+ tile \d+/g;
  for (let i = view.log.length - 1; i >= 0 && view.log[i].turn === view.turn; i--) {
    const found = [...view.log[i].text.matchAll(pattern)].reverse();
    for (const match of found) {
      // With several grids the label starts with the grid's name; with one, it is just "row 2 tile 5".
      const index = byLabel.get(match[0]) ?? byLabel.get(match[0].replace(/^\S+ (?=row )/, ''));
      if (index !== undefined) return index;
    }
  }
  return -1;
}

/**
 * Every grid as this viewer sees it now, the pieces on and off it, and what the pending choice
 * lets them click. Null in a game without a board.
 */
export function gridTable(view: PlayerView, choice: ChoicePanel, palette: CellPalette): GridTable | null {
  const board = view.board;
  if (!board || board.grids.length === 0) return null;
  const offers = boardOffers(view, choice);
  const pieces = pieceModels(view, offers);
  const rotations = rotationButtons(view, choice);
  let placed = rotations.length === 0;
  const boards = board.grids.map((grid): GridBoard => {
    const geometry = gridGeometry(grid);
    const cells = grid.cells.map((cell, index): GridCell => {
      const row = Math.floor(index / grid.columns), column = index % grid.columns;
      const offer = offers.get(cell.label);
      return {
        index, label: cell.label, row, column, x: geometry.left + column * cellSize, y: geometry.top + row * cellSize,
        colour: cell.colour, paint: paintOf(palette, cell.colour, row + column), move: offer?.move ?? null, picked: offer?.picked ?? false,
      };
    });
    const onGrid = pieces.filter((piece) => board.pieces[piece.index].at?.grid === grid.name);
    placeDiscs(onGrid, grid, geometry, board.pieces);
    const turning = rotations.length ? lastNamedTile(view, grid) : -1;
    if (turning >= 0) placed = true;
    // Each cell and each piece into its tile in one pass (a 12 × 12 board has 36 tiles of 4 cells).
    const tileOf = (cell: GridCell) => Math.floor(cell.row / grid.tileHeight) * grid.tileColumns + Math.floor(cell.column / grid.tileWidth);
    const inside: GridCell[][] = grid.tiles.map(() => []);
    for (const cell of cells) inside[tileOf(cell)].push(cell);
    const standing: GridPiece[][] = grid.tiles.map(() => []);
    for (const piece of onGrid) standing[tileOf(cells[piece.cell!])].push(piece);
    const tiles = grid.tiles.map((tile, index): GridTile => {
      const row = Math.floor(index / grid.tileColumns), column = index % grid.tileColumns;
      const offer = offers.get(tile.label);
      return {
        index, label: tile.label, row, column,
        x: geometry.left + column * grid.tileWidth * cellSize, y: geometry.top + row * grid.tileHeight * cellSize,
        width: grid.tileWidth * cellSize, height: grid.tileHeight * cellSize,
        kind: tile.kind, fixed: tile.fixed, turns: tile.turns, cells: inside[index], pieces: standing[index],
        rotations: index === turning ? rotations : [],
        move: offer?.move ?? null, picked: offer?.picked ?? false,
      };
    });
    return { name: grid.name, geometry, axes: gridAxes(grid), cells, tiles, tiled: grid.tileHeight > 1 || grid.tileWidth > 1, grid };
  });
  const chooser = view.pending?.player ?? null;
  const winners = new Set(view.outcome?.winnerNames ?? []);
  const sides = view.players.map((player): GridSide => {
    const own = pieces.filter((piece) => piece.seat === player.seat);
    return {
      name: player.name, seat: player.seat, colour: seatColour(player.seat),
      isViewer: view.viewer === player.seat, isCurrent: player.isCurrent && view.outcome === null && view.turn > 0,
      isChoosing: chooser === player.name && view.outcome === null, won: winners.has(player.name),
      onBoard: own.filter((piece) => piece.cell !== null).length,
      off: own.filter((piece) => piece.cell === null && !piece.captured),
      captured: own.filter((piece) => piece.captured),
      variables: player.variables.map((v) => ({ name: v.name, text: formatValue(v.value) })),
    };
  });
  const used = new Set(board.grids.flatMap((grid) => grid.cells.map((cell) => cell.colour)));
  const legend = [...[...palette.keys()].filter((name) => used.has(name)), ...[...used].filter((name): name is string => name !== null && !palette.has(name))]
    .map((name) => paintOf(palette, name));
  const selecting = offers.size > 0 && (boards.some((b) => b.cells.some((c) => c.move) || b.tiles.some((t) => t.move)) || pieces.some((p) => p.move));
  return {
    boards, sides, legend, prompt: gridPrompt(choice, boards, pieces, rotations.length > 0),
    rotations: placed ? [] : rotations, selecting,
  };
}

/**
 * The pieces with the moves that choose them. Two pieces may share a label (two on one cell, a
 * fixed tile two opposing pawns may share): the engine numbers equal labels "(2)", "(3)"… in the
 * order it offers them, so the chooser's own pieces take the offers first.
 */
function pieceModels(view: PlayerView, offers: Map<string, Offer>): GridPiece[] {
  const board = view.board!;
  const kinds = new Set(board.pieces.map((piece) => piece.kind));
  const numbers = new Map<string, number>();
  const models = board.pieces.map((piece, index): GridPiece => {
    const key = `${piece.kind}|${piece.seat}`;
    const number = (numbers.get(key) ?? 0) + 1;
    numbers.set(key, number);
    return {
      index, label: piece.label, kind: piece.kind, owner: piece.owner, seat: piece.seat, colour: seatColour(piece.seat),
      text: kinds.size > 1 ? `${piece.kind.charAt(0).toUpperCase()}${number}` : String(number),
      detail: pieceDetail(piece), captured: piece.captured, cell: null, x: 0, y: 0, move: null, picked: false,
    };
  });
  const chooser = view.pending?.seat ?? -1;
  const order = [...models].sort((a, b) => Number(b.seat === chooser) - Number(a.seat === chooser) || a.index - b.index);
  const taken = new Map<string, number>();
  for (const model of order) {
    const seen = (taken.get(model.label) ?? 0) + 1;
    taken.set(model.label, seen);
    const offer = offers.get(seen === 1 ? model.label : `${model.label} (${seen})`);
    if (offer) { model.move = offer.move; model.picked = offer.picked; }
  }
  return models;
}

function pieceDetail(piece: PieceView): string {
  return [
    `${piece.label} (${piece.owner})`,
    ...(piece.captured ? ['captured'] : piece.at ? [] : ['off the board']),
    ...piece.variables.filter((v) => v.value !== null && !(Array.isArray(v.value) && v.value.length === 0)).map((v) => `${v.name} ${formatValue(v.value)}`),
  ].join('\n');
}

/** Each disc at its cell's centre; pieces sharing a cell side by side. */
function placeDiscs(pieces: GridPiece[], grid: GridView, geometry: GridGeometry, views: PieceView[]): void {
  const byCell = new Map<number, GridPiece[]>();
  for (const piece of pieces) {
    const at = views[piece.index].at!;
    const cell = (at.row - 1) * grid.columns + (at.column - 1);
    piece.cell = cell;
    byCell.set(cell, [...(byCell.get(cell) ?? []), piece]);
  }
  for (const [cell, here] of byCell) {
    const cx = geometry.left + ((cell % grid.columns) + 0.5) * cellSize;
    const cy = geometry.top + (Math.floor(cell / grid.columns) + 0.5) * cellSize;
    here.forEach((piece, k) => {
      piece.x = cx + (here.length > 1 ? (k - (here.length - 1) / 2) * (cellSize * 0.36) : 0);
      piece.y = cy;
    });
  }
}

/** The disc's radius: smaller when two share a cell. */
export function discRadius(shared: boolean): number { return shared ? cellSize * 0.22 : cellSize * 0.32; }

function gridPrompt(choice: ChoicePanel, boards: GridBoard[], pieces: GridPiece[], rotating: boolean): GridPrompt | null {
  if (choice.kind === 'waiting') return { heading: `Waiting for ${choice.chooser}`, prompt: choice.prompt, hint: '' };
  if (choice.kind !== 'choose' && choice.kind !== 'pick') return null;
  const what = [
    boards.some((b) => b.cells.some((c) => c.move)) ? 'cell' : null,
    boards.some((b) => b.tiles.some((t) => t.move)) ? 'tile' : null,
    pieces.some((p) => p.move) ? 'piece' : null,
  ].filter((w): w is string => w !== null);
  const hint = rotating ? 'turn the tile with ↻ or ↺'
    : what.length === 0 ? 'choose with the buttons above'
      : `click a highlighted ${what.join(' or ')}${choice.kind === 'pick' ? ', then Confirm' : ''}`;
  return { heading: choice.heading, prompt: choice.prompt, hint };
}
