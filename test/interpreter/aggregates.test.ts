/**
 * `sum of L by S`, `max of …`, `min of …`, `highest of …`, `lowest of …`: a score computed for each
 * element of a list (the element is `it`, its attributes bare names), then added up or compared.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, type Value } from '../../interpreter/index.ts';

/** The values of the named variables at the end of the setup of a 3-player game. */
function after(setup: string, names: string[]): Record<string, Value> {
  const { definition, diagnostics } = compileRules(`game "Conti" { players 3 }
tokens Oro
cards Carte with valore = 0 { 2 Fante { valore 2 } Re { valore 4 } Asso { valore 11 } }
pile Mazzo of Carte public
${names.map((n) => `var ${n} = none`).join('\n')}
setup {
${setup}
}
turns { end game "fine" }
`);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  const started = startGame(definition, { players: 3, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  expect(started.state.error).toBeNull();
  return Object.fromEntries(names.map((n) => [n, started.state.globals[definition.globals.findIndex((g) => g.name === n)]]));
}

describe('scores over a list', () => {
  it('sum of adds up a property of cards; max of and min of give the top and bottom scores', () => {
    expect(after(`
  set totale = sum of Mazzo by valore
  set alto = max of Mazzo by valore
  set basso = min of Mazzo by it.valore * 2`, ['totale', 'alto', 'basso'])).toEqual({ totale: 2 + 2 + 4 + 11, alto: 11, basso: 4 });
  });

  it('highest of and lowest of give every element tied at the top or the bottom, in the list\'s order', () => {
    const values = after(`
  for each p in take(players, 2) { gain 3 Oro to p }
  set ricchi = highest of players by Oro
  set poveri = lowest of players by Oro
  set nessuno = highest of [] by 1`, ['ricchi', 'poveri', 'nessuno']);
    expect(values.ricchi).toEqual([0, 1]);
    expect(values.poveri).toEqual([2]);
    expect(values.nessuno).toEqual([]);
  });

  it('over an empty list: sum of is 0, max of and min of are none', () => {
    expect(after(`
  set s = sum of (Mazzo where valore > 20) by valore
  set m = max of (Mazzo where valore > 20) by valore`, ['s', 'm'])).toEqual({ s: 0, m: null });
  });

  it('sum and max are still functions: sum(…) and max(a, b) read as before', () => {
    expect(after(`
  set a = sum([1, 2, 3])
  set b = max(4, 9)`, ['a', 'b'])).toEqual({ a: 6, b: 9 });
  });

  it('a score that is not a number, or a list that is not a list, is refused with its place', () => {
    const text = `game "G" { players 2 }
tokens Oro
var a = sum of players by it
var b = max of 3 by 1
turns { end game }
`;
    expect(analyze(text).diagnostics.map((d) => `${d.code}`)).toEqual(['type/expected-number', 'type/expected-list']);
  });
});
