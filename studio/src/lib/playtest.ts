/**
 * The edit-and-play loop, as plain functions (tested without a browser): rebuild the match from
 * new rules with the same seed and replay the moves as far as they are still legal.
 */
import type { Diagnostic } from '../../../grammar/index.ts';
import { fitPlayerCount, Match, type GameDefinition, type Move } from '../../../interpreter/index.ts';

export interface PlaytestSettings { players: number; seed: number; variant: string | null }

export type Rebuilt =
  | { ok: true; match: Match; applied: number; dropped: Move[]; settings: PlaytestSettings }
  | { ok: false; diagnostic: Diagnostic };

/** Settings the game accepts: the player count clamped to its range, an unknown variant dropped. */
export function fitSettings(definition: GameDefinition, settings: PlaytestSettings): PlaytestSettings {
  const players = fitPlayerCount(definition, settings.players);
  const variant = settings.variant !== null && definition.variants.has(settings.variant) ? settings.variant : null;
  return { players, seed: settings.seed, variant };
}

/**
 * Starts the game again with the same seed and replays `moves` until one is no longer legal; the
 * rest are returned as `dropped` so the studio can say what was lost.
 */
export function rebuildMatch(definition: GameDefinition, settings: PlaytestSettings, moves: Move[]): Rebuilt {
  const fitted = fitSettings(definition, settings);
  const started = Match.start(definition, fitted);
  if (!started.ok) return started;
  const match = started.match;
  let applied = 0;
  for (const move of moves) {
    if (!match.apply(move).ok) break;
    applied++;
  }
  return { ok: true, match, applied, dropped: moves.slice(applied), settings: fitted };
}
