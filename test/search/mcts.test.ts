import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyMoveInPlace, compileRules, Match, randomPlayout, refusal, startGame, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { choices, moveOf, playTable, searchMove, type BotSpec } from '../../interpreter/bots/index.ts';
import { loadDefinition } from '../support/scenario.ts';

const tris = compiled(readFileSync(fileURLToPath(new URL('./tris.rules', import.meta.url)), 'utf8'));

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

/** A logged game of tic-tac-toe after these squares were taken, P1 first. */
function trisAfter(...squares: string[]): GameState {
  const started = startGame(tris, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  for (const square of squares) applyMoveInPlace(tris, started.state, { player: started.state.pending!.player, choice: square });
  return started.state;
}

const chosen = (definition: GameDefinition, state: GameState, iterations: number, seed = 7) =>
  moveOf(state, searchMove(definition, state, state.pending!.player, { iterations, seed }).choice).choice;

describe('the search bot (information-set MCTS)', () => {
  it('takes an immediately winning move: P1 holds A1 and A2, and A3 wins', () => {
    const state = trisAfter('A1', 'B1', 'A2', 'B2');
    for (const seed of [1, 2, 3]) expect(chosen(tris, state, 300, seed)).toBe('A3');
  });

  it('blocks a row the opponent is about to complete: P2 holds B1 and B2, P1 must take B3', () => {
    const state = trisAfter('A1', 'B1', 'C3', 'B2');
    for (const seed of [1, 2, 3]) expect(chosen(tris, state, 400, seed)).toBe('B3');
  });

  it('same seed and budget, same move; the state it searched is left as it was', () => {
    const state = trisAfter('A1', 'B2');
    const before = JSON.stringify(state);
    const a = searchMove(tris, state, 0, { iterations: 100, seed: 5 });
    const b = searchMove(tris, state, 0, { iterations: 100, seed: 5 });
    expect(a.choice).toBe(b.choice);
    expect(a.root).toEqual(b.root);
    expect(a.iterations).toBe(100);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('a time budget makes at least one iteration and stops', () => {
    const state = trisAfter('A1');
    const result = searchMove(tris, state, 1, { milliseconds: 20, seed: 1 });
    expect(result.iterations).toBeGreaterThanOrEqual(1);
    expect(result.choice).toBeLessThan(choices(state));
  });

  it.each(['examples/race.rules', 'examples/primiera.rules', 'examples/asta.rules', 'mortadella.rules'])(
    'only ever plays legal moves, through a Match (%s)', (file) => {
      const definition = loadDefinition(file);
      const started = Match.start(definition, { players: 3, seed: 11 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      for (let n = 0; n < 25 && !match.outcome; n++) {
        const state = match.state;
        const player = state.pending!.player;
        const result = searchMove(definition, state, player, { iterations: 6, seed: n + 1, maxRounds: 8 });
        expect(result.choice).toBeLessThan(choices(state));
        const move = moveOf(state, result.choice);
        expect(refusal(definition, state, move)).toBeNull();
        expect(match.apply(move)).toEqual({ ok: true });
      }
    });

  it('a table of random bots plays the very game randomPlayout plays', () => {
    const definition = loadDefinition('mortadella.rules');
    const random: BotSpec = { kind: 'random' };
    for (const seed of [3, 4]) {
      const table = playTable(definition, { players: 4, seed, bots: [random, random, random, random], maxRounds: 200 });
      const plain = randomPlayout(definition, { players: 4, seed, keepMoves: false, maxRounds: 200 });
      expect(table.state.moveCount).toBe(plain.state.moveCount);
      expect(table.outcome).toEqual(plain.outcome);
    }
  });

  it('a table with a search bot finishes, with the same game for the same seed', () => {
    const definition = loadDefinition('examples/conquista.rules');
    const bots: BotSpec[] = [{ kind: 'mcts', iterations: 10 }, { kind: 'random' }, { kind: 'random' }];
    const a = playTable(definition, { players: 3, seed: 9, bots, maxRounds: 50 });
    const b = playTable(definition, { players: 3, seed: 9, bots, maxRounds: 50 });
    expect(a.outcome).toEqual(b.outcome);
    expect(a.state.moveCount).toBe(b.state.moveCount);
    expect(a.state.error).toBeNull();
    expect(a.search[0].decisions).toBeGreaterThan(0);
    expect(a.search[1].iterations).toBe(0);
  });
});
