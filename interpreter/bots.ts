/**
 * Random bots and batch playouts. They drive the lean stepper in place (no copies, no actor),
 * which is what makes thousands of games per second possible; see docs/architecture.md.
 */
import { advanceBot, type BotRandom } from './bot-random.ts';
import { applyMoveInPlace, legalMoves, startGame, type LegalMove, type Move } from './engine.ts';
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

/** Plays one game with random bots; the bots' generator is seeded apart from the game's dice. */
export function randomPlayout(definition: GameDefinition, options: { players: number; seed: number; variant?: string | null; keepMoves?: boolean }): PlayoutResult {
  const started = startGame(definition, options);
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random: BotRandom = { state: (options.seed * 2654435761) >>> 0 || 1 };
  const moves: Move[] = [];
  while (!state.outcome) {
    const move = randomMove(legalMoves(state), random);
    if (options.keepMoves !== false) moves.push({ player: move.player, choice: move.choice });
    applyMoveInPlace(definition, state, move);
  }
  return { state, moves, outcome: state.outcome };
}
