/** The playtest toolbar's choices: whom to view the table as, how many players, which variant. */
import { playerCounts, type GameDefinition, type Viewer } from '../../../interpreter/index.ts';

export interface SelectOption { value: string; label: string }

/** "View as": the referee, who sees everything, then each seat. */
export function viewerOptions(players: number): SelectOption[] {
  return [{ value: 'referee', label: 'Referee' }, ...Array.from({ length: players }, (_, seat) => ({ value: String(seat), label: seatName(seat) }))];
}

export function viewerValue(viewer: Viewer): string { return viewer === 'referee' ? 'referee' : String(viewer); }
export function viewerFromValue(value: string): Viewer { return value === 'referee' ? 'referee' : Number(value); }
export function viewerName(viewer: Viewer): string { return viewer === 'referee' ? 'Referee' : seatName(viewer); }

/** A viewer that still has a seat at this table (a restart with fewer players falls back to the referee). */
export function fitViewer(viewer: Viewer, players: number): Viewer {
  return viewer === 'referee' || (Number.isInteger(viewer) && viewer >= 0 && viewer < players) ? viewer : 'referee';
}

export function playerCountOptions(definition: Pick<GameDefinition, 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>): number[] {
  return playerCounts(definition);
}

/** The variants, after "no variant" (the value '' stands for null). */
export function variantOptions(definition: Pick<GameDefinition, 'variants'>): SelectOption[] {
  return [{ value: '', label: 'no variant' }, ...[...definition.variants.keys()].map((name) => ({ value: name, label: name }))];
}

export function seatName(seat: number): string { return `P${seat + 1}`; }
