/**
 * Property tests over seeded random playouts of rules/percorsi.rules: 1,000 games in batch mode
 * end with a winner or at the stated turn limit, never with an error; pawns are conserved at
 * every decision of a sample of logged games; a tile turned four times is as it was; saved games
 * restore to the same state hash; and the XState actor (the Match API) and batch mode play the
 * same games as the lean stepper. Six of every ten games are played as written, one in each of
 * the four variants.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMoveInPlace, cloneState, legalMoves, Match, randomMove, randomPlayout, simulate, startGame, stateHash, type GameState, type SavedGame,
} from '../../interpreter/index.ts';
import { botRandomFor } from '../../interpreter/bots/bots.ts';
import { cellsOfTile, rotateTile } from '../../interpreter/runtime/grids.ts';
import { scratchKey } from '../../interpreter/program/program.ts';
import { allTiles, def, grid } from './helpers.ts';

const games = 1000;
const variantOf = (seed: number): string | null => ['Tasselli a scacchi', 'Tasselli fissi al centro', 'Mossa facoltativa', 'Numero base dalle catture', 'Numero base dalle proprie perdite'][seed % 10] ?? null;
const turnLimit = def.turnLimit;
const varIndex = (name: string) => def.playerVars.findIndex((v) => v.name === name);
const arrivate = varIndex('arrivate');
const base = varIndex('base');
const pawnsEach = def.pieceKinds[0].count;
const isFixed = (state: GameState, tile: number) => grid.kinds[state.board!.tileKinds[tile]].fixed;
const tileOf = (cell: number) => {
  const row = Math.floor((cell - grid.cellBase) / grid.columns);
  const column = (cell - grid.cellBase) % grid.columns;
  return grid.tileBase + Math.floor(row / grid.tileHeight) * grid.tileColumns + Math.floor(column / grid.tileWidth);
};

/**
 * The colours every cell should show, worked out apart from the engine: each tile's pattern (row
 * by row) turned a quarter clockwise as many times as its turns, where a quarter turn brings the
 * cell at (i, j) to (j, n − 1 − i).
 */
function expectedColours(state: GameState): (string | null)[] {
  const colours: (string | null)[] = new Array(def.totalCells).fill(null);
  const n = grid.tileHeight;
  for (const t of allTiles) {
    let pattern = grid.kinds[state.board!.tileKinds[t]].colours.slice();
    for (let k = 0; k < state.board!.tileTurns[t]; k++) {
      const turned = pattern.slice();
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) turned[j * n + (n - 1 - i)] = pattern[i * n + j];
      pattern = turned;
    }
    cellsOfTile(grid, t).forEach((c, index) => { colours[c] = pattern[index]; });
  }
  return colours;
}

/** The first broken invariant of a position once the pawns are placed, or null. */
function broken(state: GameState): string | null {
  const board = state.board!;
  for (let seat = 0; seat < 2; seat++) {
    const own = board.pieces.filter((p) => p.owner === seat);
    const onBoard = own.filter((p) => p.cell >= 0).length;
    const captured = own.filter((p) => p.captured).length;
    const arrived = state.players[seat].vars[arrivate] as number;
    if (own.some((p) => p.captured && p.cell >= 0)) return `P${seat + 1} has a captured pawn on the board`;
    if (onBoard + captured + arrived !== pawnsEach) return `P${seat + 1}: ${onBoard} on the board + ${captured} captured + ${arrived} arrived ≠ ${pawnsEach}`;
  }
  const byCell = new Map<number, number[]>();
  for (const p of board.pieces) if (p.cell >= 0) byCell.set(p.cell, [...(byCell.get(p.cell) ?? []), p.owner]);
  for (const [c, owners] of byCell) {
    if (owners.length === 1) continue;
    if (!isFixed(state, tileOf(c))) return `${owners.length} pawns share cell ${c}, off the fixed tiles`;
    if (owners.length > 2 || owners[0] === owners[1]) return `pawns of ${owners.map((o) => `P${o + 1}`).join(', ')} share cell ${c}`;
  }
  for (const t of allTiles.filter((tile) => isFixed(state, tile))) {
    for (let seat = 0; seat < 2; seat++) {
      const inside = board.pieces.filter((p) => p.owner === seat && p.cell >= 0 && tileOf(p.cell) === t).length;
      if (inside > 1) return `P${seat + 1} has ${inside} pawns on fixed tile ${t}`;
    }
  }
  const colours = expectedColours(state);
  const wrong = board.colours.findIndex((colour, c) => colour !== colours[c]);
  if (wrong >= 0) return `cell ${wrong} shows ${board.colours[wrong]}, its tile says ${colours[wrong]}`;
  return null;
}

/** The numero base each player should have between two turns (P-15 and its variants). */
const catture = def.playerVars.findIndex((v) => v.name === 'catture');

/**
 * P-15: 6 minus the opponent's pawns eliminated, by any cause; in the variants, 6 minus one's own
 * pawns eliminated, or 6 minus the opponent's pawns one captured (never more than they lost).
 */
function expectedBase(state: GameState, seat: number): number {
  const lost = (owner: number) => state.board!.pieces.filter((p) => p.owner === owner && p.captured).length;
  if (state.variant === 'Numero base dalle proprie perdite') return pawnsEach - lost(seat);
  if (state.variant !== 'Numero base dalle catture') return pawnsEach - lost(1 - seat);
  const made = state.players[seat].vars[catture] as number;
  if (made > lost(1 - seat)) throw new Error(`P${seat + 1} counts ${made} captures, but the opponent lost only ${lost(1 - seat)} pawns`);
  return pawnsEach - made;
}

function checkEnding(state: GameState, seed: number): void {
  const outcome = state.outcome!;
  expect(state.error, `seed ${seed}`).toBeNull();
  if (outcome.kind === 'aborted') {
    expect(outcome.reason, `seed ${seed}`).toBe(`the turn limit of ${turnLimit} was reached`);
    expect(state.turn).toBe(turnLimit);
    return;
  }
  expect(outcome.kind, `seed ${seed}`).toBe('win');
  expect(outcome.winners).toHaveLength(1);
  const winner = outcome.winners[0];
  const arrived = state.players[winner].vars[arrivate] as number;
  expect(outcome.reason).toBe(`ha portato oltre il traguardo il numero base di pedine (${arrived})`);
  expect(arrived).toBeGreaterThan(0);
  expect(arrived).toBeGreaterThanOrEqual(state.players[winner].vars[base] as number);
  expect(state.players[winner].vars[base]).toBe(expectedBase(state, winner));
}

/** A logged game played by a random bot, every decision checked; positions kept along the way. */
function playChecked(seed: number, keepEvery: number): { state: GameState; positions: GameState[]; decisions: number } {
  const started = startGame(def, { players: 2, seed, variant: variantOf(seed) });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = botRandomFor(seed);
  const positions: GameState[] = [];
  let decisions = 0;
  let turn = state.turn;
  while (!state.outcome) {
    applyMoveInPlace(def, state, randomMove(legalMoves(state), random));
    decisions++;
    if (state.turn === 0) continue;
    const problem = broken(state);
    if (problem) throw new Error(`seed ${seed}, decision ${decisions}: ${problem}`);
    if (state.turn !== turn && !state.outcome) {
      // Between two turns the numero base of both players has just been worked out.
      turn = state.turn;
      for (const seat of [0, 1]) {
        const found = state.players[seat].vars[base];
        if (turn > 1 && found !== expectedBase(state, seat)) throw new Error(`seed ${seed}, turn ${turn}: P${seat + 1}'s numero base is ${String(found)}, not ${expectedBase(state, seat)}`);
      }
    }
    if (decisions % keepEvery === 0) positions.push(cloneState(state));
  }
  return { state, positions, decisions };
}

/**
 * For the rules as written and each variant, the shortest game among its first seeds (up to 60),
 * a won one where there is one: a logged match's cost grows with its length.
 */
let shortCache: number[] | null = null;
function shortGames(): number[] {
  if (!shortCache) {
    const shortest = new Map<string | null, [seed: number, decisions: number]>();
    // A won game where there is one; where the numero base falls with the opponent's losses, a side
    // that lost more pawns cannot win and random bots seldom finish: there the shortest game of any ending.
    const fallback = new Map<string | null, [seed: number, decisions: number]>();
    for (let seed = 1; seed <= 60; seed++) {
      const variant = variantOf(seed);
      const { state } = randomPlayout(def, { players: 2, seed, variant, keepMoves: false });
      const table = state.outcome!.kind === 'win' ? shortest : fallback;
      const best = table.get(variant);
      if (!best || state.moveCount < best[1]) table.set(variant, [seed, state.moveCount]);
    }
    for (const [variant, best] of fallback) if (!shortest.has(variant)) shortest.set(variant, best);
    shortCache = [...shortest.values()].map(([seed]) => seed);
  }
  return shortCache;
}

describe(`${games} random playouts of Percorsi`, () => {
  it('every game ends with a winner or at the stated turn limit, never with an error; pawns are conserved at the end', { timeout: 600_000 }, () => {
    const ends = new Map<string, { won: number; stopped: number }>();
    for (let seed = 1; seed <= games; seed++) {
      const { state } = randomPlayout(def, { players: 2, seed, variant: variantOf(seed), keepMoves: false });
      checkEnding(state, seed);
      expect(broken(state), `seed ${seed}`).toBeNull();
      const tally = ends.get(state.variant ?? 'as written') ?? { won: 0, stopped: 0 };
      if (state.outcome!.kind === 'win') tally.won++;
      else tally.stopped++;
      ends.set(state.variant ?? 'as written', tally);
    }
    expect(ends.size).toBe(6);
    // Random bots rarely play as written to the turn limit (P-18); both seats win.
    const asWritten = ends.get('as written')!;
    expect(asWritten.won + asWritten.stopped).toBe(500);
    expect(asWritten.won / 500).toBeGreaterThan(0.9);
  });

  it('over a sample of logged games, pawns are conserved (on the board + captured + arrived = 6 a side), share a cell only on a fixed tile, and cells show their tile\'s colours, at every decision', () => {
    let decisions = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { state, decisions: count } = playChecked(seed, Infinity);
      checkEnding(state, seed);
      decisions += count;
    }
    expect(decisions).toBeGreaterThan(10_000);
  });

  it('a tile turned four times, either way, is as it was: its colours and the pawns on it, over random positions', () => {
    const positions = [11, 12, 13].flatMap((seed) => playChecked(seed, 250).positions);
    expect(positions.length).toBeGreaterThan(40);
    let withPawns = 0;
    for (const position of positions) {
      const board = position.board!;
      // The tile turned on a state of its own holding that board (and a scratch of its own).
      const on = (turned: typeof board) => ({ ...position, board: turned, [scratchKey]: undefined });
      for (const t of allTiles) {
        if (grid.kinds[board.tileKinds[t]].fixed) {
          expect(() => rotateTile(def, on(structuredClone(board)), t, true)).toThrow(/is fixed/);
          continue;
        }
        if (board.pieces.some((p) => p.cell >= 0 && tileOf(p.cell) === t)) withPawns++;
        for (const clockwise of [true, false]) {
          const turned = structuredClone(board);
          const state = on(turned);
          for (let k = 0; k < 4; k++) {
            rotateTile(def, state, t, clockwise);
            if (k < 3) expect(turned.tileTurns[t]).not.toBe(board.tileTurns[t]);
          }
          expect(turned).toEqual(board);
        }
        // A quarter turn one way and one the other undo each other too.
        const back = structuredClone(board);
        rotateTile(def, on(back), t, true);
        rotateTile(def, on(back), t, false);
        expect(back).toEqual(board);
      }
    }
    expect(withPawns).toBeGreaterThan(150);
  });

  it('the same seed gives the same game, byte for byte; a saved game restores through the Match API to the same state hash', () => {
    const [asWritten, ...variants] = shortGames();
    for (const seed of [asWritten, variants[variants.length - 1]]) {
      const variant = variantOf(seed);
      const a = randomPlayout(def, { players: 2, seed, variant, keepMoves: true });
      const b = randomPlayout(def, { players: 2, seed, variant, keepMoves: true });
      expect(stateHash(b.state)).toBe(stateHash(a.state));
      expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));

      const started = Match.start(def, { players: 2, seed, variant });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      const saves: SavedGame[] = [];
      a.moves.forEach((move, i) => {
        const result = match.apply(move);
        if (!result.ok) throw new Error(`seed ${seed}, move ${i + 1}: ${result.diagnostic.message}`);
        // Once in the middle of the game (a decision pending), as a file would keep it.
        if (seed === asWritten && i + 1 === a.moves.length >> 1) saves.push(JSON.parse(JSON.stringify(match.save())));
      });
      saves.push(JSON.parse(JSON.stringify(match.save())));
      expect(saves[saves.length - 1].stateHash).toBe(stateHash(a.state));
      for (const save of saves) {
        const restored = Match.restore(def, save);
        if (!restored.ok) throw new Error(`seed ${seed}: ${restored.diagnostic.message}`);
        expect(restored.hashMatches, `seed ${seed}, ${save.moves.length} moves`).toBe(true);
        expect(restored.match.hash()).toBe(save.stateHash);
        restored.match.stop();
      }
      match.stop();
    }
  });

  it('the XState actor (Match API) replays games to the same log and state hash as the lean stepper, and batch mode plays the same games', () => {
    const seeds = shortGames();
    // The rules as written and every variant.
    expect(new Set(seeds.map(variantOf)).size).toBe(6);
    for (const seed of seeds) {
      const variant = variantOf(seed);
      const game = randomPlayout(def, { players: 2, seed, variant, keepMoves: true });
      const quiet = randomPlayout(def, { players: 2, seed, variant, keepMoves: false });
      expect(quiet.state.log).toEqual([]);
      expect(quiet.outcome).toEqual(game.outcome);
      expect(quiet.state.moveCount).toBe(game.state.moveCount);
      expect(quiet.state.turn).toBe(game.state.turn);
      expect(quiet.state.board).toEqual(game.state.board);
      expect(quiet.state.players).toEqual(game.state.players);
      const started = Match.start(def, { players: 2, seed, variant });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      let phaseMismatches = 0;
      for (const move of game.moves) {
        const result = match.apply(move);
        if (!result.ok) throw new Error(`seed ${seed}: ${result.diagnostic.message}`);
        if (match.machineState !== (match.state.outcome ? 'game over' : match.state.phase)) phaseMismatches++;
      }
      expect(phaseMismatches).toBe(0);
      expect(match.machineState).toBe('game over');
      expect(match.hash(), `seed ${seed}`).toBe(stateHash(game.state));
      expect(match.state.log.map((e) => e.text)).toEqual(game.state.log.map((e) => e.text));
      match.stop();
    }
  });

  // Random games last some 750 rounds, past simulate's default of 200: P-18 says to give it 1500.
  it('simulate with a round limit of 1500 plays Percorsi\'s random games to their end and reports the first player', () => {
    const report = simulate(def, { games: 20, players: 2, seed: 1, maxRounds: 1500 });
    expect(report.stoppedAtRoundLimit).toBe(0);
    expect(report.firstPlayer.games).toBe(20);
    expect(report.decided).toBeGreaterThan(15);
  });
});
