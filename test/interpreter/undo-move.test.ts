/**
 * Moves tried and taken back without copying the board (batch-api.ts `startMove`, `undoMove`;
 * board-journal.ts): after the undo the state is the one it was, byte for byte, and the game plays
 * on exactly as a copy of it would — through generated code too, which reads the index of pieces by
 * cell that the undo keeps up to date. Games with moves, captures and pieces placed again
 * (Connect Four, Breakthrough), pieces' variables (Breakthrough, Percorsi) and tiles turned with
 * their pieces (the game below); then every other game of rules/, whose moves change what the trial
 * copies (cards, piles, tokens, dice, roles, simultaneous answers, moves open at any time).
 */
import { describe, expect, it } from 'vitest';
import { advanceBot } from '../../interpreter/runtime/bot-random.ts';
import { botRandomFor } from '../../interpreter/bots/bots.ts';
import {
  applyChoiceIndex, choiceCount, copyState, isOver, startMove, startState, stateHash, undoMove, type GameDefinition, type GameState,
} from '../../interpreter/index.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { compileText, loadDefinition } from '../support/scenario.ts';
import { turningGame } from '../support/turning-game.ts';
import { games as everyGame } from '../differential/differential.ts';
import { playerCounts } from '../../interpreter/program/program.ts';

const games: [string, () => GameDefinition][] = [
  ['tic-tac-toe', () => loadDefinition('examples/tris.rules')],
  ['Connect Four', () => loadDefinition('examples/connect-four.rules')],
  ['Breakthrough', () => loadDefinition('examples/breakthrough.rules')],
  ['Percorsi', () => loadDefinition('percorsi.rules')],
  ['tiles that turn', () => compileText(turningGame)],
];

/** The bot's draw among the choices of `state`. */
const draw = (random: ReturnType<typeof botRandomFor>, state: GameState) => advanceBot(random, choiceCount(state));

/**
 * At every decision of `seeds` seeded random games (more when they are short) on `definition` at `players` seats: a move tried two
 * deep and undone leaves the state byte for byte as it was, and the game then played on agrees
 * with the same game played on copies.
 */
function triesAndUndoes(definition: GameDefinition, players: number, seeds: number, decisions: number): void {
  for (const [engine, onEngine] of [['generated code', withGeneratedCode], ['the stepper', withStepper]] as const) {
    it(`leaves the state as it was, and the game plays on as a copy of it does (${engine})`, () => {
      const played = onEngine(definition);
      let tried = 0;
      // Short games: more seeds, until fifty moves have been tried.
      for (let seed = 1; seed <= seeds || (tried <= 50 && seed <= 100); seed++) {
        const started = startState(played, { players, seed });
        if (!started.ok) throw new Error(started.diagnostic.message);
        const state = started.state;
        // The same game played on copies, to compare with after each undo.
        let reference = copyState(state);
        const random = botRandomFor(seed);
        for (let decision = 0; !isOver(state) && decision < decisions; decision++) {
          const before = JSON.stringify(state);
          // Two moves deep, as a search tries them: one trial inside another, each undone.
          const trial = startMove(state);
          applyChoiceIndex(played, trial.state, draw(random, trial.state));
          if (!isOver(trial.state)) {
            const afterOne = JSON.stringify(trial.state);
            const inner = startMove(trial.state);
            applyChoiceIndex(played, inner.state, draw(random, inner.state));
            undoMove(inner);
            expect(JSON.stringify(trial.state)).toBe(afterOne);
          }
          undoMove(trial);
          tried++;
          expect(JSON.stringify(state), `seed ${seed}, decision ${decision}`).toBe(before);
          // The move played for real, on the state and on a copy: the same game.
          const move = draw(random, state);
          applyChoiceIndex(played, state, move);
          reference = copyState(reference);
          applyChoiceIndex(played, reference, move);
          expect(stateHash(state), `seed ${seed}, decision ${decision}`).toBe(stateHash(reference));
        }
      }
      expect(tried).toBeGreaterThan(50);
    });
  }
}

describe.each(games)('a move tried and undone: %s', (_name, load) => {
  triesAndUndoes(load(), 2, 12, 400);
});

const withBoards = new Set(['examples/tris.rules', 'examples/connect-four.rules', 'examples/breakthrough.rules', 'percorsi.rules']);
describe.each(everyGame.filter((file) => !withBoards.has(file)))('a move tried and undone, in a game without a board: %s', (file) => {
  const definition = loadDefinition(file);
  // The fewest seats the game allows, from two: the most decisions for each seat's moves.
  const players = playerCounts(definition).find((count) => count >= 2)!;
  triesAndUndoes(definition, players, 3, 150);
});

describe('undoing moves in the wrong order', () => {
  const definition = withGeneratedCode(loadDefinition('examples/connect-four.rules'));
  const start = () => {
    const started = startState(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    return started.state;
  };

  it('refuses a move undone twice, or after a move started before it', () => {
    const state = start();
    const outer = startMove(state);
    applyChoiceIndex(definition, outer.state, 0);
    const inner = startMove(outer.state);
    applyChoiceIndex(definition, inner.state, 1);
    // The outer undo takes the inner move back with it.
    undoMove(outer);
    expect(() => undoMove(inner)).toThrow(/cannot be undone/);
    expect(() => undoMove(outer)).toThrow(/cannot be undone/);
    expect(JSON.stringify(state)).toBe(JSON.stringify(start()));
  });

  it('refuses a move whose board was journaled for another state since', () => {
    const first = start();
    const trial = startMove(first);
    applyChoiceIndex(definition, trial.state, 3);
    // Another game's board (a copy has a board of its own) starts its own journal.
    const other = startMove(copyState(first));
    expect(() => undoMove(trial)).toThrow(/cannot be undone/);
    undoMove(other);
  });
});
