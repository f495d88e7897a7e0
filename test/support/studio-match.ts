/**
 * Matches for the studio's tests, built the way the playtest pane builds them (rebuildMatch), and
 * random bots to bring one to a given question.
 */
import { expect } from 'vitest';
import type { GameDefinition, Match, Move } from '../../interpreter/index.ts';
import { rebuildMatch, type PlaytestSettings } from '../../studio/src/lib/playtest.ts';
import { autoPlay } from '../../studio/src/playtest/view-model.ts';

export function startMatch(definition: GameDefinition, settings: PlaytestSettings, moves: Move[] = []): Match {
  const rebuilt = rebuildMatch(definition, settings, moves);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  return rebuilt.match;
}

/** Plays a move through the Match, as the pane does: null, or the reason it was refused. */
export const playOn = (match: Match) => (move: Move) => {
  const result = match.apply(move);
  return result.ok ? null : result.diagnostic.message;
};

/** Random moves (a fixed bot seed) until the prompt comes up; at most `limit` of them. */
export function playUntil(match: Match, prompt: string, bot = { state: 42 }, limit = 500): void {
  autoPlay(match, playOn(match), bot, () => match.state.pending?.prompt === prompt, limit);
  expect(match.state.pending?.prompt).toBe(prompt);
}
