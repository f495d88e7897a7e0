/** Seats and holders: player names and counts, and zones as the negative holders of tokens. */
import type { GameState } from './state.ts';

/** What a game says of its player counts (a GameDefinition has it, and so does a schema). */
export type PlayerCounts = { minPlayers: number; maxPlayers: number; allowedPlayers: number[] | null };

export function playerName(index: number): string {
  return `P${index + 1}`;
}

/** Every player count the game allows, smallest first. */
export function playerCounts(definition: PlayerCounts): number[] {
  return definition.allowedPlayers?.slice().sort((a, b) => a - b)
    ?? Array.from({ length: Math.max(0, definition.maxPlayers - definition.minPlayers + 1) }, (_, i) => definition.minPlayers + i);
}

/** Whether the game is for `count` players; no list of counts is built. */
export function allowsPlayerCount(definition: PlayerCounts, count: number): boolean {
  return definition.allowedPlayers ? definition.allowedPlayers.includes(count)
    : Number.isInteger(count) && count >= definition.minPlayers && count <= definition.maxPlayers;
}

/** The allowed count nearest to `wanted` (the larger one on a tie); no list of counts is built for a range. */
export function fitPlayerCount(definition: PlayerCounts, wanted: number): number {
  if (!definition.allowedPlayers) return Math.max(definition.minPlayers, Math.min(definition.maxPlayers, Math.round(wanted)));
  let best = definition.minPlayers;
  for (const count of playerCounts(definition)) if (Math.abs(count - wanted) <= Math.abs(best - wanted)) best = count;
  return best;
}

/** Zones are negative numbers in the rules, so a zone is never taken for a player. */
export const zoneValue = (index: number): number => -(index + 1);
export const zoneIndex = (value: number): number => -value - 1;

/** Whoever holds tokens: a player (0, 1, …) or a zone (-1, -2, …). */
export function holdings(state: GameState, holder: number): number[] {
  return holder >= 0 ? state.players[holder].tokens : state.zones[zoneIndex(holder)].tokens;
}

export function holderName(definition: { zones: readonly { name: string }[] }, holder: number): string {
  return holder >= 0 ? playerName(holder) : definition.zones[zoneIndex(holder)]?.name ?? 'a zone';
}
