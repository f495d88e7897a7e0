/**
 * The colours of a grid's cells, worked out from the names the rules give them ("Chiaro", "Scuro",
 * "Grigio", "Rosso"): the same name is always the same paint, and the two colours of a two-colour
 * board are one light and one dark, so paths read at a glance.
 */
import type { GameDefinition } from '../../../interpreter/index.ts';
import { namedColour, type Colour } from './colours.ts';
import { hueFor } from './symbols.ts';

/** How a cell's colour is painted: its fill, and an ink that reads on it. */
export interface CellPaint { name: string; fill: string; ink: string; light: boolean }

export type CellPalette = Map<string, CellPaint>;

const lightWord = /(chiar|light|pale|clair|hell)/i;
const darkWord = /(scur|dark|fonc|dunkel)/i;

/**
 * A paint for every colour the grids' tiles use, in the order the rules declare them. A colour
 * word gives its hue ("Rosso", "Grigio", "VerdeScuro"); "chiaro"/"scuro" (light/dark) alone are
 * light and dark wood, so a two-colour board of them reads at a glance. A name that says no colour
 * takes the next of the studio's hues, light and dark in turn, so two such colours never look alike.
 */
export function cellPalette(definition: { grids: { kinds: { colours: string[] }[] }[] }): CellPalette {
  const names = [...new Set(definition.grids.flatMap((grid) => grid.kinds.flatMap((kind) => kind.colours)))];
  const palette: CellPalette = new Map();
  let unnamed = 0;
  for (const name of names) {
    const paint = namedPaint(name) ?? unnamedPaint(name, unnamed++);
    palette.set(name, paint);
  }
  return palette;
}

/** Cells without a colour (a plain board of cells) in two quiet tones, alternating like a chessboard's, so rows and columns read. */
const plain = [{ name: '', fill: '#f3f1ec', ink: '#1f2328', light: true }, { name: '', fill: '#e2dccf', ink: '#1f2328', light: true }];

/**
 * A colour's paint: from the palette, else worked out from its name alone (a colour set by the
 * rules at run time); `parity` (row + column) picks the tone of a cell without a colour.
 */
export function paintOf(palette: CellPalette, name: string | null, parity = 0): CellPaint {
  if (name === null) return plain[parity % 2];
  return palette.get(name) ?? namedPaint(name) ?? unnamedPaint(name, [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0));
}

function namedPaint(name: string): CellPaint | null {
  const hue = namedColour(name);
  const light = lightWord.test(name);
  const dark = darkWord.test(name);
  if (!hue && !light && !dark) return null;
  // A bare "chiaro"/"scuro": the light and dark squares of a wooden board.
  const base = hue ?? (light ? { hue: 38, saturation: 55, lightness: 84 } : { hue: 28, saturation: 34, lightness: 38 });
  let lightness = light ? Math.max(base.lightness, 80) : dark ? Math.min(base.lightness, 36) : base.lightness;
  // A plain colour word is its strong colour, a little lighter so pieces stand out; white stays white.
  if (hue && !light && !dark) lightness = hue.lightness >= 60 ? 93 : Math.min(hue.lightness + 14, 70);
  const saturation = light && hue ? Math.round(base.saturation * 0.7) : base.saturation;
  return paint(name, { hue: base.hue, saturation, lightness });
}

function unnamedPaint(name: string, index: number): CellPaint {
  return paint(name, { hue: hueFor(index), saturation: 45, lightness: index % 2 === 0 ? 82 : 40 });
}

function paint(name: string, colour: Colour): CellPaint {
  const light = colour.lightness >= 60;
  return { name, fill: hsl(colour), ink: light ? '#1f2328' : '#ffffff', light };
}

export function hsl(colour: Colour): string { return `hsl(${colour.hue} ${colour.saturation}% ${colour.lightness}%)`; }

/** The paints for a game's grids, or an empty palette in a game without them. */
export function gridPalette(definition: Pick<GameDefinition, 'grids'> | null): CellPalette {
  return definition?.grids?.length ? cellPalette(definition) : new Map();
}
