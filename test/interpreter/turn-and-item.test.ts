/**
 * `turn`, the number of the turn being played, and `item(LIST, N)`, the N-th element of a list
 * (docs/language.md §11.5, §16.6).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, type GameDefinition, type Value } from '../../interpreter/index.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
  return definition;
}

/** The value of `expression` at the end of the setup of a 3-player game. */
function valueOf(expression: string): Value {
  const definition = compiled(`game "G" { players 3 }\nvar risultato = none\nsetup { set risultato = ${expression} }\nturns { end game }\n`);
  const started = startGame(definition, { players: 3, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  expect(started.state.error).toBeNull();
  return started.state.globals[0];
}

describe('item(LIST, N)', () => {
  it('the N-th element counting from 1; none where the list has no N-th', () => {
    expect(valueOf('item([4, 5, 6], 2)')).toBe(5);
    expect(valueOf('[item([4, 5, 6], 1), item([4, 5, 6], 3), item([4, 5, 6], 4), item([4, 5, 6], 0), item([], 1), item([4, 5, 6], 0 - 2)]')).toEqual([4, 6, null, null, null, null]);
  });

  it('is a function of its own: the wrong number of arguments, or not a list, is reported', () => {
    const codes = (expression: string) => analyze(`game "G" { players 2 }\nturns { let x = ${expression} }\n`).diagnostics.map((d) => d.code);
    expect(codes('item([1, 2])')).toEqual(['rule/argument-count']);
    expect(codes('item(3, 1)')).toEqual(['type/expected-list']);
    expect(codes('item([1, 2], 1)')).toEqual([]);
  });
});

describe('turn', () => {
  const game = `game "Turni" { players 2 to 3 turn limit 60 }
tokens Oro reserve 500
player var visto = 0
var inizio = -1
setup { set inizio = turn }
turns {
  set current.visto = turn
  gain turn Oro to current
  if turn >= 9 and current.Oro > 20 { win current "il nono turno" }
  if turn > 12 { end game }
}
`;

  it('is 0 in the setup and the number of the turn being played after', () => {
    const definition = compiled(game);
    const started = startGame(definition, { players: 3, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    expect(started.state.globals[0]).toBe(0);
    const played = randomPlayout(withStepper(definition), { players: 3, seed: 1, keepMoves: true });
    // Three seats: P1 plays turns 1, 4, 7, 10, P2 2, 5, 8, P3 3, 6, 9, each gaining the turn's number
    // in Oro. At the ninth P3 holds 18; at the tenth P1 holds 22, more than 20, and wins.
    expect(played.state.players.map((p) => p.vars[0])).toEqual([10, 8, 9]);
    expect(played.state.players.map((p) => p.tokens[0])).toEqual([1 + 4 + 7 + 10, 2 + 5 + 8, 3 + 6 + 9]);
    expect(played.state.outcome?.winners).toEqual([0]);
  });

  it('plays the same games in generated code and on the stepper', () => {
    const definition = compiled(game);
    for (let seed = 1; seed <= 20; seed++) {
      const a = randomPlayout(withGeneratedCode(definition), { players: 2 + (seed % 2), seed, keepMoves: false });
      const b = randomPlayout(withStepper(definition), { players: 2 + (seed % 2), seed, keepMoves: false });
      expect(stateHash(a.state)).toBe(stateHash(b.state));
    }
  });

  it('is still a word of end turn, next turn to and turn limit', () => {
    expect(analyze(`game "G" { players 2 turn limit 30 }\nturns {\n  if turn == 2 { next turn to current }\n  if turn > 3 { end turn }\n  end game\n}\n`).diagnostics).toEqual([]);
  });
});
