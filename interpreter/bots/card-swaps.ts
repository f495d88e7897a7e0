/**
 * Cards a player cannot see are interchangeable within their set (determinize.ts deals them so):
 * when a world replayed from the start (worlds.ts) shows a card where the player saw another,
 * the card seen is put, before the decision, where the world's card came from — both hidden from
 * the player then, so nothing they saw before changes — and the decision is played again. Without
 * this a world would keep the deal only if every card the player saw come out of a hidden pile were
 * the one drawn, a chance that shrinks with every draw.
 */
import { pileOfSlot } from '../runtime/cards.ts';
import { cardVisible } from '../engine/view.ts';
import type { GameDefinition, GameState, Pending } from '../program/program.ts';
import { namedCards } from './determinize.ts';

/** Per pile slot, the name of each card the viewer sees there (null: hidden). */
export type SeenCards = (string | null)[][];

export function seenCards(definition: GameDefinition, state: GameState, viewer: number): SeenCards {
  return state.piles.map((cards, slot) => {
    const pile = pileOfSlot(definition, state, slot);
    return cards.map((card) => (cardVisible(state, viewer, pile.visibility, pile.owner, pile.team, card) ? definition.cards[card].name : null));
  });
}

/**
 * Finds a card `after` shows otherwise than `seen` and swaps, in `before`, the card it came from
 * with a hidden one of the name seen. False when no such swap exists (the difference is elsewhere).
 */
export function swapTowards(definition: GameDefinition, before: GameState, after: GameState, seen: SeenCards, viewer: number): boolean {
  const shown = seenCards(definition, after, viewer);
  const hidden = hiddenCards(definition, before, viewer);
  for (let slot = 0; slot < seen.length; slot++) {
    const wanted = seen[slot];
    for (let at = 0; at < wanted.length; at++) {
      const name = wanted[at];
      if (name === null || shown[slot]?.[at] === name) continue;
      const drawn = after.piles[slot]?.[at];
      if (drawn === undefined || !hidden.has(drawn)) continue;
      const set = definition.cards[drawn].set;
      const swap = [...hidden.keys()].find((card) => card !== drawn && definition.cards[card].name === name && definition.cards[card].set === set);
      if (swap === undefined) continue;
      exchange(definition, before, hidden.get(drawn)!, hidden.get(swap)!, drawn, swap);
      return true;
    }
  }
  return false;
}

/** The cards hidden from the viewer on the piles (and not known by name), with where each lies. */
function hiddenCards(definition: GameDefinition, state: GameState, viewer: number): Map<number, { slot: number; at: number }> {
  const known = namedCards(definition, state, viewer);
  const hidden = new Map<number, { slot: number; at: number }>();
  state.piles.forEach((cards, slot) => {
    const pile = pileOfSlot(definition, state, slot);
    cards.forEach((card, at) => {
      if (!known.has(card) && !cardVisible(state, viewer, pile.visibility, pile.owner, pile.team, card)) hidden.set(card, { slot, at });
    });
  });
  return hidden;
}

/** Cards `a` and `b` change places; the marks (face down, placed by, played by, shown to) stay with the places. */
function exchange(definition: GameDefinition, state: GameState, atA: { slot: number; at: number }, atB: { slot: number; at: number }, a: number, b: number): void {
  state.piles[atA.slot][atA.at] = b;
  state.piles[atB.slot][atB.at] = a;
  const marks = (card: number) => ({ revealed: state.revealed[card], placedBy: state.placedBy[card], playedBy: state.playedBy?.[card] ?? -1, shownTo: state.shownTo?.[card] });
  const [ma, mb] = [marks(a), marks(b)];
  const put = (card: number, m: ReturnType<typeof marks>) => {
    state.revealed[card] = m.revealed;
    state.placedBy[card] = m.placedBy;
    if (state.playedBy) state.playedBy[card] = m.playedBy;
    if (state.shownTo) state.shownTo[card] = m.shownTo!;
  };
  put(b, ma);
  put(a, mb);
  // Another player's open choice of cards offers the card now lying where the other lay.
  const rename = (pending: Pending | null) => {
    if (!pending || pending.kind === 'option' || pending.valueKind !== 'card') return;
    pending.values = pending.values.map((v) => (v === a ? b : v === b ? a : v));
    // Batch mode builds no labels; a logged game names the cards offered.
    if (pending.labels.length) pending.labels = pending.values.map((v) => (typeof v === 'number' ? definition.cards[v]?.name ?? '' : ''));
  };
  rename(state.pending);
  for (const thread of state.simultaneous?.threads ?? []) rename(thread.pending);
}
