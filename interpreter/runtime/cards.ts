/**
 * Cards on the move: where a card lies, who may see it, and how the log tells of it (with the
 * card names for those who may see them, without for the others).
 */
import { playerName, type GameDefinition, type GameState, type Instruction } from '../program/program.ts';
import { log, shuffle } from './runtime.ts';
import { CardMemory, scratchOf, type SlotPile } from './scratch.ts';

export type { SlotPile } from './scratch.ts';

/**
 * Puts cards on top of a pile, face up if the pile is public. Face down, a card stays visible to
 * `placer` only (the player who had it in hand), until it is revealed. `from`: the player whose own
 * pile the cards (each, in a list) came from, or -1 — what `c.player` reads once they lie in a shared pile.
 */
export function placeCards(s: GameState, d: GameDefinition, cards: number[], slot: number, faceDown: boolean, placer = -1, from: number | number[] = -1): void {
  const target = pileOfSlot(d, s, slot);
  const visibility = target.visibility;
  if (s.playedBy) notePlayers(s.playedBy, cards, target.owner === null && target.team === null, from);
  const block = s.simultaneous;
  if (block) {
    // An answer in a simultaneous block stays face down until every player has answered; only what
    // was put down face up is turned up then.
    if (!faceDown) block.cards.push(...cards);
    faceDown = true;
    placer = block.threads[block.running].player;
  }
  for (const card of cards) {
    s.revealed[card] = !faceDown && visibility === 'public';
    s.placedBy[card] = faceDown ? placer : -1;
  }
  // A card shown to some players is hidden from them again once it moves.
  if (s.shownTo) for (const card of cards) s.shownTo[card] = noPlayers;
  // One card, most often: unshift without spreading a list of one.
  if (cards.length === 1) s.piles[slot].unshift(cards[0]);
  else s.piles[slot].unshift(...cards);
  const memory = memoryOf(s);
  for (const card of cards) noteSlot(memory, card, slot);
}

/**
 * `c.player`: a card moved from a player's own pile into a shared one (a card played into a trick)
 * remembers that player; moved on from one shared pile to another it keeps them; in a player's or
 * a team's pile it has none.
 */
function notePlayers(playedBy: number[], cards: number[], shared: boolean, from: number | number[]): void {
  for (let i = 0; i < cards.length; i++) {
    const player = typeof from === 'number' ? from : from[i] ?? -1;
    if (!shared) playedBy[cards[i]] = -1;
    else if (player >= 0) playedBy[cards[i]] = player;
  }
}

/**
 * Takes up to `count` cards from the top of the pile in `slot`, top first. A pile declared with
 * `refill from P` that runs out while cards are still wanted gets P's cards, shuffled, first (once:
 * P is empty then), and says so in the log.
 */
export function takeFromTop(s: GameState, d: GameDefinition, slot: number, count: number, instruction: Instruction): number[] {
  const source = s.piles[slot];
  const wanted = Math.max(0, count);
  const drawn = source.splice(0, Math.min(wanted, source.length));
  if (drawn.length < wanted && refill(s, d, slot, instruction)) drawn.push(...source.splice(0, Math.min(wanted - drawn.length, source.length)));
  return drawn;
}

/** Shuffles into the (empty) pile in `slot` the cards of the pile it refills from; whether any came. */
function refill(s: GameState, d: GameDefinition, slot: number, instruction: Instruction): boolean {
  // Only a shared pile refills: its slot is its base.
  const index = d.piles.findIndex((pile, i) => pile.refill >= 0 && !pile.perPlayer && !pile.perTeam && s.pileBase[i] === slot);
  if (index < 0) return false;
  const pile = d.piles[index];
  const from = s.pileBase[pile.refill];
  const back = s.piles[from].splice(0, s.piles[from].length);
  if (back.length === 0) return false;
  // Placed as any card is (face up only on a public pile, shown to nobody); never inside a
  // simultaneous block, where the checker refuses a draw from a shared pile and a deal.
  placeCards(s, d, back, slot, false);
  shuffle(s, s.piles[slot]);
  if (!s.quiet) {
    log(s, {
      player: s.current, kind: 'cards', text: `${d.piles[pile.refill].name} (${back.length} card${back.length === 1 ? '' : 's'}) is shuffled into ${pile.name}`,
      cite: instruction.cite, at: instruction.at,
    });
  }
  return true;
}

/** The players a card not shown to anybody is shown to (shared: a list of `shownTo` is replaced, never changed). */
const noPlayers = Object.freeze([]) as unknown as number[];

/**
 * `reveal CARDS to PLAYERS`: each card is shown to those players besides whoever sees it already,
 * until it moves. The log tells each of them the cards' names, and the others only that cards were
 * shown to them.
 */
export function showCards(s: GameState, d: GameDefinition, cards: number[], players: number[], instruction: Instruction): void {
  if (cards.length === 0 || players.length === 0) return;
  const shownTo = s.shownTo ??= d.cards.map(() => noPlayers);
  for (const card of cards) {
    const before = shownTo[card];
    const added = players.filter((p) => !before.includes(p));
    if (added.length) shownTo[card] = [...before, ...added];
  }
  if (s.quiet) return;
  for (const [holder, held] of byHolder(s, d, cards)) {
    const who = holder >= 0 ? playerName(holder) : actor(s);
    const names = held.map((c) => d.cards[c].name).join(', ');
    const what = held.length === 1 ? 'a card' : `${held.length} cards`;
    for (const p of new Set(players)) {
      log(s, {
        player: p, kind: 'reveal', text: `${who} shows ${playerName(p)} ${names}`, publicText: `${who} shows ${playerName(p)} ${what}`,
        cite: instruction.cite, at: instruction.at,
      });
    }
  }
}

/**
 * The cards grouped by the player whose pile holds them (-1: a shared pile), in order: a card is
 * shown by whoever holds it (a faction card by its owner), not by the player whose turn it is.
 */
export function byHolder(s: GameState, d: GameDefinition, cards: number[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const card of cards) {
    const slot = slotOfCard(s, card);
    const holder = slot >= 0 ? pileOfSlot(d, s, slot).owner ?? -1 : -1;
    const group = groups.get(holder);
    if (group) group.push(card);
    else groups.set(holder, [card]);
  }
  return groups;
}

/**
 * Takes each card from wherever it lies; returns the player whose own pile held the first card
 * found in a player's pile, or -1. A card lies in one pile only, so where the search for it starts
 * changes nothing but its length (there are 84 piles at 6 players in 1984): first where the card
 * was last put or found, then where the card before it lay (cards moved together mostly lie together).
 * `owners`, when given, gets for each card the player whose own pile held it, or -1.
 */
export function removeCards(s: GameState, d: GameDefinition, cards: number[], owners?: number[]): number {
  let holder = -1;
  let previous = 0;
  for (const card of cards) {
    const slot = takeCard(s, card, previous);
    if (owners) owners.push(slot < 0 ? -1 : pileOfSlot(d, s, slot).owner ?? -1);
    if (slot < 0) continue;
    previous = slot;
    if (holder < 0) holder = pileOfSlot(d, s, slot).owner ?? -1;
  }
  return holder;
}

/**
 * Where each card (by number) was last put or found, in the game's scratch (scratch.ts): a guess,
 * always checked against the piles (a copy of the state may have it elsewhere), so never wrong.
 */
function memoryOf(s: GameState): CardMemory {
  const scratch = scratchOf(s);
  return scratch.cards ?? (scratch.cards = new CardMemory());
}

function noteSlot(memory: CardMemory, card: number, slot: number): void {
  if (card >= memory.lastSlot.length) {
    const grown = new Int32Array(Math.max(card + 1, memory.lastSlot.length * 2));
    grown.set(memory.lastSlot);
    memory.lastSlot = grown;
  }
  memory.lastSlot[card] = slot;
}

/** The slot of the pile that holds `card`, looked for where it was last seen first; -1 when none does. */
export function slotOfCard(s: GameState, card: number): number {
  const piles = s.piles;
  const memory = memoryOf(s);
  const seen = card < memory.lastSlot.length ? memory.lastSlot[card] : -1;
  if (seen >= 0 && seen < piles.length && piles[seen].includes(card)) return seen;
  for (let slot = 0; slot < piles.length; slot++) {
    if (piles[slot].includes(card)) {
      noteSlot(memory, card, slot);
      return slot;
    }
  }
  return -1;
}

/** Takes `card` out of its pile, looked for where it was last seen, then from slot `first` on; its slot, or -1. */
function takeCard(s: GameState, card: number, first: number): number {
  const piles = s.piles;
  const memory = memoryOf(s);
  const seen = card < memory.lastSlot.length ? memory.lastSlot[card] : -1;
  if (seen >= 0 && seen < piles.length) {
    const at = piles[seen].indexOf(card);
    if (at >= 0) {
      piles[seen].splice(at, 1);
      return seen;
    }
  }
  for (let k = 0; k < piles.length; k++) {
    const slot = (first + k) % piles.length;
    const at = piles[slot].indexOf(card);
    if (at >= 0) {
      piles[slot].splice(at, 1);
      noteSlot(memory, card, slot);
      return slot;
    }
  }
  return -1;
}

/** Each slot's pile, per definition and per number of seats (the slots follow from those alone: startGame). */
const slotPiles = new WeakMap<GameDefinition, Map<number, SlotPile[]>>();
const unknownPile: SlotPile = { name: '?', visibility: 'hidden', owner: null, team: null };

/**
 * The pile a slot of `state.piles` belongs to, and whose it is: a player's (`owner`), a team's
 * (`team`), or nobody's. Asked at every card that moves, so the answers are made once per seat count.
 */
export function pileOfSlot(d: GameDefinition, s: GameState, slot: number): SlotPile {
  // Asked twice for every card moved: the game's last answer is kept at hand, before the WeakMap.
  const memory = memoryOf(s);
  let piles = d === memory.pilesOf && s.seats === memory.seats ? memory.piles : null;
  if (!piles) {
    let bySeats = slotPiles.get(d);
    if (!bySeats) slotPiles.set(d, bySeats = new Map());
    piles = bySeats.get(s.seats) ?? null;
    if (!piles) bySeats.set(s.seats, piles = s.piles.map((_, k) => findPileOfSlot(d, s, k)));
    memory.pilesOf = d;
    memory.seats = s.seats;
    memory.piles = piles;
  }
  return piles[slot] ?? findPileOfSlot(d, s, slot);
}

function findPileOfSlot(d: GameDefinition, s: GameState, slot: number): SlotPile {
  for (let i = d.piles.length - 1; i >= 0; i--) {
    if (slot >= s.pileBase[i]) {
      const pile = d.piles[i];
      return { name: pile.name, visibility: pile.visibility, owner: pile.perPlayer ? slot - s.pileBase[i] : null, team: pile.perTeam ? slot - s.pileBase[i] : null };
    }
  }
  return unknownPile;
}

export function pileName(d: GameDefinition, s: GameState, slot: number): string {
  const pile = pileOfSlot(d, s, slot);
  if (pile.team !== null) return `${d.teams[pile.team].name}'s ${pile.name}`;
  return pile.owner === null ? pile.name : `${playerName(pile.owner)}'s ${pile.name}`;
}

/** Who does what the rules do: the current player, or the setup before anyone's turn (a game need not have a dealer). */
export function actor(s: GameState): string {
  return s.current >= 0 ? playerName(s.current) : s.turn === 0 ? 'the setup' : 'the game';
}

/**
 * Card moves are logged with the names for those who may see them, and without for the others.
 * `mover`: the player who moves the cards (whose hand they left), or -1 for the current player.
 */
export function cardLog(s: GameState, d: GameDefinition, cards: number[], what: string, slot: number, instruction: Instruction, faceDown = false, mover = -1): void {
  const pile = pileOfSlot(d, s, slot);
  const names = cards.map((c) => d.cards[c].name).join(', ');
  const who = mover >= 0 ? playerName(mover) : actor(s);
  const text = `${who} ${what}: ${names}`;
  const secret = faceDown || pile.visibility !== 'public';
  const witness = faceDown ? (mover >= 0 ? mover : s.current) : pile.visibility === 'secret' ? pile.owner : null;
  // Cards going into a team's secret pile are named for the team's members.
  const team = !faceDown && pile.visibility === 'secret' && pile.team !== null ? pile.team : undefined;
  log(s, {
    player: witness ?? s.current, kind: 'cards', text,
    publicText: secret ? `${who} ${what}` : undefined, cite: instruction.cite, at: instruction.at,
    ...(team !== undefined ? { team } : secret && (witness === null || witness < 0) ? { hiddenFromAll: true } : {}),
  });
}

