/**
 * rules/examples/connect-four.rules: a disc falls to the lowest empty cell of its column; four in a
 * line win (across, up and down, both diagonals); a full board is a draw; a full column is refused
 * with the reason and the columns still open. Rows count from the top: row 6 is the bottom.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { applyMove, choiceCount, legalMoves, randomPlayout, refusal, startGame, startState, toMove, type GameState } from '../../interpreter/index.ts';
import { loadDefinition, rulesPath } from '../support/scenario.ts';

const connectFour = loadDefinition('examples/connect-four.rules');
const columns = 'abcdefg';

function newGame(stopAtForcedMoves = false): GameState {
  const started = startGame(connectFour, { players: 2, seed: 1, stopAtForcedMoves });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

/** Drops a disc of whoever must move into each column in turn ("dddd": four into column d). */
function drop(state: GameState, columnsPlayed: string): GameState {
  for (const column of columnsPlayed) {
    const result = applyMove(connectFour, state, { player: toMove(state), choice: `${column}1` });
    if (!result.ok) throw new Error(`column ${column}: ${result.diagnostic.message}`);
    state = result.state;
  }
  return state;
}

/** The board as rows of seats (1, 2) and dots, top row first. */
function board(state: GameState): string[] {
  const rows = Array.from({ length: 6 }, () => Array.from({ length: 7 }, () => '.'));
  for (const piece of state.board!.pieces) if (piece.cell >= 0) rows[Math.floor(piece.cell / 7)][piece.cell % 7] = String(piece.owner + 1);
  return rows.map((row) => row.join(''));
}

describe('Connect Four: the rules file', () => {
  it('checks clean', () => {
    expect(analyze(readFileSync(rulesPath('examples/connect-four.rules'), 'utf8')).diagnostics).toEqual([]);
  });

  it('offers the seven columns by their top cells, P1 first', () => {
    const state = newGame();
    expect(toMove(state)).toBe(0);
    expect(legalMoves(state).map((m) => m.choice)).toEqual([...columns].map((c) => `${c}1`));
  });
});

describe('Connect Four: discs fall and lines win', () => {
  it('a disc falls to the lowest empty cell of its column', () => {
    const state = drop(newGame(), 'dde');
    expect(board(state).slice(3)).toEqual(['.......', '...2...', '...11..']);
    expect(state.outcome).toBeNull();
  });

  it('four in a column win', () => {
    const state = drop(newGame(), 'dedede' + 'd');
    expect(state.outcome).toMatchObject({ kind: 'win', winners: [0], reason: 'quattro in verticale' });
    expect(board(state).slice(2)).toEqual(['...1...', '...12..', '...12..', '...12..']);
  });

  it('four in a row win', () => {
    const state = drop(newGame(), 'aabbccd');
    expect(state.outcome).toMatchObject({ kind: 'win', winners: [0], reason: 'quattro in orizzontale' });
    expect(board(state).slice(4)).toEqual(['222....', '1111...']);
  });

  it('four on a diagonal win, rising to the right and to the left', () => {
    // P1: a6 b5 c4 d3, rising to the right; the last disc dropped is the top of the line.
    const rising = drop(newGame(), 'abbccdcddgd');
    expect(rising.outcome).toMatchObject({ kind: 'win', winners: [0], reason: 'quattro in diagonale' });
    expect(board(rising).slice(2)).toEqual(['...1...', '..11...', '.112...', '1222..2']);
    // The mirror image: g6 f5 e4 d3, rising to the left.
    const mirrored = drop(newGame(), 'gffeededdad');
    expect(mirrored.outcome).toMatchObject({ kind: 'win', winners: [0], reason: 'quattro in diagonale' });
  });

  it('a full board without four in a line is a draw; its last disc, in the only open column, drops by itself', () => {
    // 41 moves found by a random game (seed 394); the 42nd has one column left.
    const moves = 'cegabegbaeeeegfbbcgaggaafadfdfdffbccbddcd';
    const state = drop(newGame(), moves);
    expect(state.outcome).toMatchObject({ kind: 'draw', reason: 'griglia piena' });
    expect(board(state).join('')).not.toContain('.');
    expect(state.moveCount).toBe(41);
    // For analysis the forced move can wait to be made like any other.
    const waiting = drop(newGame(true), moves);
    expect(waiting.outcome).toBeNull();
    expect(legalMoves(waiting).map((m) => m.choice)).toEqual(['c1']);
    expect(choiceCount(waiting)).toBe(1);
    const last = drop(waiting, 'c');
    expect(last.outcome).toMatchObject({ kind: 'draw', reason: 'griglia piena' });
    expect(board(last)).toEqual(board(state));
  });
});

describe('Connect Four: a full column', () => {
  it('is refused with the reason and the columns still open, and the game goes on unchanged', () => {
    const full = drop(newGame(), 'dddddd');
    expect(board(full).map((row) => row[3]).join('')).toBe('212121');
    const move = { player: toMove(full), choice: 'd1' };
    const refused = refusal(connectFour, full, move);
    expect(refused?.code).toBe('move/illegal');
    expect(refused?.message).toBe("'d1' is not a legal choice for In quale colonna lasci cadere il disco?; the choices are: a1 | b1 | c1 | e1 | f1 | g1");
    const result = applyMove(connectFour, full, move);
    expect(result.ok).toBe(false);
    expect(legalMoves(full)).toHaveLength(6);
  });
});

describe('Connect Four: random games', () => {
  it('300 random games each end in a win or a draw within 42 discs, with every disc where it fell', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { state, outcome } = randomPlayout(connectFour, { players: 2, seed, keepMoves: false });
      expect(['win', 'draw']).toContain(outcome.kind);
      const placed = state.board!.pieces.filter((p) => p.cell >= 0);
      expect(placed.length).toBeLessThanOrEqual(42);
      if (outcome.kind === 'draw') expect(placed).toHaveLength(42);
      // No disc floats: the cell below every disc is taken, or it is on the bottom row.
      const taken = new Set(placed.map((p) => p.cell));
      for (const cell of taken) expect(cell >= 35 || taken.has(cell + 7)).toBe(true);
    }
  });

  it('a start state built once and copied plays the same games as a fresh start', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const fresh = startGame(connectFour, { players: 2, seed, quiet: true });
      const copied = startState(connectFour, { players: 2, seed });
      if (!fresh.ok || !copied.ok) throw new Error('no start');
      expect(JSON.stringify(copied.state)).toBe(JSON.stringify(fresh.state));
    }
  });
});
