/**
 * A selection under a condition with one valid selection is a forced move as a `choose` with one
 * candidate is: taken at once, as the rules read, and waiting like any other choice when the game
 * is started with `stopAtForcedMoves` (for analysis: a perft, a tree that shows every move).
 */
import { describe, expect, it } from 'vitest';
import { applyChoiceIndex, choiceCount, compileRules, legalMoves, startGame, type GameDefinition, type GameState } from '../../interpreter/index.ts';

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

/** Uno and Quattro on the table: only both together add up to 5; only Uno is worth 1. */
const game = (choose: string) => compiled(`
game "Forzata" { players 2 }
cards Carte with valore = 0 { Uno { valore 1 } Quattro { valore 4 } }
pile Tavolo of Carte public
pile Prese public
turns {
  ${choose}
  move xs to Prese
  end game "fatto"
}`);

const selection = game('choose some xs from Tavolo where sum of xs by valore == 5');
const plain = game('choose c from Tavolo where valore == 1\n  let xs = [c]');

function start(definition: GameDefinition, stopAtForcedMoves: boolean): GameState {
  const started = startGame(definition, { players: 2, seed: 1, stopAtForcedMoves });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

/** Plays index 0 until the game ends; the number of decisions it took. */
function playForced(definition: GameDefinition, state: GameState): number {
  let decisions = 0;
  while (!state.outcome) {
    expect(choiceCount(state)).toBe(1);
    applyChoiceIndex(definition, state, 0);
    decisions++;
  }
  return decisions;
}

const taken = (state: GameState, definition: GameDefinition) => {
  const prese = definition.piles.findIndex((p) => p.name === 'Prese');
  return state.piles[state.pileBase[prese]].map((card) => definition.cards[card].name);
};

describe('a forced selection and a forced plain choice behave alike', () => {
  it('without stopAtForcedMoves both are taken at once, and logged as the only choice', () => {
    for (const definition of [selection, plain]) {
      const state = start(definition, false);
      expect(state.outcome).toMatchObject({ reason: 'fatto' });
      expect(state.moveCount).toBe(0);
      expect(state.log.some((entry) => entry.text.includes('the only choice'))).toBe(true);
    }
  });

  it('with stopAtForcedMoves both wait, with one move to choose at each step', () => {
    const plainState = start(plain, true);
    expect(plainState.pending?.kind).toBe('value');
    expect(playForced(plain, plainState)).toBe(1);
    expect(taken(plainState, plain)).toEqual(['Uno']);

    const selectionState = start(selection, true);
    expect(selectionState.pending?.kind).toBe('select');
    expect(legalMoves(selectionState).map((m) => m.choice)).toEqual(['pick Uno', 'pick Quattro']);
    // Uno, Quattro, then the confirm: each a move with one choice.
    expect(playForced(selection, selectionState)).toBe(3);
    expect(taken(selectionState, selection)).toEqual(['Uno', 'Quattro']);
  });

  it('with stopAtForcedMoves an only valid selection that is empty waits for its confirm', () => {
    const empty = game('choose any xs from Tavolo where sum of xs by valore <= 0');
    const state = start(empty, true);
    expect(legalMoves(state).map((m) => m.choice)).toEqual(['confirm']);
    expect(playForced(empty, state)).toBe(1);
    expect(taken(state, empty)).toEqual([]);
  });

  it('with stopAtForcedMoves a selection with no valid selection is still skipped, as a choice with no candidate is', () => {
    const none = game('choose some xs from Tavolo where sum of xs by valore == 100');
    const state = start(none, true);
    expect(state.outcome).toMatchObject({ reason: 'fatto' });
    expect(state.moveCount).toBe(0);
  });
});
