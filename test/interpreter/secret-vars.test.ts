/**
 * `secret player var` (docs/language.md §9.1 and §19): each player sees only their
 * own value — the referee all of them, everybody once the game is over — and a search bot does
 * not peek at the others'.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, compileRules, startGame, viewFor, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { applyChoiceIndex } from '../../interpreter/engine/engine.ts';
import { searchMove } from '../../interpreter/bots/index.ts';

/** P2 sets a trap in secret; P1 attacks or waits; an attack wins unless the trap is set. */
const game = `game "Trappola" { players 2 }
secret player var trappola = 0
player var mosse = 0
setup {
  choose t from [0, 1] by left(top(players)) prompt "Trappola?"
  set left(top(players)).trappola = t
}
turns {
  set current.mosse = current.mosse + 1
  choose by current prompt "Che fai?" {
    option "attacca" {
      if left(current).trappola == 1 { win left(current) "la trappola" } else { win current "l'attacco" }
    }
    option "aspetta" { if current.mosse >= 3 { end game "nessuno attacca" } }
  }
}
`;

function compiled(): GameDefinition {
  const { definition, diagnostics } = compileRules(game);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

/** P1 to choose, after P2 set the trap to `trap` in the setup. */
function withTrap(definition: GameDefinition, trap: 0 | 1): GameState {
  const started = startGame(definition, { players: 2, seed: 1, quiet: true });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  applyChoiceIndex(definition, state, trap);
  expect(state.players[1].vars[0]).toBe(trap);
  expect(state.pending?.player).toBe(0);
  return state;
}

const names = (definition: GameDefinition, state: GameState, viewer: number | 'referee', seat: number) =>
  viewFor(definition, state, viewer).players[seat].variables.map((v) => `${v.name}=${v.value}`);

describe('secret player var', () => {
  it('each player sees their own value and not the others\'; the referee sees all', () => {
    const definition = compiled();
    const state = withTrap(definition, 1);
    expect(names(definition, state, 1, 1)).toEqual(['trappola=1', 'mosse=0']);
    expect(names(definition, state, 0, 1)).toEqual(['mosse=0']);
    expect(names(definition, state, 'referee', 1)).toEqual(['trappola=1', 'mosse=0']);
    expect(names(definition, state, 0, 0)).toEqual(['trappola=0', 'mosse=1']);
  });

  it('everybody sees them all once the game is over', () => {
    const definition = compiled();
    const over = randomPlayout(definition, { players: 2, seed: 4, keepMoves: true }).state;
    expect(over.outcome).not.toBeNull();
    expect(names(definition, over, 0, 1)[0]).toMatch(/^trappola=/);
  });

  it('a search bot chooses the same whatever the other\'s secret value is: it does not peek', () => {
    const definition = compiled();
    const set = withTrap(definition, 1);
    const unset = withTrap(definition, 0);
    expect(viewFor(definition, set, 0)).toEqual(viewFor(definition, unset, 0));
    for (const seed of [1, 2, 3, 4, 5]) {
      const options = { iterations: 200, seed };
      expect(searchMove(definition, cloneState(set), 0, options).choice, `seed ${seed}`)
        .toBe(searchMove(definition, cloneState(unset), 0, options).choice);
    }
  });
});
