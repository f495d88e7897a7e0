/**
 * The table's headline and what lies on it outside the players' hands: the dice, the reserve, the
 * zones and the game's own variables.
 */
import { gameOverPhase, setupPhase, type PlayerView, type Value } from '../../../interpreter/index.ts';
import type { Palette, SymbolStyle } from './symbols.ts';

/** A value as the rules file would write it. */
export function formatValue(value: Value): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return String(value);
}

export interface Headline {
  title: string;
  /** "Setup", "Turn 12" or "Game over". */
  turn: string;
  phase: string | null;
  /** "P3's turn", or null before the first turn and after the end. */
  current: string | null;
}

export function headline(view: PlayerView): Headline {
  const over = view.outcome !== null;
  const inSetup = view.turn === 0 && !over;
  const phase = view.phase === setupPhase || view.phase === gameOverPhase ? null : view.phase;
  return {
    title: view.title,
    // The round tells how often play went round the table: what war games and time limits count.
    turn: over ? `Game over after turn ${view.turn}` : inSetup ? 'Setup' : `Turn ${view.turn}${view.turnLimit !== null ? ` of ${view.turnLimit}` : ''} · round ${view.round}`,
    phase: over || inSetup ? null : phase,
    current: over || inSetup || view.current === null ? null : `${view.current}'s turn`,
  };
}

/** `face` null: a die under another player's cup, not revealed yet. */
export interface DieChip { number: number; face: string | null; symbol: SymbolStyle | null; marks: string[] }

/** The dice by set, a player's set (`player dice`) by player: "Coppa · P2". */
export function diceGroups(view: PlayerView, palette: Palette): { pool: string; dice: DieChip[] }[] {
  const groups: { pool: string; dice: DieChip[] }[] = [];
  for (const die of view.dice) {
    const name = die.owner === undefined ? die.pool : `${die.pool} · ${die.owner}`;
    let group = groups.find((g) => g.pool === name);
    if (!group) groups.push(group = { pool: name, dice: [] });
    group.dice.push({ number: die.number, face: die.face, symbol: die.face === null ? null : palette.get(die.face) ?? null, marks: die.marks });
  }
  return groups;
}

export interface ReserveChip { token: string; count: number | null; text: string; symbol: SymbolStyle | null }

export function reserveChips(view: PlayerView, palette: Palette): ReserveChip[] {
  return view.reserve.map((r) => ({ token: r.token, count: r.count, text: r.count === null ? '∞' : String(r.count), symbol: palette.get(r.token) ?? null }));
}

export interface ZoneCard {
  name: string;
  tokens: ReserveChip[];
  /** Variables with a value (a marker, a count), then the zone's own properties (its rules). */
  variables: { name: string; text: string }[];
  properties: { name: string; text: string }[];
}

/** The places on the table, each with the tokens on it; tokens at zero are left out to keep it readable. */
export function zoneCards(view: PlayerView, palette: Palette): ZoneCard[] {
  return view.zones.map((zone) => ({
    name: zone.name,
    tokens: zone.tokens.filter((t) => t.count > 0).map((t) => ({ token: t.token, count: t.count, text: String(t.count), symbol: palette.get(t.token) ?? null })),
    variables: zone.variables.filter((v) => v.value !== null).map((v) => ({ name: v.name, text: formatValue(v.value) })),
    properties: zone.properties.map((p) => ({ name: p.name, text: formatValue(p.value) })),
  }));
}

export interface GlobalRow { name: string; text: string; kind: 'variable' | 'option' | 'deck' }

/** The game's own variables, then its options (set by the variant), then the role deck if any is left. */
export function globalRows(view: PlayerView): GlobalRow[] {
  return [
    ...view.variables.map((v) => ({ name: v.name, text: formatValue(v.value), kind: 'variable' as const })),
    ...view.options.map((o) => ({ name: o.name, text: formatValue(o.value), kind: 'option' as const })),
    ...(view.roleDeck > 0 ? [{ name: 'role deck', text: `${view.roleDeck} card${view.roleDeck === 1 ? '' : 's'}`, kind: 'deck' as const }] : []),
  ];
}
