/**
 * "Place N": one click plays the same answer up to N times while the same player is asked the same
 * question again (Risiko!'s setup asks for one army at a time: "Dove metti un'armata …?"). Each
 * move still goes through the rules, so nothing is placed that a click at a time could not place;
 * it stops early when the question changes, another player is asked, the answer is no longer
 * offered, or a move is refused.
 */
import type { LegalMove, Move } from '../../../interpreter/index.ts';

/** What a repeat needs of a match (a `Match` fits). */
export interface RepeatableMatch {
  readonly toAct: number | null;
  readonly outcome: unknown;
  legalMoves(player?: number): LegalMove[];
  readonly state: { pending: { kind: string; at: number; player: number } | null };
}

/** The question in front of someone: who is asked, and at which statement of the rules. */
function question(match: RepeatableMatch): string | null {
  const pending = match.state.pending;
  return pending && !match.outcome ? `${pending.player}@${pending.at}` : null;
}

/** Only a plain answer repeats (a pick, a confirm or a move open at any time is one click each). */
export function repeatable(move: LegalMove): boolean { return move.kind === 'choose'; }

export function playRepeated(
  match: RepeatableMatch, play: (move: Move) => string | null, move: LegalMove, times: number,
): { played: number; refusal: string | null } {
  const asked = question(match);
  const first = play(move);
  if (first) return { played: 0, refusal: first };
  let played = 1;
  const count = repeatable(move) ? Math.max(1, Math.min(Math.floor(times) || 1, 1000)) : 1;
  while (played < count && asked !== null && question(match) === asked) {
    const again = match.legalMoves(move.player).find((m) => m.kind === move.kind && m.choice === move.choice);
    if (!again) break;
    const refusal = play(again);
    if (refusal) return { played, refusal };
    played++;
  }
  return { played, refusal: null };
}
