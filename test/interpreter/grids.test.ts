/**
 * Grids, tiles and pieces (docs/language.md §8): small rules written here, started with
 * startGame and played with applyMove or a Match. What each rules text must do is in the test's
 * name; the expected labels sit in the test, in the engine's own words ("e3", "row 2 tile 5",
 * "Pedina 4 of P2").
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import {
  applyMove, compileRules, legalMoves, Match, startGame, type GameDefinition, type GameState, type Layout, type Move,
} from '../../interpreter/index.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

function start(definition: GameDefinition, seed = 1, layout?: Layout): GameState {
  const started = startGame(definition, { players: 2, seed, layout });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

function play(definition: GameDefinition, state: GameState, choice: string): GameState {
  const move: Move = { player: state.pending!.player, choice };
  const result = applyMove(definition, state, move);
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.state;
}

/** What the rules' `log` lines said, without who said it. */
function notes(state: GameState): string[] {
  return state.log.filter((line) => line.kind === 'note').map((line) => line.text.replace(/^[^:]*: /, ''));
}

/** The colours of a grid's cells as rows of text: "Ro Bl / Ve Gi". */
function colourRows(definition: GameDefinition, state: GameState, grid = 0): string {
  const g = definition.grids[grid];
  const rows: string[] = [];
  for (let r = 0; r < g.rows; r++) {
    rows.push(state.board!.colours.slice(g.cellBase + r * g.columns, g.cellBase + (r + 1) * g.columns).join(' '));
  }
  return rows.join(' / ');
}

const pieceCells = (state: GameState) => state.board!.pieces.map((p) => p.cell);
const head = 'game "Griglia" { players 2 }\n';

describe('rotate: a quarter turn of a tile turns its colours and the pieces on it', () => {
  // One 2 × 2 tile whose cells read, row by row, Ro Bl / Ve Gi; a pawn on each of two of its cells.
  const definition = compile(`${head}
grid G: 1 by 1 tiles of 2 by 2 cells { Quadro cells Ro, Bl, Ve, Gi at (1, 1) }
pieces Pedina: 1 per player
setup {
  move top(Pedina where owner == top(players)) to cell(G, 1, 1)
  move top(Pedina where owner != top(players)) to cell(G, 2, 2)
}
turns {
  choose by current {
    option "orario" { rotate tile(G, 1, 1) clockwise }
    option "antiorario" { rotate tile(G, 1, 1) counterclockwise }
  }
}`);

  it('a tile placed with at lies as written', () => {
    const state = start(definition);
    expect(colourRows(definition, state)).toBe('Ro Bl / Ve Gi');
    expect(state.board!.tileTurns).toEqual([0]);
  });

  it('clockwise: what was on the left comes to the top (Ve Ro / Gi Bl); the pawn on a1 goes to b1, the one on b2 to a2', () => {
    const state = play(definition, start(definition), 'orario');
    expect(colourRows(definition, state)).toBe('Ve Ro / Gi Bl');
    // Cells are numbered row by row: a1 0, b1 1, a2 2, b2 3.
    expect(pieceCells(state)).toEqual([1, 2]);
    expect(state.board!.tileTurns).toEqual([1]);
    expect(state.log.some((line) => line.kind === 'rotate' && line.text === 'P1 turns row 1 tile 1 clockwise')).toBe(true);
  });

  it('counterclockwise: Bl Gi / Ro Ve; the pawn on a1 goes to a2, the one on b2 to b1', () => {
    const state = play(definition, start(definition), 'antiorario');
    expect(colourRows(definition, state)).toBe('Bl Gi / Ro Ve');
    expect(pieceCells(state)).toEqual([2, 1]);
    expect(state.board!.tileTurns).toEqual([3]);
  });

  it('a pawn keeps its cell of the tile: a1 → b1 → b2 → a2 → a1 in four clockwise turns', () => {
    let state = start(definition);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      state = play(definition, state, 'orario');
      seen.push(state.board!.pieces[0].cell);
    }
    expect(seen).toEqual([1, 3, 2, 0]);
  });

  it('a 3 × 3 tile turns about its centre cell, which keeps its colour', () => {
    const big = compile(`${head}
grid G: 1 by 1 tiles of 3 by 3 cells { T cells A, B, C, D, E, F, H, I, J at (1, 1) }
setup { rotate tile(G, 1, 1) clockwise }
turns { end game "fine" }`);
    const state = start(big);
    expect(colourRows(big, state)).toBe('H D A / I E B / J F C');
  });
});

describe('quarter turns over random layouts', () => {
  // A 3 × 3 board of tiles laid at random (34-like: two kinds of turning tile and a fixed one),
  // with every pawn on a cell of its own; each option turns one tile and then looks at the result.
  const definition = compile(`${head}
grid G: 3 by 3 tiles of 2 by 2 cells {
  5 Bicolore cells Chiaro, Chiaro, Scuro, Scuro
  3 Scacchi cells Chiaro, Scuro, Scuro, Chiaro
  Fisso cells Grigio, Grigio, Grigio, Grigio fixed
}
pieces Pedina: 5 per player
setup {
  for each x in Pedina { move x to random(G where count(pieces) == 0) }
}
turns {
  choose t from tiles(G) where not fixed by current
  choose by current {
    option "quattro orari" { repeat 4 times { rotate t clockwise } }
    option "quattro antiorari" { repeat 4 times { rotate t counterclockwise } }
    option "andata e ritorno" { rotate t clockwise  rotate t counterclockwise }
    option "ritorno e andata" { rotate t counterclockwise  rotate t clockwise }
    option "uno orario" { rotate t clockwise }
  }
}`);
  const snapshot = (state: GameState) => JSON.stringify({ colours: state.board!.colours, turns: state.board!.tileTurns, cells: pieceCells(state) });

  it('four turns either way, and a turn undone by the other, leave the board as it was (40 seeds, every tile)', () => {
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const initial = start(definition, seed);
      const before = snapshot(initial);
      for (const tile of legalMoves(initial).map((m) => m.choice)) {
        const chosen = play(definition, initial, tile);
        for (const option of ['quattro orari', 'quattro antiorari', 'andata e ritorno', 'ritorno e andata']) {
          expect(snapshot(play(definition, chosen, option)), `seed ${seed}, ${tile}, ${option}`).toBe(before);
          checked++;
        }
      }
    }
    expect(checked).toBe(40 * 8 * 4);
  });

  it('one turn moves every pawn on the tile to another cell of the same tile, and no other pawn', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const initial = start(definition, seed);
      for (const tile of legalMoves(initial).map((m) => m.choice)) {
        const after = play(definition, play(definition, initial, tile), 'uno orario');
        const tileOf = (cell: number) => Math.floor(Math.floor(cell / 6) / 2) * 3 + Math.floor((cell % 6) / 2);
        initial.board!.pieces.forEach((piece, i) => {
          const moved = after.board!.pieces[i].cell;
          expect(tileOf(moved), `seed ${seed}, ${tile}, piece ${i}`).toBe(tileOf(piece.cell));
          const label = `row ${Math.floor(tileOf(piece.cell) / 3) + 1} tile ${(tileOf(piece.cell) % 3) + 1}`;
          if (label === tile) expect(moved).not.toBe(piece.cell);
          else expect(moved).toBe(piece.cell);
        });
      }
    }
  });

  it('the fixed tile is never offered to turn', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const state = start(definition, seed);
      const fixed = state.board!.tileKinds.indexOf(2);
      expect(legalMoves(state).map((m) => m.choice)).not.toContain(`row ${Math.floor(fixed / 3) + 1} tile ${(fixed % 3) + 1}`);
      expect(legalMoves(state)).toHaveLength(8);
    }
  });
});

describe('a fixed tile refuses to turn', () => {
  it('rotate on a fixed tile stops the match with run/error, naming the tile', () => {
    const definition = compile(`${head}
grid G: 1 by 2 tiles of 2 by 2 cells {
  Mobile cells Ro, Ro, Bl, Bl at (1, 1)
  Fisso cells Gr, Gr, Gr, Gr fixed at (1, 2)
}
turns { rotate tile(G, 1, 2) counterclockwise }`);
    const state = start(definition);
    expect(state.error?.code).toBe('run/error');
    expect(state.error?.message).toBe('row 1 tile 2 is fixed: it cannot turn');
    expect(state.outcome?.kind).toBe('aborted');
    expect(state.board!.tileTurns).toEqual([0, 0]);
  });

  it('so does a non-square tile (which must be fixed), and a fixed tile reads fixed', () => {
    const definition = compile(`${head}
grid G: 2 by 1 tiles of 1 by 2 cells { 2 Domino cells Ro, Bl fixed }
var fisso = false
setup { set fisso = tile(G, 2, 1).fixed }
turns { rotate tile(G, 2, 1) clockwise }`);
    const state = start(definition);
    expect(state.globals[0]).toBe(true);
    expect(state.error?.message).toBe('row 2 tile 1 is fixed: it cannot turn');
  });
});

describe('laying tiles out', () => {
  const definition = compile(`${head}
grid G: 3 by 3 tiles of 2 by 2 cells {
  Angolo cells Ro, Ro, Ro, Ro fixed at (1, 1), (3, 3)
  Centro cells Bl, Ve, Ve, Ve at (2, 2)
  6 Bicolore cells Chiaro, Chiaro, Scuro, Scuro
  carry layout
}
turns { end game "fine" }`);

  it('at puts a kind on the tiles named (row, column), unturned, for every seed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { tileKinds, tileTurns } = start(definition, seed).board!;
      expect([tileKinds[0], tileKinds[8], tileKinds[4]], `seed ${seed}`).toEqual([0, 0, 1]);
      expect([tileTurns[0], tileTurns[8], tileTurns[4]]).toEqual([0, 0, 0]);
      expect(tileKinds.filter((k) => k === 2)).toHaveLength(6);
    }
  });

  it('the rest are laid at random: the same seed gives the same layout, other seeds other layouts, in all four positions', () => {
    const layout = (seed: number) => JSON.stringify(start(definition, seed).board!);
    expect(layout(7)).toBe(layout(7));
    const layouts = new Set(Array.from({ length: 30 }, (_, i) => layout(i + 1)));
    expect(layouts.size).toBeGreaterThanOrEqual(28);
    const turns = new Set(Array.from({ length: 30 }, (_, i) => start(definition, i + 1).board!.tileTurns).flat());
    expect([...turns].sort()).toEqual([0, 1, 2, 3]);
  });

  it('carry layout: a new match started from a layout lies as it was given, whatever its seed', () => {
    const first = Match.start(definition, { players: 2, seed: 3 });
    if (!first.ok) throw new Error(first.diagnostic.message);
    const layout = first.match.layout()!;
    expect(layout.tileKinds).toEqual(first.match.state.board!.tileKinds);
    const next = start(definition, 99, layout);
    expect(next.board!.tileKinds).toEqual(layout.tileKinds);
    expect(next.board!.tileTurns).toEqual(layout.tileTurns);
    expect(next.board!.colours).toEqual(first.match.state.board!.colours);
  });

  it('a layout that does not fit the grid (a kind it lacks, a turn past 3, a turned fixed tile, the wrong size) is refused with the reason', () => {
    const carried = compile(`${head}
grid G: 2 by 2 tiles of 2 by 2 cells { 3 Bicolore cells Chiaro, Chiaro, Scuro, Scuro  Fisso cells Grigio, Grigio, Grigio, Grigio fixed at (1, 1)  carry layout }
turns { end game "fine" }`);
    const bad: Layout[] = [
      { tileKinds: [1, 0, 0, 7], tileTurns: [0, 0, 0, 0] },
      { tileKinds: [1, 0, 0, 0], tileTurns: [0, 9, 0, 0] },
      { tileKinds: [1, 0, 0, 0], tileTurns: [1, 0, 0, 0] },
      { tileKinds: [1, 0, 0], tileTurns: [0, 0, 0] },
    ];
    for (const layout of bad) {
      const refused = startGame(carried, { players: 2, seed: 1, layout });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.diagnostic.message).toContain("does not fit the grid 'G'");
    }
    expect(startGame(carried, { players: 2, seed: 1, layout: { tileKinds: [1, 0, 0, 0], tileTurns: [0, 3, 2, 1] } }).ok).toBe(true);
  });

  it('without carry layout a given layout is ignored: the seed lays the tiles', () => {
    const plain = compile(`${head}
grid G: 2 by 2 tiles of 2 by 2 cells { 4 Bicolore cells Chiaro, Chiaro, Scuro, Scuro }
turns { end game "fine" }`);
    const layout: Layout = { tileKinds: [0, 0, 0, 0], tileTurns: [1, 1, 1, 1] };
    expect(start(plain, 5, layout).board!.tileTurns).toEqual(start(plain, 5).board!.tileTurns);
  });

  it('tiles that only some options use must still fill the board, or the match does not start', () => {
    const partial = compile(`${head}
option grande = false
grid G: 1 by 2 tiles of 2 by 2 cells {
  Piccolo cells Ro, Ro, Ro, Ro at (1, 1)
  Grande cells Bl, Bl, Bl, Bl at (1, 2) when grande
}
variant Grande { grande = true }
turns { end game "fine" }`);
    expect(startGame(partial, { players: 2, seed: 1, variant: 'Grande' }).ok).toBe(true);
    const refused = startGame(partial, { players: 2, seed: 1 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.diagnostic.code).toBe('run/error');
      expect(refused.diagnostic.message).toContain("the grid 'G' has room for 2 tiles, but 1 are in play with these options");
    }
  });
});

describe('the geometry of cells', () => {
  // A plain board of 4 rows and 5 columns: a1 is the top-left corner, e4 the bottom-right.
  const geometry = (expressions: string[]) => {
    const definition = compile(`${head}
grid G: 4 by 5 cells
setup {
${expressions.map((e) => `  log "{${e}}"`).join('\n')}
}
turns { end game "fine" }`);
    return notes(start(definition));
  };

  it('adjacent: the cells sharing a side, up, right, down, left; two at a corner, three on an edge, four inside', () => {
    expect(geometry(['adjacent(cell(G, 1, 1))', 'adjacent(cell(G, 4, 5))', 'adjacent(cell(G, 1, 3))', 'adjacent(cell(G, 3, 1))', 'adjacent(cell(G, 2, 2))']))
      .toEqual(['b1, a2', 'e3, d4', 'd1, c2, b1', 'a2, b3, a4', 'b1, c2, b3, a2']);
  });

  it('diagonal: the cells touching by a corner only; one at a corner, two on an edge, four inside', () => {
    expect(geometry(['diagonal(cell(G, 1, 1))', 'diagonal(cell(G, 1, 5))', 'diagonal(cell(G, 4, 3))', 'diagonal(cell(G, 2, 2))']))
      .toEqual(['b2', 'd2', 'd3, b3', 'c1, c3, a3, a1']);
  });

  it('step: that many rows down and columns right (negative: up, left), or none past an edge', () => {
    expect(geometry(['step(cell(G, 1, 1), 3, 4)', 'step(cell(G, 4, 5), -3, -4)', 'step(cell(G, 2, 2), -1, 1)',
      'step(cell(G, 1, 1), -1, 0)', 'step(cell(G, 1, 5), 0, 1)', 'step(cell(G, 4, 1), 1, 1)', 'step(cell(G, 2, 3), 0, 0)']))
      .toEqual(['e4', 'a1', 'c1', 'none', 'none', 'none', 'c2']);
  });

  it('cell() and tile() give none off the board; a plain grid is made of 1 × 1 tiles', () => {
    expect(geometry(['cell(G, 0, 1)', 'cell(G, 5, 1)', 'cell(G, 1, 6)', 'cell(G, 4, 5)', 'tile(G, 4, 5)', 'tile(G, 5, 5)', 'count(tiles(G))', 'cell(G, 2, 3).tile']))
      .toEqual(['none', 'none', 'none', 'e4', 'row 4 tile 5', 'none', '20', 'row 2 tile 3']);
  });

  it('a grid\'s name is the list of its cells, row by row', () => {
    expect(geometry(['count(G)', 'top(G)', 'take(G, 7)', 'G where row == 2 and column > 3']))
      .toEqual(['20', 'a1', 'a1, b1, c1, d1, e1, a2, b2', 'd2, e2']);
  });

  it('cell attributes: row, column, tile; no colour on a plain grid', () => {
    expect(geometry(['cell(G, 3, 4).row', 'cell(G, 3, 4).column', 'cell(G, 3, 4).colour', 'cell(G, 3, 4).pieces']))
      .toEqual(['3', '4', 'none', '']);
  });
});

describe('tiles: bordering, attributes, paths', () => {
  // 3 × 3 tiles of 2 × 2 cells, each tile Ro on its top row and Bl below, laid as written (fixed).
  const definition = compile(`${head}
grid G: 3 by 3 tiles of 2 by 2 cells { 9 Striscia cells Ro, Ro, Bl, Bl fixed }
setup {
  log "{count(bordering(tile(G, 1, 1)))} {count(bordering(tile(G, 1, 2)))} {count(bordering(tile(G, 2, 3)))} {count(bordering(tile(G, 2, 2)))}"
  log "{bordering(tile(G, 1, 2))}"
  log "{tile(G, 2, 3).row} {tile(G, 2, 3).column} {tile(G, 2, 3).cells} {tile(G, 2, 3).fixed} {tile(G, 2, 3).kind}"
  let striscia = tile(G, 2, 3).kind == "Striscia"
  log "{striscia}"
  log "{cell(G, 1, 1).colour} {cell(G, 2, 1).colour} {G where colour == Ro and row == 3}"
  log "{reachable(cell(G, 1, 1), G where colour == Ro)}"
  log "{reachable(cell(G, 2, 1), G where colour == Bl)}"
  log "{reachable(cell(G, 2, 1), G where colour == Ro)}"
}
turns { end game "fine" }`);
  const said = notes(start(definition));

  it('bordering: 4 cells for a corner tile, 6 for an edge tile, 8 inside', () => {
    expect(said[0]).toBe('4 6 6 8');
  });

  it('bordering of row 1 tile 2 (c1–d2): the cells beside it and below it', () => {
    expect(said[1].split(', ').sort()).toEqual(['b1', 'b2', 'c3', 'd3', 'e1', 'e2']);
  });

  it('tile attributes: row, column, cells row by row, fixed, kind (compared with a text)', () => {
    expect(said[2]).toBe('2 3 e3, f3, e4, f4 true Striscia');
    expect(said[3]).toBe('true');
  });

  it('reachable: breadth first from the cell through side-adjacent cells of the list, the cell first', () => {
    // Rows 1, 3 and 5 are Ro.
    expect(said[4]).toBe('Ro Bl a3, b3, c3, d3, e3, f3');
    // Row 1 is all Ro and row 2 all Bl: a red row, then a blue row, then red again.
    expect(said[5]).toBe('a1, b1, c1, d1, e1, f1');
    expect(said[6]).toBe('a2, b2, c2, d2, e2, f2');
    // A cell outside the list still starts the walk: from the blue a2 into the red rows above and below.
    expect(said[7]).toBe('a2, a1, a3, b1, b3, c1, c3, d1, d3, e1, e3, f1, f3');
  });

  it('reachable follows a path that turns, and stops where the colour changes', () => {
    const maze = compile(`${head}
grid G: 1 by 2 tiles of 2 by 2 cells {
  Gomito cells Ro, Bl, Ro, Ro fixed at (1, 1)
  Muro cells Bl, Bl, Ro, Bl fixed at (1, 2)
}
setup { log "{reachable(cell(G, 1, 1), G where colour == Ro)}" log "{reachable(cell(G, 1, 2), G where colour == Bl)}" }
turns { end game "fine" }`);
    // Ro Bl Bl Bl / Ro Ro Ro Bl: from a1 down to a2, along to b2 and c2.
    expect(notes(start(maze))).toEqual(['a1, a2, b2, c2', 'b1, c1, d1, d2']);
  });
});

describe('pieces: placing, moving, capturing, removing', () => {
  const definition = compile(`${head}
grid G: 3 by 3 cells
pieces Pedina: 2 per player
piece var passi = 0
setup {
  log "{Pedina}"
  log "{count(pieces(top(players)))}"
  let mia = top(Pedina where owner == top(players))
  let sua = top(Pedina where owner != top(players))
  move mia to cell(G, 1, 1)
  move sua to cell(G, 2, 2)
  log "{mia} {sua} {pieces(top(players))} {cell(G, 2, 2).pieces} {mia.cell} {mia.owner} {mia.kind} {mia.captured}"
  move mia to cell(G, 2, 2)
  log "{cell(G, 2, 2).pieces}"
  set mia.passi = mia.passi + 2
  log "{mia.passi} {sua.passi} {Pedina where passi > 0}"
  capture sua
  log "{sua} {sua.cell} {sua.captured} {pieces(left(top(players)))} {cell(G, 2, 2).pieces}"
  remove mia
  log "{mia} {mia.cell} {mia.captured}"
  move sua to cell(G, 3, 3)
  log "{sua} {sua.captured}"
  move Pedina where cell == none to cell(G, 1, 3)
  log "{cell(G, 1, 3).pieces}"
}
turns { end game "fine" }`);
  const state = start(definition);
  const said = notes(state);

  it('a kind\'s name is every piece of it, seat by seat, named by their number off the board', () => {
    expect(said[0]).toBe('Pedina 1 of P1, Pedina 2 of P1, Pedina 1 of P2, Pedina 2 of P2');
    expect(said[1]).toBe('0');
  });

  it('move places a piece; a piece on the board is named by its cell; its attributes', () => {
    expect(said[2]).toBe('Pedina a1 Pedina b2 Pedina a1 Pedina b2 a1 P1 Pedina false');
  });

  it('move onto an occupied cell captures nothing: both stand there', () => {
    expect(said[3]).toBe('Pedina b2, Pedina b2');
  });

  it('piece variables: one per piece, from the initial value', () => {
    expect(said[4]).toBe('2 0 Pedina b2');
  });

  it('capture: off the board and captured; pieces(PLAYER) no longer counts it', () => {
    expect(said[5]).toBe('Pedina 1 of P2 (captured) none true  Pedina b2');
  });

  it('remove: off the board, not captured', () => {
    expect(said[6]).toBe('Pedina 1 of P1 none false');
  });

  it('a captured piece moved back is on the board again and no longer captured', () => {
    expect(said[7]).toBe('Pedina c3 false');
  });

  it('move takes a list of pieces too', () => {
    expect(said[8]).toBe('Pedina c1, Pedina c1, Pedina c1');
  });

  it('the log tells each in words', () => {
    const lines = state.log.filter((line) => ['move', 'capture', 'remove'].includes(line.kind)).map((line) => line.text);
    expect(lines.slice(0, 5)).toEqual([
      'P1 places a Pedina on a1',
      'P2 places a Pedina on b2',
      'P1 moves Pedina a1 to b2',
      "P2's Pedina b2 is captured",
      "P1's Pedina b2 leaves the board",
    ]);
  });
});

describe('labels', () => {
  it('choices of cells, tiles and pieces are labelled e3, row 2 tile 5, Pedina e3 / Pedina 4 of P2', () => {
    const definition = compile(`${head}
grid G: 2 by 6 tiles of 2 by 2 cells { 12 Q cells A, B, C, D }
pieces Pedina: 4 per player
setup { move top(Pedina) to cell(G, 3, 5) }
turns {
  choose c from [cell(G, 3, 5), cell(G, 1, 12)] by current
  choose t from [tile(G, 2, 5), tile(G, 1, 1)] by current
  choose x from Pedina where owner == current or it == top(Pedina where owner != current and cell == none) by current
}`);
    let state = start(definition);
    expect(legalMoves(state).map((m) => m.choice)).toEqual(['e3', 'l1']);
    state = play(definition, state, 'e3');
    expect(legalMoves(state).map((m) => m.choice)).toEqual(['row 2 tile 5', 'row 1 tile 1']);
    state = play(definition, state, 'row 2 tile 5');
    expect(legalMoves(state).map((m) => m.choice)).toEqual(['Pedina e3', 'Pedina 2 of P1', 'Pedina 3 of P1', 'Pedina 4 of P1', 'Pedina 1 of P2']);
  });

  it('past 26 columns a cell is ROW.COLUMN; with several grids, labels start with the grid\'s name', () => {
    const definition = compile(`${head}
grid Largo: 2 by 30 cells
grid Piccolo: 2 by 2 cells
setup { log "{cell(Largo, 2, 27)} {tile(Largo, 1, 30)} {cell(Piccolo, 1, 2)} {tile(Piccolo, 2, 2)}" }
turns { end game "fine" }`);
    expect(notes(start(definition))).toEqual(['Largo 2.27 Largo row 1 tile 30 Piccolo b1 Piccolo row 2 tile 2']);
  });
});

describe('a match on a grid: save and restore replay the same board', () => {
  it('a game of random moves, saved and restored, gives the same state hash', () => {
    const definition = compile(`${head}
grid G: 2 by 2 tiles of 2 by 2 cells { 4 Bicolore cells Chiaro, Chiaro, Scuro, Scuro carry layout }
pieces Pedina: 2 per player
setup { for each x in Pedina { move x to random(G) } }
turns {
  choose t from tiles(G) by current
  choose by current {
    option "orario" { rotate t clockwise }
    option "antiorario" { rotate t counterclockwise }
  }
  if round == 5 { end game "fine" }
}`);
    const started = Match.start(definition, { players: 2, seed: 11 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    while (!match.outcome) expect(match.apply(match.legalMoves()[match.state.turn % match.legalMoves().length]).ok).toBe(true);
    const restored = Match.restore(definition, match.save());
    expect(restored.ok && restored.hashMatches).toBe(true);
    if (restored.ok) expect(restored.match.state.board).toEqual(match.state.board);
  });
});

// Found while writing these tests and reported; each runs once the grammar is fixed.
describe('known gaps (skipped until fixed in grammar/)', () => {
  const codes = (text: string) => analyze(text).diagnostics.map((d) => `${d.code}: ${d.message}`);

  it("a tile kind's name can be written bare: t.kind == Bicolore", () => {
    expect(codes(`${head}grid G: 1 by 1 tiles of 2 by 2 cells { Bicolore cells Ro, Ro, Bl, Bl }
turns { if tile(G, 1, 1).kind == Bicolore { end game "fine" } }`)).toEqual([]);
  });

  it.skip("a missing 'cells' is reported as such, not as 'expected a name'", () => {
    expect(codes(`${head}grid G: 6 by 6\nturns { }`).join('\n')).toContain("'cells'");
  });

  it.skip("a keyword in place of 'per' does not hide the turns block that follows (no false flow/turns-missing)", () => {
    const found = codes(`${head}pieces Pedina: 6 each player\nturns { }`);
    expect(found.join('\n')).toContain("'per'");
    expect(found.some((line) => line.startsWith('flow/turns-missing'))).toBe(false);
  });
});
