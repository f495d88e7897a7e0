/**
 * The rules' own looks (`look Oro colour "#d4a017" label "O"`, interpreter/program/look.ts) laid
 * over the table's defaults: a token's or face's badge, a team's colour, a card's colour; and the
 * variables the rules mark `internal`, taken off the table and shown to the referee in a fold.
 * Plain data in, plain data out, so it is tested without a browser.
 */
import type { GameDefinition, Look } from '../../../interpreter/index.ts';
import type { Colour, TeamStyles } from './colours.ts';
import type { CardFaces } from './piles-view-model.ts';
import type { PlayerCard } from './players-view-model.ts';
import type { Palette } from './symbols.ts';
import type { GlobalRow, ZoneCard } from './table-view-model.ts';
import type { TeamCard } from './teams-view-model.ts';

/** `#rrggbb` as hue, saturation and lightness (what the table's tints are made of). */
export function hexColour(hex: string): Colour {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), lightness = (max + min) / 2;
  if (max === min) return { hue: 0, saturation: 0, lightness: Math.round(lightness * 100) };
  const d = max - min;
  const saturation = lightness > 0.5 ? d / (2 - max - min) : d / (max + min);
  const hue = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: Math.round(hue * 60), saturation: Math.round(saturation * 100), lightness: Math.round(lightness * 100) };
}

/** Dark letters on a pale colour, white on a strong one (relative luminance, WCAG's formula). */
export function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#1f2328' : '#ffffff';
}

type Looks = Pick<GameDefinition, 'looks'>;

/** Token and face badges: the rules' label as the monogram, their colour as the badge's. */
export function lookedPalette(palette: Palette, { looks }: Looks): Palette {
  const result: Palette = new Map(palette);
  for (const look of looks ?? []) {
    const style = result.get(look.name);
    if (!style || (look.target !== 'token' && look.target !== 'face')) continue;
    result.set(look.name, {
      ...style,
      ...(look.label ? { monogram: look.label } : {}),
      ...(look.colour ? { hue: hexColour(look.colour).hue, colour: look.colour, ink: inkOn(look.colour), numeric: false } : {}),
    });
  }
  return result;
}

export function lookedTeams(teams: TeamStyles, { looks }: Looks): TeamStyles {
  const result: TeamStyles = new Map(teams);
  for (const look of looks ?? []) {
    const style = result.get(look.name);
    if (style && look.target === 'team' && look.colour) result.set(look.name, { name: style.name, ...hexColour(look.colour) });
  }
  return result;
}

/** A card's colour, and its label in the corner when the rules give one. */
export function lookedFaces(faces: CardFaces, { looks }: Looks): CardFaces {
  const result: CardFaces = new Map(faces);
  for (const look of looks ?? []) {
    const face = result.get(look.name);
    if (!face || look.target !== 'card') continue;
    result.set(look.name, { ...face, ...(look.colour ? { hue: hexColour(look.colour).hue } : {}), ...(look.label ? { corner: look.label } : {}) });
  }
  return result;
}

export function internalNames({ looks }: Looks): Set<string> {
  return new Set((looks ?? []).filter((look: Look) => look.internal).map((look) => look.name));
}

/** One internal value: whose it is (the game, a player, a team, a zone), its name and its value. */
export interface DetailRow { owner: string; name: string; text: string }

export interface SplitTable {
  players: PlayerCard[];
  teams: TeamCard[];
  zones: ZoneCard[];
  globals: GlobalRow[];
  /** The internal values, for the referee's fold; empty for a player (they never see them). */
  details: DetailRow[];
}

/**
 * Takes the internal variables off the table. The referee finds them in the details fold; a
 * player does not see them at all (they are the rules' bookkeeping, not part of the game's look).
 */
export function splitInternal(table: Omit<SplitTable, 'details'>, internal: Set<string>, referee: boolean): SplitTable {
  if (internal.size === 0) return { ...table, details: [] };
  const details: DetailRow[] = [];
  const keep = <T extends { name: string; text: string }>(owner: string, rows: T[]): T[] => rows.filter((row) => {
    if (!internal.has(row.name)) return true;
    if (referee) details.push({ owner, name: row.name, text: row.text });
    return false;
  });
  const globals = table.globals.filter((row) => {
    if (row.kind !== 'variable' || !internal.has(row.name)) return true;
    if (referee) details.push({ owner: 'game', name: row.name, text: row.text });
    return false;
  });
  const players = table.players.map((player) => ({ ...player, variables: keep(player.name, player.variables) }));
  const teams = table.teams.map((team) => ({ ...team, variables: keep(team.name, team.variables) }));
  const zones = table.zones.map((zone) => ({ ...zone, variables: keep(zone.name, zone.variables) }));
  return { players, teams, zones, globals, details };
}
