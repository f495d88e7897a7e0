/** Symbols: every token and die face gets a colour and a monogram, the same wherever it appears. */
import type { GameDefinition } from '../../../interpreter/index.ts';

export interface SymbolStyle {
  name: string;
  /** One or two letters (or the number itself for numbered faces). */
  monogram: string;
  /** A hue in degrees, spread evenly over the game's symbols so no two look alike. */
  hue: number;
  numeric: boolean;
  /** The rules' own colour (`look … colour`, table-looks.ts) and the ink that reads on it. */
  colour?: string;
  ink?: string;
}

export type Palette = Map<string, SymbolStyle>;

export function symbolPalette(definition: Pick<GameDefinition, 'tokens' | 'pools'>): Palette {
  const names = [...new Set([...definition.tokens, ...definition.pools.flatMap((pool) => pool.faces)])];
  const named = names.filter((name) => !isNumeric(name));
  const palette: Palette = new Map();
  named.forEach((name, i) => palette.set(name, { name, monogram: monogram(name, named), hue: hueFor(i), numeric: false }));
  for (const name of names.filter(isNumeric)) palette.set(name, { name, monogram: name, hue: 220, numeric: true });
  return palette;
}

/** Hues far apart in order (orange, green, blue, pink, violet, teal…); past them, the golden angle. */
const hues = [25, 140, 215, 335, 270, 180, 48, 0, 95, 195, 300, 160];

export function hueFor(index: number): number {
  return index < hues.length ? hues[index] : Math.round((index * 137.508) % 360);
}

function isNumeric(name: string): boolean { return /^-?\d+$/.test(name); }

/** The first letter, or as many letters as it takes to tell the symbol from the others. */
function monogram(name: string, all: string[]): string {
  const letters = name.replace(/[^\p{L}\p{N}]/gu, '') || name;
  for (let length = 1; length <= Math.min(3, letters.length); length++) {
    const candidate = letters.slice(0, length).toLowerCase();
    const clash = all.some((other) => other !== name && (other.replace(/[^\p{L}\p{N}]/gu, '') || other).slice(0, length).toLowerCase() === candidate);
    if (!clash) return capitalise(letters.slice(0, length));
  }
  return capitalise(letters.slice(0, 2));
}

function capitalise(text: string): string { return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase(); }

export interface Segment { text: string; symbol: SymbolStyle | null }

/** Splits a label so each symbol it names ("Dado 2: Vino") can be drawn as a chip. */
export function segments(label: string, palette: Palette): Segment[] {
  const names = [...palette.values()].filter((s) => !s.numeric).map((s) => s.name).sort((a, b) => b.length - a.length);
  if (names.length === 0) return [{ text: label, symbol: null }];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  const parts: Segment[] = [];
  let last = 0;
  for (const match of label.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: label.slice(last, match.index), symbol: null });
    parts.push({ text: match[0], symbol: palette.get(match[0]) ?? null });
    last = match.index + match[0].length;
  }
  if (last < label.length) parts.push({ text: label.slice(last), symbol: null });
  return parts;
}

function escapeRegExp(text: string): string { return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }
