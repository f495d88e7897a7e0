/** Random bots that play for whoever must choose (the "Random move" button, and tests that play a game out). */
import { randomMove, type Move } from '../../../interpreter/index.ts';
import type { MatchLike } from './choices-view-model.ts';

/** The bots' generator state (interpreter/runtime/bot-random.ts). */
export interface BotRandom { state: number }

/**
 * Random bots play for whoever must choose, until `stop` says whose choice to wait for, the game
 * ends, or `limit` moves were played. Each move goes through `play`, so a refusal stops it.
 */
export function autoPlay(
  match: MatchLike, play: (move: Move) => string | null, random: BotRandom,
  stop: (toAct: number) => boolean = () => false, limit = 2000,
): { played: number; refusal: string | null } {
  let played = 0;
  while (played < limit && !match.outcome && match.toAct !== null && !(played > 0 && stop(match.toAct))) {
    const moves = match.legalMoves(match.toAct);
    if (moves.length === 0) break;
    const refusal = play(randomMove(moves, random));
    if (refusal) return { played, refusal };
    played++;
  }
  return { played, refusal: null };
}
