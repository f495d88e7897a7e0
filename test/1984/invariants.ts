/**
 * What must hold after every decision of a 1984 game (test/1984/playouts.test.ts): cards and tokens
 * conserved (`broken`), and nothing shown to a player that is another's (`leak`, drawn from the
 * engine's view of one player; `sealed`, the same facts for every player at once, cheap enough for
 * thousands of games).
 */
import { viewFor, type GameState } from '../../interpreter/index.ts';
import { bb, def, pileIndex } from './helpers.ts';

const privatePiles = ['Fazione', 'Pensieri', 'Mano', 'Pacchetto', 'InArrivo'];
/** Whether `card` was shown to `viewer` alone (a Psicopolizia look: `reveal … to`). */
const shownTo = (state: GameState, card: number, viewer: number) => state.shownTo?.[card]?.includes(viewer) ?? false;

export function broken(state: GameState): string | null {
  if (def.cards.length !== 90) return `${def.cards.length} cards declared instead of 90`;
  const seen = new Uint8Array(90);
  let count = 0;
  for (const pile of state.piles) {
    for (const card of pile) {
      if (seen[card]++) return `${def.cards[card].name} lies in two piles`;
      count++;
    }
  }
  if (count !== 90) return `${count} cards in the piles instead of 90`;
  let total = state.reserve[bb]!;
  if (total < 0) return 'negative reserve';
  for (const player of state.players) {
    if (player.tokens[bb] < 0) return 'a negative token count';
    total += player.tokens[bb];
  }
  if (total !== 25) return `${total} Big Brother tokens instead of 25`;
  return null;
}

/**
 * What `viewer` may not see of the others' things, as found in viewer's view; null when nothing
 * leaks. The log lines before `from` were searched after an earlier decision: a line's text for a
 * viewer changes only when its simultaneous block closes or the game ends, so only the new lines
 * are drawn (drawing the whole log after every decision made the test quadratic).
 */
export function leak(state: GameState, viewer: number, from: number): string | null {
  const view = viewFor(def, { ...state, log: state.log.slice(from) }, viewer);
  // Inside a simultaneous block a player's view is drawn from the game before the first answer
  // (with their own answers), so its piles are read against that game's.
  const basis = (state.simultaneous ?? state.interrupted?.simultaneous)?.opening ?? state;
  for (let seat = 0; seat < state.seats; seat++) {
    if (seat === viewer) continue;
    const piles = view.players[seat].piles;
    for (const name of privatePiles) {
      const pile = piles.find((p) => p.name === name)!;
      const cards = basis.piles[basis.pileBase[pileIndex(name)] + seat];
      if (pile.cards.some((c, k) => c !== null && !(name === 'Fazione' && shownTo(state, cards[k], viewer)))) return `P${viewer + 1} sees P${seat + 1}'s ${name}`;
    }
    // A card put down face down (an opinion, or any answer during a simultaneous phase) shows its back.
    for (const pile of piles) {
      if (pile.visibility !== 'public') continue;
      const cards = basis.piles[basis.pileBase[pileIndex(pile.name)] + seat];
      const i = cards.findIndex((card, k) => !basis.revealed[card] && basis.placedBy[card] >= 0 && basis.placedBy[card] !== viewer && pile.cards[k] !== null);
      if (i >= 0) return `P${viewer + 1} sees the face-down ${def.cards[cards[i]].name} in P${seat + 1}'s ${pile.name}`;
    }
  }
  const memory = view.piles.find((p) => p.name === 'Memoria')!;
  const hole = basis.piles[basis.pileBase[pileIndex('Memoria')]];
  if (hole.some((card, k) => !basis.revealed[card] && basis.placedBy[card] !== viewer && memory.cards[k] !== null)) return `P${viewer + 1} sees into the memory hole`;
  if (view.pending && view.pending.seat !== viewer && view.pending.choices !== null) return `P${viewer + 1} sees another's choices`;
  if (state.simultaneous) {
    // Replayed from the block's opening, the view holds the whole log: read its lines since the block opened.
    const block = state.simultaneous;
    const read = block.opening ? view.log.slice(block.logStart).map((line) => line.text) : [];
    for (let i = from; i < state.log.length; i++) {
      const entry = state.log[i];
      if (entry.sealedFor === undefined || entry.sealedFor === viewer) continue;
      if (block.opening ? read.includes(entry.text) : view.log[i - from].text === entry.text) return `P${viewer + 1} reads P${entry.sealedFor + 1}'s answer: ${entry.text}`;
    }
    for (let seat = 0; seat < state.seats; seat++) {
      if (seat === viewer) continue;
      const seen = view.players[seat].variables.find((v) => v.name === 'sera')!.value;
      if (seen !== null) return `P${viewer + 1} sees P${seat + 1}'s evening answer`;
    }
  }
  // Only the looker of a Psicopolizia (or the Saggio) sees a faction card, and only their own file.
  for (const line of view.log) {
    if (/Fratellanza|IngSoc/.test(line.text) && !state.outcome && !line.text.includes(`P${viewer + 1}`)) return `P${viewer + 1} reads a faction in the log: ${line.text}`;
  }
  return null;
}

/** The secret piles of a player: nobody else may see a card on them before the game ends. */
const secretPiles = privatePiles.map(pileIndex);
/** The shared piles dealt from face down: a card there is seen only if it was once face up. */
const hiddenPiles = ['Mazzo', 'Fazioni', 'Tratti', 'Urna', 'Memoria'].map(pileIndex);
const opinionPile = pileIndex('Opinioni');
const memoryPile = pileIndex('Memoria');
const handPile = pileIndex('Mano');
/** Where each card lies (a pile slot), filled when needed. */
const slotOf = new Int16Array(90);

/**
 * What the views are drawn from (interpreter/engine/view.ts shows a card to a player other than its owner
 * only when it is revealed, lies face up on a public pile, or was put down face down by that player),
 * checked for every player at once after every decision: cheap enough for 5,000 games, where drawing
 * every player's view after every decision is not. `memory` carries what was seen between decisions.
 */
/** What `sealed` remembers of a game between two decisions. */
export interface Seen { shown: Uint8Array; faceDown: Set<number>; holder: Int8Array; logChecked: number }
export const nothingSeen = (): Seen => ({ shown: new Uint8Array(90), faceDown: new Set<number>(), holder: new Int8Array(90).fill(-1), logChecked: 0 });

export function sealed(state: GameState, memory: Seen): string | null {
  if (state.outcome) return null;
  for (let seat = 0; seat < state.seats; seat++) {
    for (const pile of secretPiles) {
      for (const card of state.piles[state.pileBase[pile] + seat]) {
        if (state.revealed[card]) return `P${seat + 1}'s ${def.piles[pile].name} shows ${def.cards[card].name} to everybody`;
        if (state.placedBy[card] >= 0 && state.placedBy[card] !== seat) return `P${state.placedBy[card] + 1} sees ${def.cards[card].name} in P${seat + 1}'s ${def.piles[pile].name}`;
        // Only a faction card is ever shown to one player (a look).
        if (state.shownTo?.[card]?.length && def.piles[pile].name !== 'Fazione') return `${def.cards[card].name} in P${seat + 1}'s ${def.piles[pile].name} was shown to a player`;
      }
    }
  }
  // Cards seen by everybody (face up on a public pile) may be named later; the others may not.
  def.piles.forEach((pile, i) => {
    if (pile.visibility !== 'public') return;
    for (let slot = state.pileBase[i]; slot < state.pileBase[i] + (pile.perPlayer ? state.seats : 1); slot++) {
      for (const card of state.piles[slot]) if (state.revealed[card] || state.placedBy[card] < 0) memory.shown[card] = 1;
    }
  });
  for (let seat = 0; seat < state.seats; seat++) {
    for (const card of state.piles[state.pileBase[handPile] + seat]) memory.holder[card] = seat;
  }
  for (const pile of hiddenPiles) {
    for (const card of state.piles[state.pileBase[pile]]) {
      if (memory.shown[card]) continue;
      // Unseen by all but (for an opinion taken to the memory hole) the player who had it in hand.
      if (state.revealed[card] || (state.placedBy[card] >= 0 && state.placedBy[card] !== memory.holder[card])) return `${def.cards[card].name} in ${def.piles[pile].name} is shown though nobody saw it face up`;
    }
  }
  // A face-down opinion stays face down, on its owner's board or in the memory hole.
  for (let seat = 0; seat < state.seats; seat++) {
    for (const card of state.piles[state.pileBase[opinionPile] + seat]) {
      if (!state.revealed[card] && state.placedBy[card] === seat) memory.faceDown.add(card);
    }
  }
  if (memory.faceDown.size) state.piles.forEach((pile, slot) => { for (const card of pile) slotOf[card] = slot; });
  for (const card of memory.faceDown) {
    if (state.revealed[card]) return `the face-down opinion ${def.cards[card].name} was turned face up`;
    const slot = slotOf[card];
    const inOpinions = slot >= state.pileBase[opinionPile] && slot < state.pileBase[opinionPile] + state.seats;
    if (!inOpinions && slot !== state.pileBase[memoryPile]) return `the face-down opinion ${def.cards[card].name} left the table`;
  }
  const block = state.simultaneous;
  if (block) {
    // Cards put down during the block are seen by their placer only; every line since it opened is sealed.
    for (const card of block.cards) {
      if (state.revealed[card] || state.placedBy[card] < 0) return `${def.cards[card].name}, put down during the simultaneous phase, is shown before every answer is in`;
    }
    for (let i = block.logStart; i < state.log.length; i++) {
      if (state.log[i].sealedFor === undefined) return `an answer is read by all before every answer is in: ${state.log[i].text}`;
    }
  }
  // A faction is named in the log before the end only to the player who looked at it.
  for (let i = memory.logChecked; i < state.log.length; i++) {
    const entry = state.log[i];
    const others = entry.sealedFor !== undefined ? '' : entry.publicText ?? entry.text;
    if (/Fratellanza|IngSoc/.test(others)) return `everybody reads a faction: ${others}`;
  }
  memory.logChecked = state.log.length;
  return null;
}

