/**
 * Counts the games of tic-tac-toe by walking every line of play (a "perft"), through the engine's
 * exported API: docs/api.md. Run it: `npx tsx docs/examples/perft.ts [DEPTH]`.
 * Without DEPTH it counts every finished game: 255,168.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  applyChoiceIndex, choiceCount, compileRules, copyState, isOver, startMove, startState, undoMove, type GameDefinition, type GameState,
} from '../../interpreter/index.ts';

/**
 * The lines of play from `state`, `depth` decisions deep (or to the end of every game for
 * Infinity): how many end there, in a finished game or at that depth.
 */
export function perft(definition: GameDefinition, state: GameState, depth: number): number {
  if (isOver(state) || depth === 0) return 1;
  const choices = choiceCount(state);
  let lines = 0;
  for (let index = 0; index < choices; index++) {
    // Keep the state as it was: the copy is what this move is played on (copy to undo).
    const next = copyState(state);
    applyChoiceIndex(definition, next, index);
    lines += perft(definition, next, depth - 1);
  }
  return lines;
}

/**
 * The same walk, each move tried and taken back without copying the board: the trial's state
 * keeps `state`'s board, changed in place and put back by `undoMove` (docs/api.md, section 5).
 */
export function perftUndoing(definition: GameDefinition, state: GameState, depth: number): number {
  if (isOver(state) || depth === 0) return 1;
  const choices = choiceCount(state);
  let lines = 0;
  for (let index = 0; index < choices; index++) {
    const trial = startMove(state);
    applyChoiceIndex(definition, trial.state, index);
    lines += perftUndoing(definition, trial.state, depth - 1);
    undoMove(trial);
  }
  return lines;
}

export function compileTris(): GameDefinition {
  const text = readFileSync(fileURLToPath(new URL('../../rules/examples/tris.rules', import.meta.url)), 'utf8');
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return definition;
}

/** Finished games of tic-tac-toe, or lines of play `depth` decisions deep. */
export function countGames(depth = Infinity): number {
  const definition = compileTris();
  const started = startState(definition, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return perft(definition, started.state, depth);
}

// Run as a script (not when a test or the bench imports it).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const depth = process.argv[2] ? Number(process.argv[2]) : Infinity;
  const start = performance.now();
  const games = countGames(depth);
  console.log(`${games} ${depth === Infinity ? 'games' : `lines of play ${depth} moves deep`} in ${((performance.now() - start) / 1000).toFixed(2)} s`);
}
