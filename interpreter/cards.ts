/**
 * Cards on the move: where a card lies, who may see it, and how the log tells of it (with the
 * card names for those who may see them, without for the others).
 */
import { playerName, type GameDefinition, type GameState, type Instruction } from './program.ts';
import { log } from './runtime.ts';

/**
 * Puts cards on top of a pile, face up if the pile is public. Face down, a card stays visible to
 * `placer` only (the player who had it in hand), until it is revealed.
 */
export function placeCards(s: GameState, d: GameDefinition, cards: number[], slot: number, faceDown: boolean, placer = -1): void {
  const visibility = pileOfSlot(d, s, slot).visibility;
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
  s.piles[slot].unshift(...cards);
}

/** Takes a card from wherever it lies; returns the player whose own pile it was in, or -1. */
export function removeCard(s: GameState, d: GameDefinition, card: number): number {
  for (let slot = 0; slot < s.piles.length; slot++) {
    const at = s.piles[slot].indexOf(card);
    if (at >= 0) {
      s.piles[slot].splice(at, 1);
      return pileOfSlot(d, s, slot).owner ?? -1;
    }
  }
  return -1;
}

/** The pile a slot of `state.piles` belongs to, and whose it is: a player's (`owner`), a team's (`team`), or nobody's. */
export function pileOfSlot(d: GameDefinition, s: GameState, slot: number): { name: string; visibility: 'public' | 'hidden' | 'secret'; owner: number | null; team: number | null } {
  for (let i = d.piles.length - 1; i >= 0; i--) {
    if (slot >= s.pileBase[i]) {
      const pile = d.piles[i];
      return { name: pile.name, visibility: pile.visibility, owner: pile.perPlayer ? slot - s.pileBase[i] : null, team: pile.perTeam ? slot - s.pileBase[i] : null };
    }
  }
  return { name: '?', visibility: 'hidden', owner: null, team: null };
}

export function pileName(d: GameDefinition, s: GameState, slot: number): string {
  const pile = pileOfSlot(d, s, slot);
  if (pile.team !== null) return `${d.teams[pile.team].name}'s ${pile.name}`;
  return pile.owner === null ? pile.name : `${playerName(pile.owner)}'s ${pile.name}`;
}

/** Who does what the rules do: the current player, or the dealer before anyone's turn. */
export function actor(s: GameState): string {
  return s.current >= 0 ? playerName(s.current) : 'the dealer';
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

