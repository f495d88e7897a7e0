/**
 * Dice under cups (`player dice … hidden`) in a world replayed from the start (worlds.ts): the
 * world rolls every cup with its own generator, so it would keep the past only if each cup the
 * player saw — their own after every roll, all of them once revealed — came out as it did, a
 * chance that shrinks with every die. Dice are drawn independently of everything else, so the
 * world may take the faces the player saw instead: before a decision, the dice hidden from the
 * player that the view after it shows (revealed by it); after it, the dice its rolls put in front
 * of the player. Only what the player saw is read; the others' cups stay the world's own draw.
 */
import { faceSeen } from '../runtime/hidden-dice.ts';
import type { GameDefinition, GameState } from '../program/program.ts';

/** Per die, the face the viewer sees of a die under a cup, or null (hidden, or not a cup's); null for a game without cups. */
export type SeenDice = (string | null)[] | null;

export function seenDice(definition: GameDefinition, state: GameState, viewer: number): SeenDice {
  if (!definition.pools.some((p) => p.hidden)) return null;
  const seen: (string | null)[] = new Array(state.dice.length).fill(null);
  for (const pool of definition.pools) {
    if (!pool.hidden || !pool.perSeat) continue;
    for (let die = pool.first; die < pool.first + pool.perSeat * state.players.length; die++) {
      if (faceSeen(definition, state, die, viewer)) seen[die] = state.dice[die].face;
    }
  }
  return seen;
}

/** Before a decision: each die hidden from the viewer now that they saw after it shows the face seen. */
export function liftedBefore(definition: GameDefinition, before: GameState, seen: SeenDice, viewer: number): void {
  if (!seen) return;
  for (let die = 0; die < seen.length; die++) {
    const face = seen[die];
    if (face !== null && !faceSeen(definition, before, die, viewer)) before.dice[die].face = face;
  }
}

/** After it: each die under a cup the viewer sees shows the face they saw. True when one changed. */
export function settledAfter(after: GameState, seen: SeenDice): boolean {
  if (!seen) return false;
  let changed = false;
  for (let die = 0; die < seen.length; die++) {
    const face = seen[die];
    if (face !== null && after.dice[die].face !== face) { after.dice[die].face = face; changed = true; }
  }
  return changed;
}
