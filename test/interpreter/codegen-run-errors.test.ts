/**
 * A game that stops on its own stops the same way through the generated code as through the
 * stepper: the step limit at the same instruction, a failing rule with its own message and place.
 */
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

const cases: { name: string; text: string; code: string; message: RegExp }[] = [
  {
    name: 'a loop that never reaches a choice', code: 'run/step-limit', message: /a loop never ends/,
    text: 'game "Loop" { players 2 }\ntokens X reserve 10\nturns { while 1 == 1 { gain 1 X } }\n',
  },
  {
    name: 'none where a player is needed', code: 'run/error', message: /a player or a zone was expected, but the value is none/,
    text: 'game "Fail" { players 2 }\ntokens X reserve 10\nvar chi = none\nturns { gain 1 X to chi }\n',
  },
  {
    name: 'a division by zero', code: 'run/error', message: /division by zero/,
    text: 'game "Div" { players 2 }\ntokens X reserve 10\nvar zero = 0\nturns { gain 10 / zero X }\n',
  },
  {
    name: 'a remainder by zero', code: 'run/error', message: /remainder of a division by zero \(mod 0\)/,
    text: 'game "Resto" { players 2 }\ntokens X reserve 10\nvar zero = 0\nturns { gain 10 mod zero X }\n',
  },
  {
    // The card was drawn from the deck, never played from a hand: nobody played it.
    name: 'the next turn to the player of a card nobody played', code: 'run/error', message: /next turn to: a player was expected, but the value is none/,
    text: 'game "Chi" { players 2 }\ncards Carte with valore = 0 { Asso }\npile Mazzo of Carte hidden\npile Tavolo public\nsetup { draw 1 from Mazzo to Tavolo }\nturns { next turn to top(Tavolo).player }\n',
  },
];

describe.each(cases)('generated code stops like the stepper: $name', ({ text, code, message }) => {
  it('same error, same place, same state, quiet and logged', () => {
    const { definition, diagnostics } = compileRules(text);
    expect(definition, diagnostics.map((d) => d.message).join('; ')).not.toBeNull();
    for (const keepMoves of [false, true]) {
      const a = randomPlayout(withGeneratedCode(definition!), { players: 2, seed: 1, keepMoves });
      const b = randomPlayout(withStepper(definition!), { players: 2, seed: 1, keepMoves });
      expect(a.state.error?.code).toBe(code);
      expect(a.state.error?.message).toMatch(message);
      expect(a.state.error).toEqual(b.state.error);
      expect(stateHash(a.state)).toBe(stateHash(b.state));
    }
  });
});
