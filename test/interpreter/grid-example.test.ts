/**
 * rules/examples/breakthrough.rules, the example of grids and pieces that is not Percorsi: random
 * games always end with a winner and never lose a pawn, and scenarios named after the sentences of
 * the rules it cites. Rows are counted from the top: P1 starts on rows 7–8 and moves up, P2 starts
 * on rows 1–2 and moves down.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { Match, randomPlayout, stateHash, type GameState, type PlayoutResult } from '../../interpreter/index.ts';
import { loadDefinition, rulesPath } from '../support/scenario.ts';

const breakthrough = loadDefinition('examples/breakthrough.rules');
const pawnsEach = 16;

/** Row (1 at the top) and column (1 at the left) of a cell of the 8 × 8 board. */
const rowOf = (cell: number) => Math.floor(cell / 8) + 1;

function census(state: GameState, owner: number) {
  const pawns = state.board!.pieces.filter((p) => p.owner === owner);
  return {
    onBoard: pawns.filter((p) => p.cell >= 0).length,
    captured: pawns.filter((p) => p.captured).length,
    offNotCaptured: pawns.filter((p) => p.cell < 0 && !p.captured).length,
    rows: pawns.filter((p) => p.cell >= 0).map((p) => rowOf(p.cell)),
  };
}

/** A match whose first turn is P1's (seed 1: P1 rolls higher for the first turn). */
function newMatch(): Match {
  const started = Match.start(breakthrough, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  expect(started.match.toAct).toBe(0);
  return started.match;
}

/** Plays "Pawn d7" then "d6" for whoever must move; fails on a refused move. */
function step(match: Match, from: string, to: string): void {
  const player = match.toAct!;
  for (const choice of [`Pawn ${from}`, to]) {
    const result = match.apply({ player, choice });
    if (!result.ok) throw new Error(`${from} → ${to}: ${result.diagnostic.message}`);
  }
}

const choices = (match: Match) => match.legalMoves().map((m) => m.choice);

describe('Breakthrough: the rules file', () => {
  it('checks clean', () => {
    expect(analyze(readFileSync(rulesPath('examples/breakthrough.rules'), 'utf8')).diagnostics).toEqual([]);
  });

  it('"16 counters occupying two rows on opposite sides of the board": P1 on rows 7–8, P2 on rows 1–2', () => {
    const state = newMatch().state;
    expect(census(state, 0).rows.sort()).toEqual([...Array(8).fill(7), ...Array(8).fill(8)]);
    expect(census(state, 1).rows.sort()).toEqual([...Array(8).fill(1), ...Array(8).fill(2)]);
  });
});

describe('Breakthrough: 300 random games', () => {
  let games: PlayoutResult[] = [];
  beforeAll(() => {
    games = Array.from({ length: 300 }, (_, i) => randomPlayout(breakthrough, { players: 2, seed: i + 1, keepMoves: false }));
  });

  it('every game ends with one winner, well within the 192 moves the board allows', () => {
    for (const [i, game] of games.entries()) {
      expect(game.outcome.kind, `seed ${i + 1}`).toBe('win');
      expect(game.outcome.winners).toHaveLength(1);
      expect(game.state.turn).toBeLessThanOrEqual(192);
    }
  });

  it('pawns are conserved: on the board + captured = 16 a side, and none leaves the board otherwise', () => {
    for (const [i, game] of games.entries()) {
      for (const owner of [0, 1]) {
        const { onBoard, captured, offNotCaptured } = census(game.state, owner);
        expect(onBoard + captured, `seed ${i + 1}, P${owner + 1}`).toBe(pawnsEach);
        expect(offNotCaptured).toBe(0);
      }
    }
  });

  it('the winner has a pawn on the far row, or has captured every pawn of the loser; the loser never reached', () => {
    for (const [i, game] of games.entries()) {
      const winner = game.outcome.winners[0];
      const loser = 1 - winner;
      const farRow = winner === 0 ? 1 : 8;
      const arrived = census(game.state, winner).rows.includes(farRow);
      expect(arrived || census(game.state, loser).onBoard === 0, `seed ${i + 1}`).toBe(true);
      expect(census(game.state, loser).rows.includes(winner === 0 ? 8 : 1)).toBe(false);
    }
  });

  it('both seats win games (each between 35% and 65% of them)', () => {
    const p1 = games.filter((g) => g.outcome.winners[0] === 0).length;
    expect(p1).toBeGreaterThan(300 * 0.35);
    expect(p1).toBeLessThan(300 * 0.65);
  });

  it('a game played with labels and replayed through a Match gives the same outcome and state hash', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const played = randomPlayout(breakthrough, { players: 2, seed, keepMoves: true });
      const quiet = games[seed - 1];
      expect(played.outcome.winners).toEqual(quiet.outcome.winners);
      const started = Match.start(breakthrough, { players: 2, seed });
      if (!started.ok) throw new Error(started.diagnostic.message);
      for (const move of played.moves) expect(started.match.apply(move).ok).toBe(true);
      expect(started.match.hash()).toBe(stateHash(played.state));
    }
  });
});

describe('Breakthrough: scenarios', () => {
  it('"A piece may move one space straight or diagonally forward if the target square is empty": only the front row moves at first', () => {
    const match = newMatch();
    expect(choices(match)).toEqual(['Pawn a7', 'Pawn b7', 'Pawn c7', 'Pawn d7', 'Pawn e7', 'Pawn f7', 'Pawn g7', 'Pawn h7']);
    match.apply({ player: 0, choice: 'Pawn a7' });
    expect(choices(match)).toEqual(['a6', 'b6']);
    match.undo();
    match.apply({ player: 0, choice: 'Pawn d7' });
    expect(choices(match)).toEqual(['c6', 'd6', 'e6']);
  });

  it('a pawn cannot move straight onto another, nor capture straight ahead', () => {
    const match = newMatch();
    step(match, 'd7', 'd6');
    step(match, 'd2', 'd3');
    step(match, 'd6', 'd5');
    step(match, 'd3', 'd4');
    // P1's d5 faces P2's d4: only the two diagonals are open.
    match.apply({ player: 0, choice: 'Pawn d5' });
    expect(choices(match)).toEqual(['c4', 'e4']);
  });

  it('"The opponent\'s piece is removed and the player\'s piece replaces it": a diagonal capture', () => {
    const match = newMatch();
    step(match, 'd7', 'd6');
    step(match, 'e2', 'e3');
    step(match, 'd6', 'd5');
    step(match, 'e3', 'e4');
    match.apply({ player: 0, choice: 'Pawn d5' });
    expect(choices(match)).toEqual(['c4', 'd4', 'e4']);
    match.apply({ player: 0, choice: 'e4' });
    expect(census(match.state, 1)).toMatchObject({ onBoard: 15, captured: 1 });
    expect(match.state.log.map((line) => line.text)).toContain("P2's Pawn e4 is captured");
    expect(match.state.log.map((line) => line.text)).toContain('P1 moves Pawn d5 to e4');
    expect(match.outcome).toBeNull();
    expect(match.toAct).toBe(1);
  });

  it('"The first player to reach the opponent\'s home row … is the winner": P1 breaks through on the d and e files', () => {
    const match = newMatch();
    step(match, 'd7', 'd6');
    step(match, 'a2', 'a3');
    step(match, 'd6', 'd5');
    step(match, 'a3', 'a4');
    step(match, 'd5', 'd4');
    step(match, 'a4', 'a5');
    step(match, 'd4', 'd3');
    step(match, 'a5', 'a6');
    step(match, 'd3', 'e2');
    step(match, 'b2', 'b3');
    expect(census(match.state, 1).captured).toBe(1);
    step(match, 'e2', 'f1');
    expect(match.outcome).toMatchObject({ kind: 'win', winners: [0], reason: 'reached the far row' });
  });

  it('"If all the pieces of a player have been captured, this player loses the match"', () => {
    const match = newMatch();
    step(match, 'd7', 'd6');
    step(match, 'e2', 'e3');
    step(match, 'd6', 'd5');
    step(match, 'e3', 'e4');
    match.apply({ player: 0, choice: 'Pawn d5' });
    // By hand: P2's other fifteen pawns were captured earlier; only the one on e4 (cell 28) is left.
    // New records, as the engine changes a piece (the match's earlier positions share the old ones).
    const pawns = match.state.board!.pieces;
    pawns.forEach((pawn, i) => {
      if (pawn.owner === 1 && pawn.cell !== 28) pawns[i] = { ...pawn, cell: -1, captured: true };
    });
    match.apply({ player: 0, choice: 'e4' });
    expect(match.outcome).toMatchObject({ kind: 'win', winners: [0], reason: 'captured every pawn of the opponent' });
    expect(census(match.state, 1)).toMatchObject({ onBoard: 0, captured: 16 });
  });
});
