/** The game log in turns, as the viewer may read it. */
import type { PlayerView } from '../../../interpreter/index.ts';

export interface LogLine { index: number; text: string; cite: string | null; at: number | null; player: string | null }
export interface LogGroup { turn: number; heading: string; lines: LogLine[] }

/**
 * The log in turns, oldest first (the pane scrolls to the newest). A turn's own opening line
 * ("turn 3: P2") becomes its heading. Only the last `limit` lines are kept; `earlier` counts the rest.
 */
export function logGroups(view: PlayerView, limit = Infinity): { groups: LogGroup[]; earlier: number; total: number } {
  const total = view.log.length;
  const start = Math.max(0, total - limit);
  const groups: LogGroup[] = [];
  for (let index = start; index < total; index++) {
    const entry = view.log[index];
    let group = groups[groups.length - 1];
    if (!group || group.turn !== entry.turn) {
      groups.push(group = { turn: entry.turn, heading: entry.turn === 0 ? 'Setup' : `Turn ${entry.turn}`, lines: [] });
    }
    if (entry.turn > 0 && entry.player !== null && entry.text === `turn ${entry.turn}: ${entry.player}` && group.lines.length === 0) {
      group.heading = `Turn ${entry.turn} · ${entry.player}`;
      continue;
    }
    // Offset 0 is where the engine puts lines no statement stands behind (a new turn, the turn limit).
    group.lines.push({ index, text: entry.text, cite: entry.cite, at: entry.at > 0 ? entry.at : null, player: entry.player });
  }
  return { groups, earlier: start, total };
}
