/**
 * The grid board's view model (studio/src/playtest/grid-view-model.ts) on Quadri, a small game of
 * rotatable tiles (test/e2e/fixtures/quadri.rules, which the e2e test also plays): cell colours from their names, the board's geometry and
 * coordinates, what the pending choice lets a click play (cells, tiles, pieces on and off the
 * board, ↻/↺ on the tile just chosen), and the path of one colour a hovered piece stands on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, randomMove, type GameDefinition, type GridView, type LegalMove, type Match, type PlayerView } from '../../interpreter/index.ts';
import { cellPalette, paintOf } from '../../studio/src/playtest/grid-colours.ts';
import {
  cellSize, coordinateBand, gridAxes, gridGeometry, gridTable, lastNamedTile, sameColourPath, type GridTable,
} from '../../studio/src/playtest/grid-view-model.ts';
import { autoPlay, choicePanel, seatColour, symbolPalette, type ChoicePanel } from '../../studio/src/playtest/view-model.ts';
import { playOn, playUntil, startMatch } from '../support/studio-match.ts';

/** Quadri: 3 × 3 tiles of 2 × 2 cells, one fixed in the middle; place two pawns, turn a tile, move a pawn along its colour. */
const quadri = readFileSync(fileURLToPath(new URL('../e2e/fixtures/quadri.rules', import.meta.url)), 'utf8');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const definition = compile(quadri);
const palette = cellPalette(definition);
const start = (seed = 3) => startMatch(definition, { players: 2, seed, variant: null });

function panelFor(match: Match, viewer: number | 'referee'): ChoicePanel {
  return choicePanel(match.view(viewer), match, symbolPalette(match.definition));
}

function tableFor(match: Match, viewer: number | 'referee' = 'referee'): GridTable {
  return gridTable(match.view(viewer), panelFor(match, viewer), palette)!;
}

const board = (table: GridTable) => table.boards[0];
const selectableCells = (table: GridTable) => board(table).cells.filter((c) => c.move).map((c) => c.label);
const selectableTiles = (table: GridTable) => board(table).tiles.filter((t) => t.move).map((t) => t.label);
const allPieces = (table: GridTable) => [...board(table).tiles.flatMap((t) => t.pieces), ...table.sides.flatMap((s) => [...s.off, ...s.captured])];
const selectablePieces = (table: GridTable) => allPieces(table).filter((p) => p.move).map((p) => p.label).sort();

/** Plays what a click on the board plays, and checks it was accepted. */
function click(match: Match, offer: { move: LegalMove | null } | undefined): void {
  expect(offer?.move, 'something to click').toBeTruthy();
  expect(playOn(match)(offer!.move!)).toBeNull();
}

/**
 * Sets up by clicking: each player puts a pawn on the first free highlighted cell, then picks the
 * first pawn off the board (the engine takes the last one by itself: a choice of one is no choice).
 */
function setUpByClicking(match: Match): void {
  for (let k = 0; k < 4; k++) {
    click(match, board(tableFor(match)).cells.find((c) => c.move));
    const spare = tableFor(match).sides.flatMap((s) => s.off).find((p) => p.move);
    if (spare) click(match, spare);
  }
  expect(match.state.pending?.prompt).toBe('Quale tassello giri?');
}

describe('cell colours', () => {
  it('paints Chiaro light and Scuro dark, far apart, and Grigio a grey; the same names always the same paint', () => {
    const chiaro = palette.get('Chiaro')!, scuro = palette.get('Scuro')!, grigio = palette.get('Grigio')!;
    expect([...palette.keys()]).toEqual(['Chiaro', 'Scuro', 'Grigio']);
    const lightness = (fill: string) => Number(/(\d+)%\)$/.exec(fill)![1]);
    expect(chiaro.light).toBe(true);
    expect(scuro.light).toBe(false);
    expect(lightness(chiaro.fill) - lightness(scuro.fill)).toBeGreaterThanOrEqual(40);
    expect(grigio.fill).toMatch(/^hsl\(220 8% /);
    expect(cellPalette(compile(quadri))).toEqual(palette);
  });

  it('names that say no colour take distinct hues, light and dark in turn; a colour word keeps its hue', () => {
    const paints = cellPalette({ grids: [{ kinds: [{ colours: ['Sole', 'Luna', 'Rosso', 'Stella'] }] }] });
    const [sole, luna, rosso, stella] = ['Sole', 'Luna', 'Rosso', 'Stella'].map((name) => paints.get(name)!);
    expect(sole.light).toBe(true);
    expect(luna.light).toBe(false);
    expect(stella.fill).not.toBe(sole.fill);
    expect(rosso.fill).toMatch(/^hsl\(0 /);
    expect(paintOf(paints, 'VerdeScuro').fill).toMatch(/^hsl\(135 55% 3\d%\)$/);
    // A plain board of cells: two quiet tones in turn, like a chessboard's.
    expect(paintOf(paints, null, 0).fill).not.toBe(paintOf(paints, null, 1).fill);
    expect(paintOf(paints, null, 2)).toEqual(paintOf(paints, null, 0));
  });
});

describe('the board\'s geometry', () => {
  const grid = { rows: 6, columns: 6, tileRows: 3, tileColumns: 3, tileHeight: 2, tileWidth: 2 };

  it('is the cells with a band of coordinates on each side', () => {
    expect(gridGeometry(grid)).toEqual({ left: coordinateBand, top: coordinateBand, width: 6 * cellSize + 2 * coordinateBand, height: 6 * cellSize + 2 * coordinateBand });
  });

  it('writes column letters across the top and row numbers down the left; the tiles\' columns and rows on the bottom and right', () => {
    const axes = gridAxes(grid);
    expect(axes.top.map((a) => a.text)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(axes.left.map((a) => a.text)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(axes.top[4].x).toBe(coordinateBand + 4.5 * cellSize);
    expect(axes.left[2].y).toBe(coordinateBand + 2.5 * cellSize);
    expect(axes.bottom.map((a) => [a.text, a.x])).toEqual([['1', coordinateBand + cellSize], ['2', coordinateBand + 3 * cellSize], ['3', coordinateBand + 5 * cellSize]]);
    expect(axes.right.map((a) => a.title)).toEqual(['row 1 of tiles', 'row 2 of tiles', 'row 3 of tiles']);
  });

  it('repeats letters and numbers on the far sides of a grid without tiles, and numbers columns past 26', () => {
    const axes = gridAxes({ rows: 8, columns: 8, tileRows: 8, tileColumns: 8, tileHeight: 1, tileWidth: 1 });
    expect(axes.bottom.map((a) => a.text).join('')).toBe('abcdefgh');
    expect(axes.right.map((a) => a.text)).toEqual(axes.left.map((a) => a.text));
    expect(gridAxes({ rows: 1, columns: 30, tileRows: 1, tileColumns: 30, tileHeight: 1, tileWidth: 1 }).top[29].text).toBe('30');
  });

  it('lays out the game\'s 36 cells and 9 tiles from the view, each cell inside its tile', () => {
    const table = tableFor(start());
    const b = board(table);
    expect(b.name).toBe('Campo');
    expect(b.tiled).toBe(true);
    expect(b.cells).toHaveLength(36);
    expect(b.tiles).toHaveLength(9);
    expect(b.cells[0]).toMatchObject({ label: 'a1', row: 0, column: 0, x: coordinateBand, y: coordinateBand });
    expect(b.cells[35]).toMatchObject({ label: 'f6', row: 5, column: 5, x: coordinateBand + 5 * cellSize, y: coordinateBand + 5 * cellSize });
    for (const tile of b.tiles) {
      expect(tile.cells).toHaveLength(4);
      for (const cell of tile.cells) {
        expect(cell.x).toBeGreaterThanOrEqual(tile.x);
        expect(cell.x + cellSize).toBeLessThanOrEqual(tile.x + tile.width);
        expect(cell.y).toBeGreaterThanOrEqual(tile.y);
        expect(cell.y + cellSize).toBeLessThanOrEqual(tile.y + tile.height);
      }
    }
    const fixed = b.tiles.filter((t) => t.fixed);
    expect(fixed.map((t) => `${t.label} ${t.kind}`)).toEqual(['row 2 tile 2 Fisso']);
    expect(fixed[0].cells.map((c) => c.colour)).toEqual(['Grigio', 'Grigio', 'Grigio', 'Grigio']);
    expect(fixed[0].cells[0].paint).toEqual(palette.get('Grigio'));
    expect(table.legend.map((p) => p.name)).toEqual(['Chiaro', 'Scuro', 'Grigio']);
  });

  it('draws a plain board of cells the same way (Breakthrough, 8 × 8, no tiles): chessboard tones, letters and numbers on all four sides', () => {
    const breakthrough = compile(readFileSync(fileURLToPath(new URL('../../rules/examples/breakthrough.rules', import.meta.url)), 'utf8'));
    const match = startMatch(breakthrough, { players: 2, seed: 1, variant: null });
    const table = gridTable(match.view('referee'), panelFor(match, 'referee'), cellPalette(breakthrough))!;
    const b = board(table);
    expect(b.tiled).toBe(false);
    expect(b.cells).toHaveLength(64);
    expect(b.cells[0].paint.fill).not.toBe(b.cells[1].paint.fill);
    expect(b.cells[0].paint.fill).toBe(b.cells[9].paint.fill);
    expect(b.axes.bottom.map((a) => a.text).join('')).toBe('abcdefgh');
    expect(b.tiles.flatMap((t) => t.pieces)).toHaveLength(32);
    expect(table.sides.map((s) => s.onBoard)).toEqual([16, 16]);
    expect(table.legend).toEqual([]);
    // Its first question is a pawn: the pawns that can move are highlighted.
    expect(selectablePieces(table).length).toBeGreaterThan(0);
  });

  it('has no grid table in a game without a board', () => {
    const race = compile('game "R" { players 2 }\ntokens Passo\nturns clockwise { gain 1 Passo\n if current.Passo >= 2 { win current "fine" } }');
    const match = startMatch(race, { players: 2, seed: 1, variant: null });
    expect(gridTable(match.view('referee'), panelFor(match, 'referee'), cellPalette(race))).toBeNull();
  });
});

describe('choices on the board', () => {
  it('highlights the free cells of the first row for the setup; a click places the pawn there', () => {
    const match = start();
    const table = tableFor(match);
    expect(selectableCells(table)).toEqual(['a1', 'b1', 'c1', 'd1', 'e1', 'f1']);
    expect(selectableTiles(table)).toEqual([]);
    expect(table.selecting).toBe(true);
    expect(table.prompt).toMatchObject({ prompt: 'Dove metti una pedina?', hint: 'click a highlighted cell' });
    click(match, board(table).cells.find((c) => c.label === 'c1'));
    // Now the pawn: the pieces off the board are the choices.
    const next = tableFor(match);
    expect(selectableCells(next)).toEqual([]);
    expect(next.sides[0].off.map((p) => `${p.label} ${p.move ? 'offered' : '-'}`)).toEqual(['Pedina 1 of P1 offered', 'Pedina 2 of P1 offered']);
    expect(next.sides[1].off.every((p) => p.move === null)).toBe(true);
    expect(next.prompt?.hint).toBe('click a highlighted piece');
    click(match, next.sides[0].off[0]);
    const placed = tableFor(match);
    const piece = board(placed).tiles.flatMap((t) => t.pieces)[0];
    expect(piece).toMatchObject({ label: 'Pedina c1', owner: 'P1', seat: 0, text: '1', colour: seatColour(0), cell: 2 });
    expect(piece.x).toBe(coordinateBand + 2.5 * cellSize);
    expect(board(placed).tiles[1].pieces.map((p) => p.label)).toEqual(['Pedina c1']);
    expect(placed.sides[0]).toMatchObject({ onBoard: 1 });
    expect(placed.sides[0].off.map((p) => p.label)).toEqual(['Pedina 2 of P1']);
    // The next cell choice leaves out the cell now taken.
    expect(selectableCells(placed)).toEqual(['a1', 'b1', 'd1', 'e1', 'f1']);
  });

  it('shows the choice only to the chooser: another player sees who is being waited for and nothing to click', () => {
    const match = start();
    const asP2 = tableFor(match, 1);
    expect(selectableCells(asP2)).toEqual([]);
    expect(asP2.selecting).toBe(false);
    expect(asP2.prompt).toMatchObject({ heading: 'Waiting for P1', hint: '' });
    expect(selectableCells(tableFor(match, 0))).toHaveLength(6);
  });

  it('highlights every tile that can turn (not the fixed one), then puts ↻ and ↺ on the tile chosen; ↻ turns it a quarter clockwise with its pawns', () => {
    const match = start();
    setUpByClicking(match);
    let table = tableFor(match);
    expect(table.prompt?.prompt).toBe('Quale tassello giri?');
    expect(selectableTiles(table)).toHaveLength(8);
    expect(selectableTiles(table)).not.toContain('row 2 tile 2');
    expect(table.prompt?.hint).toBe('click a highlighted tile');
    const tile = board(table).tiles.find((t) => t.pieces.length > 0 && t.move)!;
    const before = { turns: tile.turns, pieces: tile.pieces.map((p) => [p.index, p.cell]), colours: tile.cells.map((c) => c.colour) };
    click(match, tile);

    table = tableFor(match);
    expect(lastNamedTile(match.view('referee'), match.view('referee').board!.grids[0])).toBe(tile.index);
    const turning = board(table).tiles[tile.index];
    expect(turning.rotations.map((r) => `${r.glyph} ${r.label}`)).toEqual(['↻ orario', '↺ antiorario']);
    expect(board(table).tiles.filter((t) => t.rotations.length)).toHaveLength(1);
    expect(table.rotations).toEqual([]);
    expect(table.prompt?.hint).toBe('turn the tile with ↻ or ↺');
    click(match, turning.rotations[0]);

    const after = board(tableFor(match)).tiles[tile.index];
    expect(after.turns).toBe((before.turns + 1) % 4);
    // Clockwise: top-left → top-right → bottom-right → bottom-left (cells 0, 1, 3, 2 of the tile, row by row).
    const clockwise = [1, 3, 0, 2];
    expect(after.cells.map((c) => c.colour)).toEqual([before.colours[2], before.colours[0], before.colours[3], before.colours[1]]);
    for (const [index, cell] of before.pieces) {
      const position = tile.cells.findIndex((c) => c.index === cell);
      const moved = after.pieces.find((p) => p.index === index)!;
      expect(moved.cell).toBe(tile.cells[clockwise[position]].index);
    }
  });

  it('moves a pawn by clicking the pawn, then a highlighted cell of its colour next to it', () => {
    const match = start();
    setUpByClicking(match);
    // Bots turn a tile until a pawn of the player to move can go somewhere.
    playUntil(match, 'Quale pedina muovi?');
    let table = tableFor(match);
    const mover = match.view('referee').pending!.player;
    const offered = selectablePieces(table);
    expect(offered.length).toBeGreaterThan(0);
    expect(allPieces(table).filter((p) => p.move).every((p) => p.owner === mover && p.cell !== null)).toBe(true);
    const pawn = allPieces(table).find((p) => p.move)!;
    click(match, pawn);

    table = tableFor(match);
    const grid = match.view('referee').board!.grids[0];
    const from = board(table).cells[pawn.cell!];
    const targets = board(table).cells.filter((c) => c.move);
    expect(targets.length).toBeGreaterThan(0);
    for (const cell of targets) {
      expect(Math.abs(cell.row - from.row) + Math.abs(cell.column - from.column)).toBe(1);
      expect(cell.colour).toBe(grid.cells[pawn.cell!].colour);
    }
    click(match, targets[0]);
    const moved = allPieces(tableFor(match)).find((p) => p.index === pawn.index)!;
    expect(moved.cell === targets[0].index || moved.cell === null).toBe(true);
  });

  it('a disc standing on a highlighted cell is a way to click that cell (a capture)', () => {
    // Random games until a pawn may land on an opponent's: the opponent's disc is on an offered cell.
    for (let seed = 1; seed < 60; seed++) {
      const match = start(seed);
      const bot = { state: seed };
      for (let moves = 0; moves < 400 && match.toAct !== null; moves++) {
        if (match.state.pending?.prompt === 'Dove va?') {
          const table = tableFor(match);
          const prey = board(table).tiles.flatMap((t) => t.pieces).find((p) => p.cell !== null && board(table).cells[p.cell].move && p.seat !== match.toAct);
          if (prey) {
            expect(prey.move).toBeNull();
            click(match, board(table).cells[prey.cell!]);
            const captured = tableFor(match).sides[prey.seat].captured.find((p) => p.index === prey.index);
            expect(captured?.label).toMatch(/\(captured\)$/);
            return;
          }
        }
        expect(playOn(match)(randomMove(match.legalMoves(match.toAct!), bot))).toBeNull();
      }
    }
    throw new Error('no capture came up');
  });

  it('gives the rotation buttons to the prompt when no tile was named this turn', () => {
    const match = start();
    setUpByClicking(match);
    click(match, board(tableFor(match)).tiles.find((t) => t.move));
    const view = match.view('referee');
    // The same choice, with a log that names no tile.
    const forgetful: PlayerView = { ...view, log: view.log.filter((entry) => !/tile/.test(entry.text)) };
    const table = gridTable(forgetful, panelFor(match, 'referee'), palette)!;
    expect(board(table).tiles.every((t) => t.rotations.length === 0)).toBe(true);
    expect(table.rotations.map((r) => r.glyph)).toEqual(['↻', '↺']);
  });

  it('lists each player\'s variables beside the board, and the winner', () => {
    const match = start(2);
    setUpByClicking(match);
    let table = tableFor(match);
    expect(table.sides.map((s) => `${s.name}: ${s.variables.map((v) => `${v.name} ${v.text}`).join(', ')}`)).toEqual([
      'P1: traguardo 6, arrivate 0', 'P2: traguardo 1, arrivate 0',
    ]);
    // Bots to the end of a game someone wins: the winner is marked, with the pawn they brought home.
    for (let bot = 1; !match.outcome || match.outcome.kind !== 'win'; bot++) {
      expect(bot).toBeLessThan(40);
      while (match.canUndo && match.moves.length > 16) match.undo();
      autoPlay(match, playOn(match), { state: bot });
    }
    table = tableFor(match);
    const winner = table.sides.find((s) => s.won)!;
    expect(winner.variables).toContainEqual({ name: 'arrivate', text: '1' });
    expect(table.sides.filter((s) => s.won)).toHaveLength(1);
    expect(table.prompt).toBeNull();
  });
});

describe('two pieces on one cell', () => {
  it('draws them side by side, and gives the engine\'s "(2)" offer to the second', () => {
    const match = start();
    setUpByClicking(match);
    playUntil(match, 'Quale pedina muovi?');
    const view = match.view('referee');
    const [first, second] = view.board!.pieces.filter((p) => p.owner === view.pending!.player);
    // Stand the second pawn on the first one's cell, as a shared fixed tile allows.
    const shared: PlayerView = {
      ...view,
      board: { ...view.board!, pieces: view.board!.pieces.map((p) => (p === second ? { ...p, at: first.at, label: first.label } : p)) },
      pending: { ...view.pending!, choices: [first.label, `${first.label} (2)`] },
    };
    const panel = panelFor(match, 'referee');
    const moves = panel.kind === 'choose' ? panel.moves : [];
    const fake: ChoicePanel = { ...(panel as Extract<ChoicePanel, { kind: 'choose' }>), moves: [
      { ...moves[0], label: first.label }, { ...moves[0], label: `${first.label} (2)` },
    ] };
    const table = gridTable(shared, fake, palette)!;
    const discs = board(table).tiles.flatMap((t) => t.pieces).filter((p) => p.label === first.label);
    expect(discs).toHaveLength(2);
    expect(discs[0].y).toBe(discs[1].y);
    expect(discs[1].x - discs[0].x).toBeCloseTo(cellSize * 0.36);
    expect(discs.every((d) => d.move !== null)).toBe(true);
    expect(discs[0].move).toBe(fake.moves[0].move);
    expect(discs[1].move).toBe(fake.moves[1].move);
  });
});

describe('the path under a hovered piece', () => {
  /** A 4 × 4 grid drawn with letters: each letter a colour, '.' none. */
  function drawn(rows: string[]): Pick<GridView, 'rows' | 'columns' | 'cells'> {
    const cells = rows.flatMap((line, r) => [...line].map((ch, c) => ({ label: `${String.fromCharCode(97 + c)}${r + 1}`, colour: ch === '.' ? null : ch })));
    return { rows: rows.length, columns: rows[0].length, cells };
  }
  const labels = (grid: Pick<GridView, 'cells'>, path: number[]) => path.map((i) => grid.cells[i].label);

  it('follows side-adjacent cells of the same colour, never a corner, the start first then by distance', () => {
    const grid = drawn([
      'AAB.',
      'BAB.',
      'BAAB',
      'ABBA',
    ]);
    expect(labels(grid, sameColourPath(grid, 0))).toEqual(['a1', 'b1', 'b2', 'b3', 'c3']);
    // d4 touches c3 only by its corner: a path of its own.
    expect(labels(grid, sameColourPath(grid, 15))).toEqual(['d4']);
    expect(labels(grid, sameColourPath(grid, 4)).sort()).toEqual(['a2', 'a3']);
    expect(labels(grid, sameColourPath(grid, 3))).toEqual(['d1']);
  });

  it('on the game\'s board: every cell of a pawn\'s path has its colour, and no cell of that colour touches the path from outside', () => {
    const match = start();
    setUpByClicking(match);
    const grid = match.view('referee').board!.grids[0];
    for (let start = 0; start < grid.cells.length; start++) {
      const path = new Set(sameColourPath(grid, start));
      expect(path.has(start)).toBe(true);
      for (const cell of path) {
        expect(grid.cells[cell].colour).toBe(grid.cells[start].colour);
        const row = Math.floor(cell / grid.columns), column = cell % grid.columns;
        for (const [r, c] of [[row - 1, column], [row + 1, column], [row, column - 1], [row, column + 1]]) {
          if (r < 0 || c < 0 || r >= grid.rows || c >= grid.columns) continue;
          const next = r * grid.columns + c;
          if (grid.cells[next].colour === grid.cells[start].colour) expect(path.has(next)).toBe(true);
        }
      }
    }
    // The fixed tile is a path of its four grey cells.
    const grey = grid.cells.findIndex((c) => c.colour === 'Grigio');
    expect(sameColourPath(grid, grey)).toHaveLength(4);
  });
});
