/**
 * Random playouts through the engine's exported API (docs/api.md): many games of Connect Four
 * with random moves, counted by how they ended. Run it: `npx tsx docs/examples/playouts.ts [GAMES]`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyChoiceIndex, choiceCount, compileRules, isOver, startState, type GameDefinition } from '../../interpreter/index.ts';

export function compileExample(file: string): GameDefinition {
  const text = readFileSync(fileURLToPath(new URL(`../../rules/examples/${file}`, import.meta.url)), 'utf8');
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return definition;
}

/** A small seeded generator (xorshift32): the same seed plays the same games. */
function generator(seed: number): (below: number) => number {
  let x = seed >>> 0 || 1;
  return (below) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % below;
  };
}

export interface Tally { games: number; wins: number[]; draws: number; other: number; decisions: number }

/** Plays `games` random games and counts who won. */
export function playouts(definition: GameDefinition, games: number, seed = 1): Tally {
  const tally: Tally = { games, wins: [0, 0], draws: 0, other: 0, decisions: 0 };
  const random = generator(seed);
  for (let game = 0; game < games; game++) {
    // The start state is built once for these options and copied for each game.
    const started = startState(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    while (!isOver(state)) {
      // Moves are numbered 0 … choiceCount - 1, in the order legalMoves lists them.
      applyChoiceIndex(definition, state, random(choiceCount(state)));
    }
    tally.decisions += state.moveCount;
    const outcome = state.outcome!;
    if (outcome.kind === 'win') for (const seat of outcome.winners) tally.wins[seat]++;
    else if (outcome.kind === 'draw') tally.draws++;
    else tally.other++;
  }
  return tally;
}

/** What the script prints: `games` random games of Connect Four, timed and counted. */
export function report(games: number): string {
  const definition = compileExample('connect-four.rules');
  const start = performance.now();
  const tally = playouts(definition, games);
  const seconds = (performance.now() - start) / 1000;
  return `${games} random games of Connect Four in ${seconds.toFixed(2)} s (${(games / seconds).toFixed(0)} games/s): P1 won ${tally.wins[0]}, P2 won ${tally.wins[1]}, ${tally.draws} draws`;
}

// Run as a script (not when a test or the bench imports it).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(report(Number(process.argv[2] ?? 10_000)));
