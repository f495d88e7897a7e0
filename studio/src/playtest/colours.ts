/** Colours: a team's from a property that names one, a seat's where the table shows who holds what. */
import type { GameDefinition } from '../../../interpreter/index.ts';
import { hueFor } from './symbols.ts';

export interface Colour { hue: number; saturation: number; /** Of its strong colour (black is dark, white pale). */ lightness: number }

/** A team's colour, from a property that names one (`colore "rosso"`), else one of its own. */
export interface TeamStyle extends Colour { name: string }

export type TeamStyles = Map<string, TeamStyle>;

/** Colour words, Italian and English, by their stem: [pattern, hue, saturation, lightness]. */
const colourWords: [RegExp, number, number, number][] = [
  [/^(ross|red|rouge|rot\b)/, 0, 68, 42], [/^(aranc|orange)/, 25, 80, 42], [/^(giall|yellow|gold|oro\b)/, 45, 85, 36],
  [/^(verd|green)/, 135, 55, 32], [/^(azzurr|celest|cyan|turches|teal)/, 190, 65, 34], [/^(blu|blue)/, 222, 65, 42],
  [/^(viol|purple|porpor|lilla)/, 275, 55, 45], [/^(rosa|pink|fucsi|magenta)/, 330, 65, 45], [/^(marron|brown)/, 25, 45, 32],
  [/^(ner|black)/, 220, 10, 16], [/^(grig|gr[ae]y|argent|silver)/, 220, 8, 45], [/^(bianc|white)/, 40, 10, 62],
];

/** The colour a word names ("rosso", "Blu", "grey"), or null when it names none the table knows. */
export function namedColour(word: string): Colour | null {
  const known = colourWords.find(([pattern]) => pattern.test(word.trim().toLowerCase()));
  return known ? { hue: known[1], saturation: known[2], lightness: known[3] } : null;
}

/** Each seat's colour where the table shows who holds what (a territory's owner): the colour words' red, blue, green, yellow, violet, teal, orange, pink, brown, grey. */
const seatColourOrder = [0, 5, 3, 2, 6, 4, 1, 7, 8, 10];

export function seatColour(seat: number): Colour {
  const word = colourWords[seatColourOrder[seat]];
  return word ? { hue: word[1], saturation: word[2], lightness: word[3] } : { hue: hueFor(seat), saturation: 55, lightness: 40 };
}

/** Hues for teams without a colour: red, blue, green, yellow, violet, teal. */
const teamHues = [0, 222, 135, 45, 275, 190];

/** The colour of the `index`th team when its properties name none. */
export function teamColour(name: string, index: number): TeamStyle {
  return { name, hue: teamHues[index % teamHues.length], saturation: 60, lightness: 40 };
}

export function teamStyles(definition: Pick<GameDefinition, 'teams' | 'teamProperties'>): TeamStyles {
  const property = definition.teamProperties.findIndex((name) => /^(colou?re?|farbe|couleur)$/i.test(name));
  const styles: TeamStyles = new Map();
  definition.teams.forEach((team, i) => {
    const value = property >= 0 ? team.properties[property] : null;
    const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
    const known = word ? colourWords.find(([pattern]) => pattern.test(word)) : undefined;
    styles.set(team.name, known
      ? { name: team.name, hue: known[1], saturation: known[2], lightness: known[3] }
      : teamColour(team.name, i));
  });
  return styles;
}
