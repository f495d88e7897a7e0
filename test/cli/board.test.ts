/** The board as `regola play` prints it: a grid game played by the real command, and the renderer on hand-built views. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderBoard, shortNames } from '../../cli/board.ts';
import { printable } from '../../cli/printable.ts';
import type { BoardView, PieceView } from '../../interpreter/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const tessere = join(root, 'test', 'cli', 'fixtures', 'tessere.rules');

function regola(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('regola play on a grid', () => {
  it('prints the board after each choice: coordinates, colours, tiles, the fixed tile, pawns by seat, pieces off the board', () => {
    // Seed 3; P1 turns row 2 tile 1 clockwise (choice 2), then puts a pawn on a2 (choice 5): the
    // board as P2 sees it at the start of turn 2.
    const { code, out } = regola(['play', tessere, '--seed', '3'], '2\n5\n1\nquit\n');
    expect(code).toBe(0);
    const lines = out.split('\n');
    const start = lines.indexOf('== Tessere — turn 2, turn — as P2 sees it ==');
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start)).toEqual([
      '== Tessere — turn 2, turn — as P2 sees it ==',
      '  P1: no tokens | no role',
      '> P2: no tokens | no role',
      '     a  b    c  d',
      '   +=======+-------+',
      ' 1 # Gr Gr # Ch Ch | 1',
      ' 2 # 1  Gr # Sc Sc | 2',
      '   +=======+-------+',
      ' 3 | Sc Sc | Sc Sc | 3',
      ' 4 | Ch Ch | Ch Ch | 4',
      '   +-------+-------+',
      '     a  b    c  d',
      '  colours: Ch Chiaro, Gr Grigio, Sc Scuro',
      '  tiles framed with # and = are fixed',
      '  1 = P1: on the board 1 (a2 Gr); off the board 1; captured 0',
      '  2 = P2: on the board 0; off the board 2; captured 0',
      'P2 — choose t:',
      '  1. row 1 tile 2',
      '  2. row 2 tile 1',
      '  3. row 2 tile 2',
      '> stopped after 3 moves, game not finished',
      '',
    ]);
    // Before P1 turned it, row 2 tile 1 lay as the setup left it: Sc Ch over Sc Ch.
    const first = lines.indexOf('== Tessere — turn 1, turn — as P1 sees it ==');
    expect(lines.slice(first + 8, first + 10)).toEqual([' 3 | Sc Ch | Sc Sc | 3', ' 4 | Sc Ch | Ch Ch | 4']);
  });
});

const cell = (label: string, colour: string | null) => ({ label, colour });
const piece = (kind: string, seat: number, at: [number, number] | null, captured = false): PieceView => ({
  label: kind, kind, owner: `P${seat + 1}`, seat, captured, variables: [],
  at: at && { grid: 'Scacchiera', cell: `${String.fromCharCode(96 + at[1])}${at[0]}`, row: at[0], column: at[1] },
});
const players = [{ name: 'P1', seat: 0 }, { name: 'P2', seat: 1 }];

describe('renderBoard', () => {
  it('a grid without tiles: only its frame; cells with no colour as ..; two kinds of piece; two pieces sharing a cell', () => {
    const board: BoardView = {
      grids: [{
        name: 'Scacchiera', rows: 3, columns: 3, tileRows: 3, tileColumns: 3, tileHeight: 1, tileWidth: 1,
        cells: ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3'].map((l, i) => cell(l, i === 4 ? 'Grigioscuro' : i % 2 ? 'Grigio' : null)),
        tiles: Array.from({ length: 9 }, (_, i) => ({ label: `tile ${i + 1}`, kind: null, fixed: false, turns: 0 })),
      }],
      pieces: [piece('Re', 0, [1, 1]), piece('Regina', 0, [2, 2]), piece('Re', 1, [2, 2]), piece('Regina', 1, null, true)],
    };
    expect(renderBoard(board, players).split('\n')).toEqual([
      '     a  b  c',
      '   +----------+',
      ' 1 | 1R Gr .. | 1',
      ' 2 | Gr 12 Gr | 2',
      ' 3 | .. Gr .. | 3',
      '   +----------+',
      '     a  b  c',
      // Grigio and Grigioscuro share "Gr": the second takes its first letter and a later one.
      '  colours: Gr Grigio, Gi Grigioscuro, .. none',
      '  pieces: R Re, E Regina (after the owner\'s seat)',
      '  1 = P1: on the board 1 Re + 1 Regina (a1, b2 Gi); off the board 0; captured 0',
      '  2 = P2: on the board 1 Re (b2 Gi); off the board 0; captured 1 Regina',
    ]);
  });

  it('a board with no colours at all (a plain chessboard): dots, no colour legend, no colours under the pieces', () => {
    const board: BoardView = {
      grids: [{
        name: 'Scacchiera', rows: 2, columns: 2, tileRows: 2, tileColumns: 2, tileHeight: 1, tileWidth: 1,
        cells: ['a1', 'b1', 'a2', 'b2'].map((l) => cell(l, null)),
        tiles: Array.from({ length: 4 }, (_, i) => ({ label: `tile ${i + 1}`, kind: null, fixed: false, turns: 0 })),
      }],
      pieces: [piece('Pedone', 0, [2, 1]), piece('Pedone', 1, [1, 2]), piece('Pedone', 1, null)],
    };
    expect(renderBoard(board, players).split('\n')).toEqual([
      '     a  b',
      '   +-------+',
      ' 1 | .. 2  | 1',
      ' 2 | 1  .. | 2',
      '   +-------+',
      '     a  b',
      '  1 = P1: on the board 1; off the board 0; captured 0',
      '  2 = P2: on the board 1; off the board 1; captured 0',
    ]);
  });

  it('rows and columns past 9 and 26: numbers on both sides line up, columns by number', () => {
    const columns = 27;
    const board: BoardView = {
      grids: [{
        name: 'Lungo', rows: 10, columns, tileRows: 10, tileColumns: columns, tileHeight: 1, tileWidth: 1,
        cells: Array.from({ length: 10 * columns }, (_, i) => cell(`${i}`, 'Blu')),
        tiles: Array.from({ length: 10 * columns }, (_, i) => ({ label: `${i}`, kind: null, fixed: false, turns: 0 })),
      }],
      pieces: [],
    };
    const lines = renderBoard(board, players).split('\n');
    expect(lines[0].startsWith('      1  2  3')).toBe(true);
    expect(lines[0].endsWith('26 27')).toBe(true);
    expect(lines[2].startsWith('  1 | Bl Bl')).toBe(true);
    expect(lines[11].startsWith(' 10 | Bl Bl')).toBe(true);
    expect(lines[11].endsWith('Bl | 10')).toBe(true);
    // The frame is as wide as the rows.
    expect(lines[1].length).toBe(lines[11].length - 3);
  });

  it('short names stay unique and never read as an empty cell', () => {
    expect([...shortNames(['Rosso', 'Rosa', 'Ro'], 2).values()]).toEqual(['Ro', 'Rs', 'R2']);
    expect([...shortNames(['Torre', 'Tenda', 'T'], 1).values()]).toEqual(['T', 'E', 'A']);
  });
});

describe('printable', () => {
  it('shows control characters and reordering marks as escapes, leaves letters of every script alone', () => {
    expect(printable('Città\u001b[2J\u202eΕλλάδα\t')).toBe('Città\\x1b[2J\\u202eΕλλάδα\\x09');
  });

  it('a title with an escape sequence reaches the terminal escaped', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'regola-board-')), 'titolo.rules');
    writeFileSync(file, readFileSync(tessere, 'utf8').replace('"Tessere"', '"Tes\u001b[2Jsere"'));
    const { out } = regola(['play', file], 'quit\n');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('Tes\\x1b[2Jsere: 2 players');
  });
});
