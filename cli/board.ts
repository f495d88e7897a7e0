/**
 * A board of squares as terminal text, drawn from the view's grids alone (no code for any one
 * game): column letters above and below, row numbers on both sides, each cell as two letters of
 * its colour, a piece as its owner's seat in place of the letters, tiles framed (`|` and a ruled
 * line between tiles, `#` and `=` around a fixed tile), then a legend and each player's pieces
 * off the board. Row 1 is the top row, as in the cells' labels ("a1" is the top-left cell).
 *
 *       a  b    c  d
 *     +=======+-------+
 *   1 # Gr Gr # Ch 1  | 1
 *   2 # Gr Gr # Sc Sc | 2
 *     +=======+-------+
 *   3 | Ch Sc | Ch Ch | 3
 *   4 | Ch Sc | Sc Sc | 4
 *     +-------+-------+
 *       a  b    c  d
 */
import type { BoardView, GridView, PieceView } from '../interpreter/index.ts';
import { printable } from './printable.ts';

/** What a cell shows when it has no colour. */
const noColour = '..';

/** `labels`: a kind of piece's label from the rules (`look Torre label "T"`), whose first character is its letter. */
export function renderBoard(board: BoardView, players: { name: string; seat: number }[], labels: ReadonlyMap<string, string> = new Map()): string {
  const colours = shortNames([...new Set(board.grids.flatMap((g) => g.cells.map((c) => c.colour)).filter((c): c is string => c !== null))].sort(), 2);
  const kinds = [...new Set(board.pieces.map((p) => p.kind))];
  // With one kind of piece the seat says it all; with several, a letter for the kind follows the seat.
  const kindLetters = kinds.length > 1 ? withLabels(shortNames(kinds, 1), labels) : new Map<string, string>();
  const lines: string[] = [];
  for (const grid of board.grids) {
    if (board.grids.length > 1) lines.push(`  ${printable(grid.name)}:`);
    lines.push(...gridLines(grid, board.pieces.filter((p) => p.at?.grid === grid.name), colours, kindLetters));
  }
  const legend = [...colours].map(([name, code]) => `${code} ${printable(name)}`);
  // On a board with no colours at all (a chessboard drawn plain) the dots need no legend.
  if (colours.size && board.grids.some((g) => g.cells.some((c) => c.colour === null))) legend.push(`${noColour} none`);
  if (legend.length) lines.push(`  colours: ${legend.join(', ')}`);
  if (kindLetters.size) lines.push(`  pieces: ${[...kindLetters].map(([name, letter]) => `${letter} ${printable(name)}`).join(', ')} (after the owner's seat)`);
  if (board.grids.some((g) => g.tiles.some((t) => t.fixed))) lines.push('  tiles framed with # and = are fixed');
  for (const player of players) {
    const own = board.pieces.filter((p) => p.seat === player.seat);
    if (own.length === 0) continue;
    const counted = (pieces: PieceView[]) => countByKind(pieces, kinds);
    const onBoard = own.filter((p) => p.at).sort((a, b) => a.at!.row - b.at!.row || a.at!.column - b.at!.column);
    // A piece hides its cell's colour on the board (the colour is its path): say it here.
    const where = colours.size === 0 ? [] : onBoard.map((p) => {
      const grid = board.grids.find((g) => g.name === p.at!.grid)!;
      const colour = grid.cells[(p.at!.row - 1) * grid.columns + p.at!.column - 1].colour;
      return `${printable(p.at!.cell)}${colour === null ? '' : ` ${colours.get(colour)}`}`;
    });
    lines.push(`  ${seatSymbol(player.seat)} = ${printable(player.name)}: on the board ${counted(onBoard)}${where.length ? ` (${where.join(', ')})` : ''}; off the board ${counted(own.filter((p) => !p.at && !p.captured))}; captured ${counted(own.filter((p) => p.captured))}`);
  }
  return lines.join('\n');
}

/** The rules' labels in place of the letters made up, while no two kinds share a letter. */
function withLabels(letters: Map<string, string>, labels: ReadonlyMap<string, string>): Map<string, string> {
  const chosen = new Map([...letters].map(([kind, letter]) => [kind, [...(labels.get(kind) ?? '')][0] ?? letter]));
  return new Set(chosen.values()).size === chosen.size ? chosen : letters;
}

/** The seat as one character: 1 to 9, then a to z. */
function seatSymbol(seat: number): string {
  return seat < 35 ? (seat + 1).toString(36) : '?';
}

function countByKind(pieces: PieceView[], kinds: string[]): string {
  if (pieces.length === 0) return '0';
  if (kinds.length === 1) return String(pieces.length);
  return kinds.map((kind) => [kind, pieces.filter((p) => p.kind === kind).length] as const).filter(([, n]) => n > 0).map(([kind, n]) => `${n} ${printable(kind)}`).join(' + ');
}

function gridLines(grid: GridView, pieces: PieceView[], colours: Map<string, string>, kindLetters: Map<string, string>): string[] {
  const letters = grid.columns <= 26;
  const cellWidth = Math.max(2, letters ? 1 : String(grid.columns).length);
  // A grid without tiles is made of 1 × 1 tiles: draw only its outer frame.
  const tiled = grid.tileHeight > 1 || grid.tileWidth > 1;
  const bandWidth = tiled ? grid.tileWidth : grid.columns;
  const bandHeight = tiled ? grid.tileHeight : grid.rows;
  const fixedAt = (bandRow: number, bandColumn: number) => tiled && bandRow >= 0 && bandColumn >= 0
    && bandRow < grid.tileRows && bandColumn < grid.tileColumns && grid.tiles[bandRow * grid.tileColumns + bandColumn].fixed;
  const bands = Math.ceil(grid.columns / bandWidth);
  const segment = 1 + bandWidth * (cellWidth + 1);
  const rowWidth = String(grid.rows).length;
  const margin = ' '.repeat(rowWidth + 4);

  const piecesAt = new Map<number, PieceView[]>();
  for (const piece of pieces) {
    const index = (piece.at!.row - 1) * grid.columns + piece.at!.column - 1;
    piecesAt.set(index, [...(piecesAt.get(index) ?? []), piece]);
  }
  const cellText = (index: number) => {
    const here = piecesAt.get(index);
    if (here) {
      if (here.length === 1) return `${seatSymbol(here[0].seat)}${kindLetters.get(here[0].kind) ?? ''}`.padEnd(cellWidth);
      // Two pieces share a cell (opposing pawns on a fixed tile): both seats; more: the first and '+'.
      return here.length === 2 ? `${seatSymbol(here[0].seat)}${seatSymbol(here[1].seat)}`.padEnd(cellWidth) : `${seatSymbol(here[0].seat)}+`.padEnd(cellWidth);
    }
    const colour = grid.cells[index].colour;
    return (colour === null ? noColour : colours.get(colour)!).padEnd(cellWidth);
  };

  const columnsLine = (() => {
    let text = margin;
    for (let column = 0; column < grid.columns; column++) {
      if (column % bandWidth === 0 && column > 0) text += '  ';
      text += (letters ? String.fromCharCode(97 + column) : String(column + 1)).padEnd(cellWidth) + ' ';
    }
    return text.trimEnd();
  })();
  const rule = (bandRow: number) => {
    let text = `${' '.repeat(rowWidth + 1)} +`;
    for (let band = 0; band < bands; band++) text += (fixedAt(bandRow - 1, band) || fixedAt(bandRow, band) ? '=' : '-').repeat(segment) + '+';
    return text;
  };
  const lines = [columnsLine, rule(0)];
  for (let row = 0; row < grid.rows; row++) {
    const bandRow = Math.floor(row / bandHeight);
    let text = `${String(row + 1).padStart(rowWidth + 1)} `;
    for (let band = 0; band < bands; band++) {
      text += fixedAt(bandRow, band - 1) || fixedAt(bandRow, band) ? '#' : '|';
      for (let column = band * bandWidth; column < Math.min(grid.columns, (band + 1) * bandWidth); column++) text += ` ${cellText(row * grid.columns + column)}`;
      text += ' ';
    }
    text += `${fixedAt(bandRow, bands - 1) ? '#' : '|'} ${row + 1}`;
    lines.push(text);
    if ((row + 1) % bandHeight === 0 && row + 1 < grid.rows) lines.push(rule(bandRow + 1));
  }
  lines.push(rule(Math.ceil(grid.rows / bandHeight)), columnsLine);
  return lines;
}

/**
 * A short name for each name, unique among them: the first `length` letters (the first one upper
 * case), or when two names share those, the first letter and a later one, or a digit.
 */
export function shortNames(names: string[], length: 1 | 2): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    const letters = Array.from(name);
    const first = (letters[0] ?? '?').toUpperCase();
    const candidates = length === 1
      ? [first, ...letters.slice(1).map((l) => l.toUpperCase()), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']
      : [first + (letters[1] ?? ' ').toLowerCase(), ...letters.slice(2).map((l) => first + l.toLowerCase()), ...'23456789'.split('').map((d) => first + d)];
    const code = candidates.find((c) => !taken.has(c) && c !== noColour) ?? `${first}?`;
    taken.add(code);
    result.set(name, printable(code));
  }
  return result;
}
