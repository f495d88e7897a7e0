/**
 * cloneState (engine.ts) copies a state with the keys of startGame's literal written out, when the
 * state has no key added later but its board: the copy's JSON is the original's, key for key, and
 * every such state has one hidden class (V8), which made Connect Four's playouts 1.2x faster than
 * copies by spread, whose hidden classes differ from startGame's and from one another.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { advanceBot } from '../../interpreter/runtime/bot-random.ts';
import { botRandomFor } from '../../interpreter/bots/bots.ts';
import { applyChoiceIndex, choiceCount, cloneState, startGame, startState, type GameState } from '../../interpreter/index.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { compileText, loadDefinition } from '../support/scenario.ts';
import { turningGame } from '../support/turning-game.ts';

const nextTurnFirst = `game "Turni" { players 3 }
var n = 0
turns {
  next turn to left(current)
  choose x from range(1, 2) by current prompt "Quale?"
  set n = n + x
  if n > 20 { end game "fine" }
}
`;


describe('cloneState', () => {
  // Boards, pieces, `next turn to`, moves open at any time, blocks played at once, stopping at forced moves.
  for (const [file, players, stopAtForcedMoves] of [
    ['examples/connect-four.rules', 2, false], ['examples/breakthrough.rules', 2, true], ['mortadella.rules', 4, false],
    ['1984.rules', 5, false], ['examples/chiama.rules', 3, false], ['notav.rules', 4, false], ['examples/asta.rules', 3, false],
    // `next turn to` said before a choice: the state waits with `nextTurn` set.
    ['a choice after next turn to', 3, false],
  ] as const) {
    it(`copies every state of ${file} key for key`, () => {
      const definition = file.endsWith('.rules') ? loadDefinition(file) : compileText(nextTurnFirst);
      for (const quiet of [true, false]) {
        for (let seed = 1; seed <= 3; seed++) {
          const started = startGame(definition, { players, seed, quiet, stopAtForcedMoves });
          if (!started.ok) throw new Error(started.diagnostic.message);
          const state = started.state;
          const random = botRandomFor(seed);
          for (let move = 0; move < 300 && !state.outcome; move++) {
            const copy = cloneState(state);
            expect(Object.keys(copy)).toEqual(Object.keys(state));
            expect(JSON.stringify(copy)).toBe(JSON.stringify(state));
            applyChoiceIndex(definition, state, advanceBot(random, choiceCount(state)));
          }
        }
      }
    });
  }

  it('gives the states it copies with the plain keys the hidden class of startGame\'s', () => {
    setFlagsFromString('--allow-natives-syntax');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: GameState, b: GameState) => boolean;
    const definition = loadDefinition('examples/connect-four.rules');
    const started = startGame(definition, { players: 2, seed: 1, quiet: true });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const states: GameState[] = [started.state];
    for (let seed = 2; seed < 6; seed++) {
      const copy = startState(definition, { players: 2, seed });
      if (!copy.ok) throw new Error(copy.diagnostic.message);
      states.push(copy.state, cloneState(copy.state));
      applyChoiceIndex(definition, copy.state, 0);
      states.push(cloneState(cloneState(copy.state)));
    }
    for (const state of states) expect(sameMap(state, started.state)).toBe(true);
  });

  // Copies share the records of pieces without variables; each writer of a cell (move, capture and
  // remove, a tile's rotation with its pieces, on the stepper and in generated code) puts a new
  // record in. Pieces with variables (Percorsi, Breakthrough) have them set in place, and each copy
  // copies their records.
  for (const [file, players] of [['percorsi.rules', 2], ['examples/breakthrough.rules', 2], ['examples/connect-four.rules', 2], ['pieces without variables that move, are captured and turn with their tile', 2]] as const) {
    it(`leaves every copy of a ${file} game as it was while the game plays on (pieces replaced, never changed)`, () => {
      const load = () => (file.endsWith('.rules') ? loadDefinition(file) : compileText(turningGame));
      for (const definition of [withStepper(load()), withGeneratedCode(load())]) {
        for (const quiet of [true, false]) {
          const started = startGame(definition, { players, seed: 2, quiet });
          if (!started.ok) throw new Error(started.diagnostic.message);
          const state = started.state;
          const random = botRandomFor(2);
          const copies: { copy: GameState; json: string }[] = [];
          for (let move = 0; move < 400 && !state.outcome; move++) {
            const copy = cloneState(state);
            copies.push({ copy, json: JSON.stringify(copy) });
            applyChoiceIndex(definition, state, advanceBot(random, choiceCount(state)));
          }
          expect(copies.length).toBeGreaterThan(20);
          for (const { copy, json } of copies) expect(JSON.stringify(copy)).toBe(json);
        }
      }
    });
  }
});
