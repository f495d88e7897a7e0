/** A stable fingerprint of a game state (FNV-1a over its JSON), for replays and differential tests. */
import type { GameState } from './state.ts';

export function stateHash(state: GameState): string {
  const text = JSON.stringify(state);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
