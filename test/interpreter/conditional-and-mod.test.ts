/**
 * `if CONDITION then A else B` as a value and `a mod b` at run time: the values they give, that
 * only the chosen side is computed, cards made as a product with them, and the same games on the
 * stepper and in generated code (which writes both out, leaving neither to a closure).
 */
import { describe, expect, it } from 'vitest';
import { compiled, valuesAfterSetup as after } from '../support/setup-values.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { programReports, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

describe('mod and if … then … else … give their values', () => {
  it('mod is the remainder that goes with / (rounding down): its sign is the divisor\'s', () => {
    expect(after('var sette = 7', `set a = sette mod 3
set b = (0 - sette) mod 3
set c = sette mod (0 - 3)
set d = (0 - sette) / 3 * 3 + (0 - sette) mod 3
set e = 6 mod 3`, ['a', 'b', 'c', 'd', 'e'])).toEqual({ a: 1, b: 2, c: -2, d: -7, e: 0 });
  });

  it('a conditional value is the side its condition picks, in a define and a set', () => {
    expect(after(`var n = 4
define Punti(k) = if k == 1 then 13 else k mod 3`, `set a = Punti(1)
set b = Punti(n)
set c = if n > 3 and Punti(n) == 1 then [n, 2] else []
set d = 1 + (if n mod 2 == 0 then 10 else 20)
set e = if false then 1 else if n == 4 then 2 else 3`, ['a', 'b', 'c', 'd', 'e'])).toEqual({ a: 13, b: 1, c: [4, 2], d: 11, e: 2 });
  });

  it('computes only the side it picks: the other may divide by zero', () => {
    expect(after('var zero = 0', `set a = if zero == 0 then 0 else 10 / zero
set b = if zero != 0 then 10 mod zero else 5`, ['a', 'b'])).toEqual({ a: 0, b: 5 });
  });

  it('gives cards made as a product their computed properties', () => {
    const definition = compiled(`game "Mazzo" { players 2 }
cards Carte with punti = 0, pari = false {
  each seme in [Denari, Coppe] by each valore in 1 to 4 {
    punti if valore == 1 then 13 else valore mod 3
    pari valore mod 2 == 0
  }
}
turns { end game "fine" }
`);
    // The properties declared after `with` (punti, pari) come first, then the coordinates.
    expect(definition.cards.map((card) => [card.name, ...card.properties.slice(0, 2)])).toEqual([
      ['Denari 1', 13, false], ['Denari 2', 2, true], ['Denari 3', 0, false], ['Denari 4', 1, true],
      ['Coppe 1', 13, false], ['Coppe 2', 2, true], ['Coppe 3', 0, false], ['Coppe 4', 1, true],
    ]);
  });
});

const game = `game "Resto" { players 2 to 4 turn limit 200 }
tokens Oro reserve 500
player var punti = 0
cards Carte with valore = 0 {
  each seme in [Denari, Coppe, Spade] by each numero in 1 to 10 named "{numero} di {seme}" { valore numero }
}
pile Mazzo of Carte hidden
player pile Mano public
define Premio(c) = if c.valore == 1 then 13 else c.valore mod 4
setup {
  shuffle Mazzo
  for each p in players { draw 3 from Mazzo to p.Mano }
}
turns {
  if round > 6 { win highest of players by punti "il totale più alto" }
  choose c from current.Mano where Premio(it) > 0 or count(current.Mano) == 1 by current prompt "Una carta"
  set current.punti = current.punti + (if current.Oro mod 2 == 0 then Premio(c) else 0 - Premio(c) mod 3)
  gain (if c.valore mod 2 == 1 then 1 else 2) Oro
  log "{c}: {if Premio(c) > 3 then current.punti else round mod 3}"
  move c to Mazzo
  shuffle Mazzo
  draw 1 from Mazzo to current.Mano
}
`;

describe('if … then … else … and mod on both back ends', () => {
  const definition = compiled(game);

  it('the generated code writes both out (none left to a closure)', () => {
    const generated = withGeneratedCode(definition);
    for (const programs of [definition.programs, definition.batchPrograms()]) {
      for (const report of programReports(generated, programs)) {
        expect(report.generated, report.program).toBe(true);
        expect(report.fallbacks.filter((f) => f.what === 'conditional' || f.what === 'binary'), report.program).toEqual([]);
      }
    }
    const turn = programReports(generated, definition.batchPrograms()).find((r) => r.program === 'turn')!;
    expect(turn.source).toContain('H.modulo(');
  });

  it('random games end the same on the stepper and in generated code, quiet and logged', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const players = 2 + (seed % 3);
      for (const keepMoves of [false, true]) {
        const a = randomPlayout(withGeneratedCode(definition), { players, seed, keepMoves });
        const b = randomPlayout(withStepper(definition), { players, seed, keepMoves });
        expect(a.state.error, `seed ${seed}`).toBeNull();
        expect(a.state.outcome, `seed ${seed}`).not.toBeNull();
        expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
      }
    }
  });
});
