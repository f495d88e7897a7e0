/**
 * The generated code's shortcuts on boards (codegen/grid.ts, grid-filters.ts, occupancy.ts) give
 * the stepper's games where a shortcut could go wrong: pieces captured and placed again, stacks of
 * pieces on a cell, several kinds and owners, a filter nested in a filter over a grid's row,
 * pieces set by hand between two moves, several grids, and a `step` from a cell that is none.
 * The filter's variable is part of the state's hash: a shortcut that left it elsewhere than the
 * whole loop would shows as a different hash.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { applyChoiceIndex, applyMoveInPlace, choiceCount, legalMoves, startGame } from '../../interpreter/engine/engine.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import type { GameDefinition } from '../../interpreter/program/program.ts';
import { compileText } from '../support/scenario.ts';

/**
 * Three players drop Pedoni (then Torri) on row 2 or on any empty cell, push a piece down a
 * column, capture a rival's piece below the one placed; captured Torri never come back, captured
 * Pedoni do. `grids` lays out the board as one grid or two.
 */
const rules = (grids: string) => `game "Pile" { players 2 to 3 }
${grids}
pieces Pedone: 3 per player
pieces Torre: 2 per player
piece var mosse = 0
var fila = 0
var conto = 0
var ultimo = none
turns {
  choose by current {
    option "riga" if count(G where row == 2 and count(pieces) < 2) > 0 {
      choose c from G where row == 2 and count(pieces) < 2 by current
      set ultimo = c
    }
    option "libera" if count(G where count(pieces) == 0) > 0 {
      choose c from G where count(pieces) == 0 by current
      set ultimo = c
    }
  }
  let x = top(Pedone where owner == current and cell == none)
  if x == none { set x = top(Torre where cell == none and not captured and owner == current) }
  if x != none {
    move x to ultimo
    set x.mosse = x.mosse + 1
  }
  let sotto = step(ultimo, 1, 0)
  if sotto != none and count(sotto.pieces where owner != current) > 0 {
    capture top(sotto.pieces where owner != current)
  }
  let destra = step(ultimo, 0, 1)
  if destra != none and count(destra.pieces where owner != current) > 0 { capture top(destra.pieces where owner != current) }
  let giu = step(ultimo, 3 / 2, 0)
  if giu != none and count(giu.pieces) > 0 { move top(giu.pieces) to ultimo }
  let p = top(players)
  let y = top(Pedone where cell == none and owner == p)
  if y != none and count(ultimo.pieces) == 1 and ultimo.row > 1 { move y to step(ultimo, 0 - 1, 0) }
  set fila = 0
  let z = step(ultimo, 0, 1)
  while z != none and count(z.pieces where owner == current) > 0 {
    set fila = fila + 1
    set z = step(z, 0, 1)
  }
  set conto = count(pieces(current) where mosse > 0 and not captured) + ultimo.column + count(G where c: row == 3 and count(G where d: d.row == 1 and count(c.pieces) >= d.column) > 0)
  # A choice after the filters: the frame's locals (the filters' variables among them) are hashed here.
  choose by current {
    option "resta" { set conto = conto + 1 }
    option "passa" { set conto = conto + 2 }
  }
  if fila >= 3 or count(Pedone where cell == none) + count(Torre where cell == none and not captured) == 0 { win current "pile" }
  if round > 30 { end game "stallo" }
}
`;

const oneGrid = rules('grid G: 4 by 5 cells');

/**
 * `step` written out as arithmetic (grid.ts): steps from locals, globals and numbers written in the
 * rules, within the grid and off it on every side, 32-bit extremes, steps beyond 32 bits (the
 * helpers then), a step of none.
 */
const steps = `game "Passi" { players 2 to 3 }
grid G: 4 by 5 cells
pieces P: 12 per player
var dr = 0
var dc = 0
var passi = 0
var vuoto = none
var strano = 0
turns {
  choose c from G where count(pieces) == 0 by current prompt "Dove?"
  choose a from [0, 1, -1, 2, -3, 9, 2147483647, 4294967297] by current prompt "Righe?"
  choose b from [0, 1, -1, 3, -2, 8, -2147483648, -4294967295] by current prompt "Colonne?"
  set dr = a
  set dc = 0 - b
  move top(P where owner == current and cell == none) to c
  let x = step(c, a, b)
  set passi = 0
  while x != none and count(x.pieces) > 0 and passi < 6 {
    set passi = passi + 1
    set x = step(x, a, b)
  }
  let y = step(c, dr, dc)
  if y != none and count(y.pieces) == 0 { move top(P where owner == current and cell == none) to y }
  let z = step(c, -1, 1)
  if z != none { set passi = passi + z.row }
  set strano = step(c, vuoto, 1)
  if step(c, 4294967297, 0) != none or step(c, 0, -4294967295) != none { set strano = 7 }
  if count(G where count(pieces) == 0) < 3 { end game "pieno" }
}
`;

const twoGrids = rules('grid H: 2 by 3 cells\ngrid G: 4 by 5 cells');

/**
 * A tile turned with its pieces, then the pieces of a cell counted in the same turn: generated
 * code reads that count from the index's arrays, which the turn must have brought up to date
 * (occupancy.ts reindex), or it would count the piece that has just turned away.
 */
const turned = `game "Giro" { players 2 to 3 }
grid G: 2 by 2 tiles of 2 by 2 cells { 4 T cells Chiaro, Scuro, Scuro, Chiaro }
pieces P: 5 per player
var rimasti = 0
var arrivati = 0
turns {
  choose c from G where count(pieces) == 0 by current prompt "Dove?"
  move top(P where owner == current and cell == none) to c
  let prima = step(c, 0, 1)
  if prima == none { set prima = step(c, 0, -1) }
  if count(c.pieces where owner == current) > 0 { set rimasti = rimasti + 1 }
  choose by current prompt "Come?" {
    option "orario" { rotate c.tile clockwise }
    option "antiorario" { rotate c.tile counterclockwise }
    option "fermo" { }
  }
  if count(c.pieces where owner == current) > 0 { set rimasti = rimasti + 1 }
  if count(prima.pieces where owner != current) > 0 { set arrivati = arrivati + 1 }
  if count(P where owner == current and cell == none) == 0 or count(G where count(pieces) == 0) == 0 { end game "finite" }
}
`;

/** A small deterministic generator of the games' choices. */
function chooser(seed: number): (below: number) => number {
  let x = seed >>> 0 || 1;
  return (below) => {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return below <= 1 ? 0 : x % below;
  };
}

/**
 * Plays `seeds` games both ways, quiet (by choice index) and logged (by move), comparing the state
 * hash after every decision and the logs at the end; returns the logged games' log lines.
 */
function compareWithStepper(definition: GameDefinition, seeds: number): string[] {
  const lines: string[] = [];
  const play = (engine: GameDefinition, seed: number, quiet: boolean) => {
    const players = 2 + (seed % 2);
    const started = startGame(engine, { players, seed, quiet });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    const next = chooser(seed);
    const hashes: string[] = [];
    for (let decision = 0; decision < 400 && !state.outcome; decision++) {
      if (quiet) applyChoiceIndex(engine, state, next(choiceCount(state)));
      else {
        const moves = legalMoves(state);
        applyMoveInPlace(engine, state, moves[next(moves.length)]);
      }
      hashes.push(stateHash(state));
    }
    expect(state.error ?? null, `seed ${seed}`).toBeNull();
    return { hashes, log: state.log.map((e) => e.text) };
  };
  for (let seed = 1; seed <= seeds; seed++) {
    for (const quiet of [true, false]) {
      const a = play(withGeneratedCode(definition), seed, quiet);
      const b = play(withStepper(definition), seed, quiet);
      expect(a.hashes, `seed ${seed}`).toEqual(b.hashes);
      expect(a.log, `seed ${seed}`).toEqual(b.log);
      if (!quiet) lines.push(...a.log);
    }
  }
  return lines;
}

describe('the generated code\'s shortcuts on boards play the stepper\'s games', () => {
  it('one grid: its size written in, rows read once, pieces off the board from the index', () => {
    const definition = compileText(oneGrid);
    const turn = codegenReport(definition).batch.find((p) => p.program === 'turn')!.source;
    // The shortcuts are the code under test.
    for (const shortcut of ['>>> 0 < 4', 'H.stepIn(', 'H.rowIn(', 'H.columnIn(', 'H.occupancy(', 'H.firstOffBoard(', 'OC[']) expect(turn).toContain(shortcut);
    const lines = compareWithStepper(definition, 120);
    // The games capture pieces, place captured Pedoni again and move pieces on the board.
    expect(lines.some((line) => /Pedone .* is captured/.test(line))).toBe(true);
    expect(lines.some((line) => / moves (Pedone|Torre) /.test(line))).toBe(true);
  });

  it('a tile turned with its pieces: the cells\' pieces counted after the turn are where the tile took them', () => {
    const definition = compileText(turned);
    const turn = codegenReport(definition).batch.find((p) => p.program === 'turn')!.source;
    expect(turn).toContain('OC[');
    compareWithStepper(definition, 150);
    // The counts after a turn differ from those before it: the tile took the piece away.
    const played = randomPlayout(withGeneratedCode(definition), { players: 2, seed: 3, keepMoves: false });
    const [rimasti] = played.state.globals as number[];
    expect(rimasti).toBeGreaterThan(0);
    expect(rimasti).toBeLessThan(2 * played.state.turn);
  });

  it('one grid: step written out as arithmetic, falling back to the helpers for what is not a whole cell and whole steps', () => {
    const definition = compileText(steps);
    const turn = codegenReport(definition).batch.find((p) => p.program === 'turn')!.source;
    // Steps from locals and globals, and from numbers written in the rules, written out.
    expect(turn).toContain('(L[1] / 5 | 0) + L[2]) >>> 0 < 4');
    expect(turn).toContain('(L[1] / 5 | 0) + s.globals[0]) >>> 0 < 4');
    expect(turn).toContain('(L[1] % 5 + 1) >>> 0 < 5');
    const lines = compareWithStepper(definition, 150);
    expect(lines.some((line) => line.includes('pieno'))).toBe(true);
  });

  it('two grids: a cell\'s grid is looked up as the stepper does', () => {
    const definition = compileText(twoGrids);
    expect(codegenReport(definition).batch.find((p) => p.program === 'turn')!.source).not.toContain('>>> 0 <');
    expect(compareWithStepper(definition, 60).some((line) => line.includes('is captured'))).toBe(true);
  });

  it('pieces set by hand between two moves of a logged match are seen by the next move', () => {
    const definition = compileText(oneGrid);
    const play = (engine: GameDefinition) => {
      const started = startGame(engine, { players: 2, seed: 3 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const state = started.state;
      const hashes: string[] = [];
      for (let move = 0; move < 12 && !state.outcome; move++) {
        // By hand: P1's lowest Pedone off the board goes to the last cell, P2's first Pedone comes off.
        const pieces = state.board!.pieces;
        const free = pieces.findIndex((p) => p.owner === 0 && p.cell < 0);
        // New records, as the engine changes a piece (copies of a state share the old ones).
        if (free >= 0 && move % 3 === 1) pieces[free] = { ...pieces[free], cell: 19 };
        if (move % 4 === 2) pieces[3] = { ...pieces[3], cell: -1 };
        const moves = legalMoves(state);
        applyMoveInPlace(engine, state, moves[move % moves.length]);
        expect(state.error ?? null).toBeNull();
        hashes.push(stateHash(state));
      }
      return hashes;
    };
    expect(play(withGeneratedCode(definition))).toEqual(play(withStepper(definition)));
  });

  it.each([
    { dove: 'none', error: /a cell was expected, but the value is none/ },
    { dove: '0 - 1', error: /this is not a cell/ },
    { dove: '9', error: /this is not a cell/ },
  ])('a step from $dove stops the game with the stepper\'s error', ({ dove, error }) => {
    const definition = compileText(`game "Passo" { players 2 }
grid G: 3 by 3 cells
var dove = none
turns {
  set dove = ${dove}
  let x = step(dove, 1, 0)
}
`);
    for (const keepMoves of [false, true]) {
      const a = randomPlayout(withGeneratedCode(definition), { players: 2, seed: 1, keepMoves });
      const b = randomPlayout(withStepper(definition), { players: 2, seed: 1, keepMoves });
      expect(a.state.error?.message).toMatch(error);
      expect(a.state.error).toEqual(b.state.error);
      expect(stateHash(a.state)).toBe(stateHash(b.state));
    }
  });
});
