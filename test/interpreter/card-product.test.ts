/**
 * Cards made as a product of lists (`each seme in […] by each valore in 1 to 10`), with properties
 * computed from the coordinates or read from a table by one of them; and rules/examples/primiera.rules,
 * which deals the 40-card Italian deck written that way and scores with aggregates that name their element.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, randomPlayout, type GameDefinition } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

const deck = (body: string, extra = '') => `game "G" { players 2 }
cards Carte with primiera = 0, figura = false, rosso = false {
${body}
}
pile Mazzo of Carte public
${extra}
turns { end game "fine" }
`;

function codes(body: string): string[] {
  return analyze(deck(body)).diagnostics.map((d) => d.code);
}

const italian = `  each seme in [Denari, Coppe, Spade, Bastoni] by each valore in 1 to 10 named "{valore} di {seme}" {
    primiera by valore [16, 12, 13, 14, 15, 18, 21, 10, 10, 10]
    figura valore > 7
    rosso seme == Denari or seme == Coppe
  }`;

describe('cards made as a product of two lists', () => {
  it('one line makes the 40 cards, suit by suit, each named from its coordinates', () => {
    const definition = compile(deck(italian));
    expect(definition.cards).toHaveLength(40);
    expect(definition.cards.slice(0, 3).map((c) => c.name)).toEqual(['1 di Denari', '2 di Denari', '3 di Denari']);
    expect(definition.cards[39].name).toBe('10 di Bastoni');
  });

  it('the coordinates are properties; the others come from a table by a coordinate or a calculation on them', () => {
    const definition = compile(deck(italian));
    const property = (card: string, name: string) => {
      const found = definition.cards.find((c) => c.name === card)!;
      return found.properties[definition.cardProperties.indexOf(name)];
    };
    expect(property('7 di Spade', 'seme')).toBe('Spade');
    expect(property('7 di Spade', 'valore')).toBe(7);
    expect(property('7 di Spade', 'primiera')).toBe(21);
    expect(property('1 di Coppe', 'primiera')).toBe(16);
    expect(property('8 di Bastoni', 'figura')).toBe(true);
    expect(property('7 di Coppe', 'figura')).toBe(false);
    expect(property('3 di Coppe', 'rosso')).toBe(true);
    expect(property('3 di Spade', 'rosso')).toBe(false);
  });

  it('the rules read them like any card: a suit is a name, a rank a number', () => {
    const definition = compile(deck(italian, `var denari = 0
var sette = none
setup {
  set denari = sum of c in (Mazzo where seme == Denari) by c.primiera
  set sette = count(Mazzo where valore == 7 and figura == false)
}`));
    const { state } = randomPlayout(definition, { players: 2, seed: 3 });
    expect(state.globals[definition.globals.findIndex((g) => g.name === 'denari')]).toBe(16 + 12 + 13 + 14 + 15 + 18 + 21 + 10 + 10 + 10);
    expect(state.globals[definition.globals.findIndex((g) => g.name === 'sette')]).toBe(4);
  });

  it('with copies, beside hand-written cards, and without a name pattern (the values in the order of the lists, separated by spaces)', () => {
    const definition = compile(deck(`  2 each seme in [Cuori, Picche] by each valore in 1 to 3
  2 Jolly { primiera 50 }`));
    expect(definition.cards.map((c) => c.name)).toEqual([
      'Cuori 1', 'Cuori 1', 'Cuori 2', 'Cuori 2', 'Cuori 3', 'Cuori 3', 'Picche 1', 'Picche 1', 'Picche 2', 'Picche 2', 'Picche 3', 'Picche 3', 'Jolly', 'Jolly',
    ]);
    // A hand-written card has none for the coordinates it was not given.
    const jolly = definition.cards[12];
    expect(jolly.properties[definition.cardProperties.indexOf('seme')]).toBeNull();
  });

  it('mistakes are reported where they are written', () => {
    expect(codes('each seme in [A, B] by each valore in 1 to 3 { primiera by valore [1, 2] }')).toEqual(['number/invalid']);
    expect(codes('each seme in [A, B] by each valore in 3 to 1')).toEqual(['number/invalid']);
    expect(codes('each seme in [A, B] by each valore in 1 to 3 named "{valor} di {seme}"')).toEqual(['name/unknown']);
    expect(codes('each seme in [A, B] by each valore in 1 to 3 { punti 2 }')).toEqual(['name/unknown']);
    expect(codes('each seme in [A, B] by each valore in 1 to 3 { primiera count(Mazzo) }')).toEqual(['option/not-constant']);
    expect(codes('each seme in [A, B] by each valore in 1 to 3 { primiera seme + 1 }')).toEqual(['option/not-constant']);
    expect(codes('each seme in [A, B] by each seme in 1 to 3')).toEqual(['name/duplicate']);
    expect(codes('each x in 1 to 40 by each y in 1 to 40')).toEqual(['number/invalid']);
    // An undeclared name in a property is one mistake, not one per card.
    expect(codes('each seme in [A, B] by each valore in 1 to 3 { primiera Oro }')).toEqual(['name/unknown']);
  });
});

describe('rules/examples/primiera.rules', () => {
  const primiera = loadDefinition('examples/primiera.rules');
  const scoreOf = (cards: number[]) => {
    const at = (card: number, name: string) => primiera.cards[card].properties[primiera.cardProperties.indexOf(name)];
    const best = new Map<unknown, number>();
    for (const card of cards) best.set(at(card, 'seme'), Math.max(best.get(at(card, 'seme')) ?? 0, at(card, 'primiera') as number));
    return [...best.values()].reduce((a, b) => a + b, 0);
  };

  it('deals the 40-card deck and crowns the highest primiera, computed here independently', () => {
    expect(primiera.cards).toHaveLength(40);
    for (let seed = 1; seed <= 40; seed++) {
      const players = 2 + (seed % 3);
      const { state, outcome } = randomPlayout(primiera, { players, seed });
      expect(outcome.kind).toBe('win');
      const mano = primiera.piles.findIndex((p) => p.name === 'Mano');
      const scores = Array.from({ length: players }, (_, p) => scoreOf(state.piles[state.pileBase[mano] + p]));
      const best = Math.max(...scores);
      expect(outcome.winners).toEqual(scores.flatMap((s, p) => (s === best ? [p] : [])));
      const punti = primiera.playerVars.findIndex((v) => v.name === 'punti');
      expect(state.players.map((p) => p.vars[punti])).toEqual(scores);
    }
  });
});
