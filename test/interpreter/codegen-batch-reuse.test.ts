/**
 * Batch mode reuses a turn's frame, an answered choice's record and its list of values, and keeps
 * an index of pieces by cell (frames.ts, occupancy.ts). A search interleaves many states at once:
 * copies, moves on one and then on another, forced moves that wait. These tests drive generated
 * code that way and compare every step with the stepper (which reuses nothing), so a record or an
 * index shared between two states would show as a different game or hash.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { applyChoiceIndex, applyMoveInPlace, choiceCount, cloneState, legalMoves, startGame } from '../../interpreter/engine/engine.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import type { GameDefinition, GameState } from '../../interpreter/program/program.ts';

const load = (file: string) => compileRules(readFileSync(fileURLToPath(new URL(`../../rules/${file}`, import.meta.url)), 'utf8')).definition!;

/** A small deterministic generator for the test's own choices. */
function chooser(seed: number): (below: number) => number {
  let x = seed >>> 0 || 1;
  return (below) => {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return below <= 1 ? 0 : x % below;
  };
}

function start(definition: GameDefinition, players: number, seed: number, stopAtForcedMoves = false): GameState {
  const started = startGame(definition, { players, seed, quiet: true, stopAtForcedMoves });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

/**
 * A search-like walk: a pool of states (the start and copies of it); each step copies one of them
 * or plays a move on one, chosen by the same numbers for both back ends; returns every state's
 * hash after every step.
 */
function walk(definition: GameDefinition, players: number, seed: number, steps: number, stopAtForcedMoves = false): string[] {
  const next = chooser(seed);
  const pool = [start(definition, players, seed, stopAtForcedMoves)];
  const trace: string[] = [];
  for (let step = 0; step < steps; step++) {
    const k = next(pool.length);
    const state = pool[k];
    if (next(4) === 0 && pool.length < 6) pool.push(cloneState(state));
    else if (!state.outcome) applyChoiceIndex(definition, state, next(choiceCount(state)));
    else pool[k] = start(definition, players, seed + step, stopAtForcedMoves);
    trace.push(pool.map(stateHash).join('|'));
  }
  return trace;
}

describe('batch mode reuses records per state: states played in turn give the stepper\'s games', () => {
  for (const [file, players, steps] of [
    ['examples/connect-four.rules', 2, 400], ['examples/breakthrough.rules', 2, 300], ['examples/tris.rules', 2, 300],
    ['mortadella.rules', 4, 300], ['percorsi.rules', 2, 150],
  ] as const) {
    it(`${file}: six states, copied and played in turn, hash for hash`, () => {
      const definition = load(file);
      for (const seed of [1, 2, 3]) {
        expect(walk(withGeneratedCode(definition), players, seed, steps)).toEqual(walk(withStepper(definition), players, seed, steps));
      }
    });
  }

  it('a forced move waits in generated code as on the stepper (stopAtForcedMoves)', () => {
    const definition = load('examples/tris.rules');
    let waited = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(walk(withGeneratedCode(definition), 2, seed, 300, true)).toEqual(walk(withStepper(definition), 2, seed, 300, true));
    }
    // The ninth mark of tic-tac-toe is forced: with the option set, a choice of one waits.
    const generated = withGeneratedCode(definition);
    for (let seed = 1; seed <= 200; seed++) {
      const state = start(generated, 2, seed, true);
      const next = chooser(seed);
      while (!state.outcome) {
        const count = choiceCount(state);
        if (count === 1) waited++;
        applyChoiceIndex(generated, state, next(count));
      }
    }
    expect(waited).toBeGreaterThan(0);
  });

  it('a disc set by hand between two moves of a logged match is seen by the next move (the index of pieces is rebuilt)', () => {
    const definition = withGeneratedCode(load('examples/connect-four.rules'));
    const started = startGame(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    applyMoveInPlace(definition, state, { player: 0, choice: 'a1' });
    // By hand: P1's next free disc stands on a1, the top of column a: the column is full for the rules.
    const disc = state.board!.pieces.findIndex((p) => p.owner === 0 && p.cell < 0);
    // A new record, as the engine changes a piece (copies of a state share the old one).
    state.board!.pieces[disc] = { ...state.board!.pieces[disc], cell: 0 };
    expect(legalMoves(state).map((m) => m.choice)).toContain('a1');
    applyMoveInPlace(definition, state, { player: 1, choice: 'b1' });
    expect(legalMoves(state).map((m) => m.choice)).not.toContain('a1');
  });
});
