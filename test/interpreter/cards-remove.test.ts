/**
 * Taking cards from wherever they lie (interpreter/runtime/cards.ts): the search starts where a card was
 * last seen, which may be another game's pile; the result must be that of looking through every
 * pile in order, whatever the guess.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { removeCards } from '../../interpreter/runtime/cards.ts';
import type { GameDefinition, GameState } from '../../interpreter/program/program.ts';
import { loadDefinition } from '../support/scenario.ts';
import { startState } from '../../interpreter/index.ts';

/** The reference: each card looked for in every pile in order, taken from the first that holds it. */
function removeEachInOrder(definition: GameDefinition, state: GameState, cards: number[]): number {
  let holder = -1;
  for (const card of cards) {
    for (let slot = 0; slot < state.piles.length; slot++) {
      const at = state.piles[slot].indexOf(card);
      if (at < 0) continue;
      state.piles[slot].splice(at, 1);
      const owner = slotOwner(definition, state, slot);
      if (holder < 0) holder = owner;
      break;
    }
  }
  return holder;
}

/** The player whose pile a slot is, or -1 (piles in the order the definition declares them). */
function slotOwner(definition: GameDefinition, state: GameState, slot: number): number {
  for (let i = definition.piles.length - 1; i >= 0; i--) {
    if (slot >= state.pileBase[i]) return definition.piles[i].perPlayer ? slot - state.pileBase[i] : -1;
  }
  return -1;
}

describe('cards taken from wherever they lie', () => {
  const definition = loadDefinition('1984.rules');
  const started = startState(definition, { players: 6, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const cardCount = definition.cards.length;

  it('take the same cards and name the same holder as a search through every pile, whatever was seen before', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: started.state.piles.length - 1 }), { minLength: cardCount, maxLength: cardCount }),
      fc.array(fc.integer({ min: 0, max: cardCount + 5 }), { maxLength: 12 }),
      fc.array(fc.integer({ min: 0, max: cardCount - 1 }), { maxLength: 12 }),
      (slots, moving, movedBefore) => {
        // Every card in one pile, at random; then a first move on another state leaves stale guesses.
        const deal = (): GameState => {
          const state = structuredClone(started.state);
          state.piles = state.piles.map(() => []);
          slots.forEach((slot, card) => state.piles[slot].push(card));
          return state;
        };
        const other = deal();
        other.piles.reverse();
        removeCards(other, definition, movedBefore);
        const state = deal();
        const reference = deal();
        expect(removeCards(state, definition, moving)).toBe(removeEachInOrder(definition, reference, moving));
        expect(state.piles).toEqual(reference.piles);
      },
    ), { numRuns: 300 });
  });
});
