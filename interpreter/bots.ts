/**
 * Random bots and batch playouts. They drive the lean stepper in place (no copies, no actor),
 * which is what makes thousands of games per second possible; see docs/architecture.md.
 */
import { advanceBot, type BotRandom } from './bot-random.ts';
import { applyChoiceIndex, applyMoveInPlace, choiceCount, legalMoves, startGame, type LegalMove, type Move } from './engine.ts';
import type { GameDefinition, GameState, Outcome } from './program.ts';

export type { BotRandom } from './bot-random.ts';

/** A random bot: any legal move with equal chance, except taking back a pick (it would wander forever). */
export function randomMove(moves: LegalMove[], random: BotRandom): LegalMove {
  let count = 0;
  for (const move of moves) if (move.kind !== 'unpick') count++;
  let index = advanceBot(random, count);
  for (const move of moves) {
    if (move.kind === 'unpick') continue;
    if (index-- === 0) return move;
  }
  return moves[0];
}

export interface PlayoutResult { state: GameState; moves: Move[]; outcome: Outcome }

export function botRandomFor(seed: number): BotRandom {
  return { state: (seed * 2654435761) >>> 0 || 1 };
}

/**
 * Plays one game with random bots; the bots' generator is seeded apart from the game's dice.
 * Without `keepMoves` it runs in batch mode (no log, no labels): the same game, faster.
 */
export function randomPlayout(definition: GameDefinition, options: { players: number; seed: number; variant?: string | null; keepMoves?: boolean }): PlayoutResult {
  const keepMoves = options.keepMoves !== false;
  const started = startGame(definition, { ...options, quiet: !keepMoves });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = botRandomFor(options.seed);
  const moves: Move[] = [];
  while (!state.outcome) {
    if (keepMoves) {
      const move = randomMove(legalMoves(state), random);
      moves.push({ player: move.player, choice: move.choice });
      applyMoveInPlace(definition, state, move);
    } else {
      applyChoiceIndex(definition, state, advanceBot(random, choiceCount(state)));
    }
  }
  return { state, moves, outcome: state.outcome };
}
