/** Cards: a face per kind of card, piles as rows of cards, face up or down as the viewer may see them. */
import type { GameDefinition, PlayerView, Value } from '../../../interpreter/index.ts';
import { hueFor } from './symbols.ts';
import { formatValue } from './table-view-model.ts';

/** A kind of card as drawn face up: its name, a colour of its own, its first property in the corner or under the name. */
export interface CardFace {
  name: string;
  hue: number;
  /** The first property's value when short (a card's value, "11"), else null. */
  corner: string | null;
  /** The first property's value when it is a longer text (a Risiko! card's arm, "Fanteria"), else null. */
  subtitle: string | null;
  /** Its properties as the rules write them ("valore 11", "territorio Alaska"), for a tooltip. */
  detail: string;
}

export type CardFaces = Map<string, CardFace>;

export function cardFaces(definition: Pick<GameDefinition, 'cards' | 'cardProperties' | 'cardPropertyKinds' | 'zones' | 'regions' | 'teams'>): CardFaces {
  const faces: CardFaces = new Map();
  // Places and teams by their names, not by the numbers the engine keeps them as.
  const shown = (value: Value, i: number): string => {
    const kind = definition.cardPropertyKinds[i];
    if (typeof value === 'number' && kind === 'zone') return definition.zones[-value - 1]?.name ?? String(value);
    if (typeof value === 'number' && kind === 'region') return definition.regions[value]?.name ?? String(value);
    if (typeof value === 'number' && kind === 'team') return definition.teams[value]?.name ?? String(value);
    if (Array.isArray(value)) return value.map((v) => shown(v, i)).join(', ');
    return formatValue(value);
  };
  for (const card of definition.cards) {
    if (faces.has(card.name)) continue;
    const first = card.properties.findIndex((value) => value !== null);
    const corner = first >= 0 ? shown(card.properties[first], first) : null;
    const detail = card.properties.flatMap((value, i) => (value === null ? [] : [`${definition.cardProperties[i]} ${shown(value, i)}`])).join(', ');
    const short = corner !== null && corner.length <= 3;
    const subtitle = !short && first >= 0 && typeof card.properties[first] === 'string' ? corner : null;
    faces.set(card.name, { name: card.name, hue: hueFor(faces.size), corner: short ? corner : null, subtitle, detail });
  }
  return faces;
}

function faceOf(name: string, faces: CardFaces): CardFace {
  return faces.get(name) ?? { name, hue: 0, corner: null, subtitle: null, detail: '' };
}

/** A card the viewer may see (face up), or cards they may not (face down: one back, or a stack of `count`). */
/** `player`: on a trick (a shared pile of a game that reads `c.player`), who played the card. */
export type CardItem = { kind: 'face'; face: CardFace; player?: string } | { kind: 'back'; count: number };

export interface PileRow {
  name: string;
  visibility: 'public' | 'hidden' | 'secret';
  count: number;
  /** Top first. */
  items: CardItem[];
  /** Cards past the ones drawn. */
  more: number;
}

type PileView = PlayerView['piles'][number];

/**
 * A pile as a row of cards, top first, exactly as the view gives it: a name is a face, null a
 * back. A run of `stackFrom` or more backs is drawn as one stack with its count (a deck); at most
 * `limit` items are drawn and `more` counts the cards left out.
 */
export function pileRow(pile: PileView, faces: CardFaces, { stackFrom = 6, limit = 12 }: { stackFrom?: number; limit?: number } = {}): PileRow {
  const items: CardItem[] = [];
  let shown = 0;
  for (let i = 0; i < pile.cards.length && items.length < limit;) {
    const name = pile.cards[i];
    if (name !== null) {
      const player = pile.playedBy?.[i];
      items.push(player ? { kind: 'face', face: faceOf(name, faces), player } : { kind: 'face', face: faceOf(name, faces) });
      shown++;
      i++;
      continue;
    }
    let run = 1;
    while (i + run < pile.cards.length && pile.cards[i + run] === null) run++;
    if (run >= stackFrom) {
      items.push({ kind: 'back', count: run });
      shown += run;
    } else {
      const backs = Math.min(run, limit - items.length);
      for (let k = 0; k < backs; k++) items.push({ kind: 'back', count: 1 });
      shown += backs;
    }
    i += run;
  }
  return { name: pile.name, visibility: pile.visibility, count: pile.count, items, more: pile.count - shown };
}

/** The shared piles (a deck, the table, a discard): a face-down run is one stack, up to 40 cards face up. */
export function sharedPiles(view: PlayerView, faces: CardFaces): PileRow[] {
  return view.piles.map((pile) => pileRow(pile, faces, { stackFrom: 2, limit: 40 }));
}
