/**
 * Property: a role's goal, whatever it is built of, is met in generated code exactly when the
 * stepper's closure says so. Goals are drawn by fast-check from the expressions the generator
 * writes in more than one place: the holder's tokens (read once into `T` in the goals' own
 * function), filters over lists of tokens and over players (each a function of its own, where
 * `T` is not), `held`, `count`, `and`, `or`, `not`. A goal that put `T` into a filter's function
 * once stopped every generated playout with a ReferenceError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { goalsGame } from '../support/goals-game.ts';

const token = fc.constantFrom('Oro', 'Ferro');
const small = fc.integer({ min: 0, max: 3 });
const comparison = fc.constantFrom('>=', '==', '<=', '>', '<');

/** A goal's expression, a truth value, up to `depth` connectives deep. */
const goal: fc.Arbitrary<string> = fc.letrec<{ goal: string }>((tie) => ({
  goal: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(token, comparison, small).map(([t, c, n]) => `${t} ${c} ${n}`),
    fc.tuple(comparison, small).map(([c, n]) => `count([Oro, Ferro] where it ${c} ${n}) >= 1`),
    fc.tuple(token, comparison, small).map(([t, c, n]) => `count(players where it.${t} ${c} ${n}) >= 1`),
    fc.tuple(token, small).map(([t, n]) => `held(players where it.${t} >= ${n}, "${t}") >= 0`),
    fc.tuple(tie('goal'), tie('goal')).map(([a, b]) => `(${a}) and (${b})`),
    fc.tuple(tie('goal'), tie('goal')).map(([a, b]) => `(${a}) or (${b})`),
    tie('goal').map((a) => `not (${a})`),
  ),
})).goal;

describe('roles\' goals in generated code', () => {
  it('play the stepper\'s games, whatever the goal is made of', () => {
    fc.assert(fc.property(goal, goal, (first, second) => {
      const { definition, diagnostics } = compileRules(goalsGame(first, second, 8));
      // A goal the checker refuses (a comparison of a list, say) is no case here.
      if (!definition) return diagnostics.length > 0;
      for (let seed = 1; seed <= 4; seed++) {
        const options = { players: 2, seed, keepMoves: false };
        const a = randomPlayout(withGeneratedCode(definition), options);
        const b = randomPlayout(withStepper(definition), options);
        expect(a.state.error, `${first} / ${second}, seed ${seed}`).toEqual(b.state.error);
        expect(stateHash(a.state), `${first} / ${second}, seed ${seed}`).toBe(stateHash(b.state));
      }
      return true;
    }), { numRuns: 150, seed: 15 });
  });
});
