/**
 * Expressions the code generator writes out instead of calling their closures (codegen/pools.ts,
 * players.ts, goals.ts, expression.ts): each small game below uses them in the shapes that differ
 * (a pool tested on the die itself or through the filter's local, marked and rolled where the
 * filter finds its dice, one die marked or rolled, `players` and `others` in the setup and in a
 * counterclockwise turn with a player out, goals of roles with and without one, `held` of a
 * token and of a face, `in` a list of constants, a second phase, options open by their
 * conditions, whether a pool's filter finds any die). Played decision by decision, every state's hash (its frames' locals included) must
 * be the stepper's, in quiet playouts too (where the bot answers inside the generated code), and
 * none of them may fall back to its closure.
 */
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { applyChoiceIndex, choiceCount, startGame } from '../../interpreter/engine/engine.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import type { GameDefinition } from '../../interpreter/program/program.ts';
import { goalsGame } from '../support/goals-game.ts';

const dice = `game "Dadi" {
  players 2 to 4
  turn limit 30
}
tokens Oro reserve 100
die D faces Sole, Luna, Stella, Nube
dice Dadi: 4 D marks tenuto, usato
turns clockwise {
  phase "Tiro" {
    roll Dadi
    unmark tenuto on Dadi
    if count(Dadi where face in [Sole, Luna]) >= 2 { gain 1 Oro }
    if count(Dadi where not (face == Nube) and not usato) > 2 { mark usato on Dadi where face == Nube }
    choose d from Dadi where face != Stella or tenuto by current prompt "Un dado"
    mark tenuto on d
    # d.face is no value written in the rules: this filter binds each die to its local.
    choose e from Dadi where face == d.face and not tenuto by current prompt "Un dado uguale"
    mark tenuto on e
    if count(Dadi where tenuto and face == d.face) >= 2 { gain 1 Oro }
    # One die (or none), then a pool's dice changed where the filter finds them.
    roll e
    roll Dadi where not tenuto and face != Sole
    unmark usato on Dadi where face == Sole and usato
    if top(Dadi where face == Luna and not tenuto) != none { gain 1 Oro }
    let facce = distinct(faces(Dadi))
    if count(facce) == 4 { gain 2 Oro }
    if count(Dadi where usato) == 4 { unmark usato on Dadi }
    if count(Dadi where face == Stella) == 0 { mark usato on Dadi }
    if current.Oro >= 12 { win current "ricco" }
  }
  # A second phase (its name written by the generated code), options open by their conditions
  # (their targets found from bits), and \`in\` a list of constants outside a pool's filter.
  phase "Scelta" {
    choose by current prompt "Cosa fare?" {
      option "niente" { }
      option "paga" if current.Oro >= 2 { discard 1 Oro }
      option "ritira" { roll Dadi where not tenuto }
      option "stella" if count(Dadi where face == Stella) > 0 { gain 1 Oro }
    }
    if top(faces(Dadi)) in [Sole, Nube] { gain 1 Oro }
    # Whether a pool's filter finds any die: loops that stop at the first.
    if count(Dadi where tenuto and face == Luna) > 0 { gain 1 Oro }
    if count(Dadi where usato) >= 1 and count(Dadi where face in [Sole, Stella]) <= 0 { unmark usato on Dadi }
  }
}
`;

const seats = `game "Posti" {
  players 2 to 5
  turn limit 40
}
tokens Oro, Ferro reserve 60
die D faces Sole, Luna
dice Dadi: 1 D
roles secret {
  Mercante goal Oro >= 6 and Ferro <= 1
  Fabbro goal Ferro >= 6 or (Oro == 3 and Ferro == 3)
  Pigro
}
var ricchi = 0
setup {
  deal roles
  # Before anyone plays, players are in seat order.
  set ricchi = count(players where it.Oro == 0)
  for each p in players {
    gain 1 Oro to p
    choose amico from others where it != p by p prompt "Amico?"
    if amico == 0 { gain 1 Ferro to p }
  }
}
turns counterclockwise {
  phase "Turno" {
    if meetsGoal(current) { win current "obiettivo" }
    choose t from others by current prompt "A chi?"
    choose k from [Oro, Ferro] by current prompt "Cosa?"
    gain 1 k to t
    if count(players where held(it, k) > 2) > 1 {
      choose v from players where it != current and held(it, k) > 0 by current prompt "Da chi?"
      if v != none { steal 1 k from v to current }
    }
    if k == Oro { gain 1 Ferro to current }
    # Sole is a face, not a token: held is 0 and its holder is not read.
    if count(others where held(it, Sole) == 0 and it.Ferro >= 3) > 0 {
      choose w from others where it.Ferro >= 3 by current prompt "Chi esce?"
      eliminate w "troppo ferro"
    }
    choose q from players by current prompt "Chi controlla?"
    if meetsGoal(q) { win q "controllato" }
  }
}
`;

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  expect(definition, diagnostics.map((d) => d.message).join('; ')).not.toBeNull();
  return definition!;
}

/** Every state's hash from the start to the end of a game, the decisions drawn from `seed`. */
function hashes(definition: GameDefinition, players: number, seed: number): string[] {
  const started = startGame(definition, { players, seed, quiet: true });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  let x = seed * 7919 + 1;
  const trace = [stateHash(state)];
  while (!state.outcome && trace.length < 2000) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    applyChoiceIndex(definition, state, x % choiceCount(state));
    trace.push(stateHash(state));
  }
  return trace;
}

describe.each([
  { name: 'pools of dice tested on faces and marks', text: dice, players: [2, 3, 4] },
  { name: 'players and others, held, and the roles\' goals', text: seats, players: [2, 3, 4, 5] },
])('written-out expressions play the stepper\'s games: $name', ({ text, players }) => {
  const definition = compiled(text);

  it('no expression falls back to its closure', () => {
    for (const program of codegenReport(definition).batch) {
      // Code that does not compile would leave the program to the stepper, and every game below equal.
      expect(program.generated, `${program.program}: ${program.reason}`).toBe(true);
      expect(program.fallbacks.filter((f) => f.reason !== 'statement run by its closure'), program.program).toEqual([]);
    }
  });

  it('decision by decision, the same state hashes as the stepper', () => {
    let decisions = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const count = players[seed % players.length];
      const generated = hashes(withGeneratedCode(definition), count, seed);
      expect(generated, `seed ${seed}`).toEqual(hashes(withStepper(definition), count, seed));
      decisions += generated.length;
    }
    expect(decisions).toBeGreaterThan(700);
  });

  it('quiet playouts, where the bot answers inside the generated code: the same games', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const options = { players: players[seed % players.length], seed, keepMoves: false };
      const a = randomPlayout(withGeneratedCode(definition), options);
      const b = randomPlayout(withStepper(definition), options);
      expect(a.state.moveCount, `seed ${seed}`).toBe(b.state.moveCount);
      expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
    }
  });

  it('logged games: the same moves and log', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const options = { players: players[seed % players.length], seed, keepMoves: true };
      const a = randomPlayout(withGeneratedCode(definition), options);
      const b = randomPlayout(withStepper(definition), options);
      expect(a.moves, `seed ${seed}`).toEqual(b.moves);
      expect(a.state.log.map((e) => e.text)).toEqual(b.state.log.map((e) => e.text));
    }
  });
});

describe('where an item is not known to be a seat, its attribute keeps the closure\'s checks', () => {
  it('a filter over a list holding none stops with the closure\'s error, in the same place', () => {
    const definition = compiled('game "Nessuno" { players 2 }\ntokens X reserve 10\nvar chi = none\nturns { if count([current, chi] where it.X >= 0) > 0 { gain 1 X } }\n');
    const a = randomPlayout(withGeneratedCode(definition), { players: 2, seed: 1, keepMoves: false });
    const b = randomPlayout(withStepper(definition), { players: 2, seed: 1, keepMoves: false });
    expect(a.state.error?.message).toMatch(/a player or a zone was expected, but the value is none/);
    expect(a.state.error).toEqual(b.state.error);
    expect(stateHash(a.state)).toBe(stateHash(b.state));
  });
});

describe('a goal whose filter or held runs in a function of its own', () => {
  // The goal's function reads the holder's tokens once (`T`); a filter's function or `held`'s has
  // no `T`, and reads them from the state: a playout on generated code used to stop there.
  for (const goal of ['count([Oro, Ferro] where it >= 2) >= 1', 'held(players where it.Oro >= 2, "Oro") >= 0 and Oro >= 2', 'Oro >= 2 and Ferro >= 1']) {
    it(`plays the stepper's games with the goal ${goal}`, () => {
      const definition = compiled(goalsGame(goal, goal, 10));
      for (let seed = 1; seed <= 20; seed++) {
        const a = randomPlayout(withGeneratedCode(definition), { players: 2, seed, keepMoves: false });
        const b = randomPlayout(withStepper(definition), { players: 2, seed, keepMoves: false });
        expect(a.state.error, `seed ${seed}`).toEqual(b.state.error);
        expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
      }
    });
  }
});
