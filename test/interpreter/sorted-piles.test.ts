/**
 * `sorted by` on a pile: views (a player's, the CLI's, the studio's) show its cards in the
 * declared order; the game itself — its piles, moves and hash — is as without it.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { randomPlayout, stateHash, viewFor } from '../../interpreter/index.ts';
import { compileText, Scenario } from '../support/scenario.ts';

const rules = (sorted: string) => `
game "Mani" { players 2 }
cards Carte with forza = 0 {
  each seme in [Denari, Coppe] by each valore in 1 to 5 named "{valore} di {seme}" {
    forza by valore [8, 9, 10, 1, 2]
  }
}
pile Mazzo of Carte hidden
pile Tavolo public ${sorted}
player pile Mano secret ${sorted}
setup {
  shuffle Mazzo
  deal 4 from Mazzo to Mano
}
turns {
  choose c from current.Mano by current prompt "Carta"
  move c to Tavolo
  if count(Tavolo) == 6 { end game "fine" }
}
`;

const hand = (definition: ReturnType<typeof compileText>, state: Scenario['state'], viewer: number | 'referee', seat: number) =>
  viewFor(definition, state, viewer).players[seat].piles.find((p) => p.name === 'Mano')!;

describe('sorted by', () => {
  const sorted = compileText(rules('sorted by seme, forza'));
  // As long as the sorted text, so that every statement is at the same place (the log says where).
  const plain = compileText(rules(' '.repeat('sorted by seme, forza'.length)));

  it("shows a player's own hand by suit, in the deck's order of suits, then by strength", () => {
    const game = new Scenario(sorted, 2, { seed: 5 });
    const own = hand(sorted, game.state, 0, 0);
    const asDealt = hand(plain, new Scenario(plain, 2, { seed: 5 }).state, 0, 0);
    expect(own.sorted).toBe(true);
    expect(new Set(own.cards)).toEqual(new Set(asDealt.cards));
    const cardOf = (name: string | null) => sorted.cards.find((c) => c.name === name)!;
    const places = own.cards.map((name) => {
      const card = cardOf(name);
      return [['Denari', 'Coppe'].indexOf(card.properties[sorted.cardProperties.indexOf('seme')] as string), card.properties[sorted.cardProperties.indexOf('forza')] as number];
    });
    expect(places).toEqual(places.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // The deal at this seed is not already in order: the sort is the view's doing.
    expect(own.cards).not.toEqual(asDealt.cards);
  });

  it("leaves another player's view of the hand as it lies: only backs, nothing sorted by what they cannot see", () => {
    const game = new Scenario(sorted, 2, { seed: 5 });
    expect(hand(sorted, game.state, 1, 0).cards).toEqual([null, null, null, null]);
  });

  it('a public pile is shown sorted to everybody', () => {
    const { state } = randomPlayout(sorted, { players: 2, seed: 3, keepMoves: true });
    const table = viewFor(sorted, state, 1).piles.find((p) => p.name === 'Tavolo')!;
    const ranks = table.cards.map((name) => sorted.piles[1].sortRank![sorted.cards.findIndex((c) => c.name === name)]);
    expect(ranks).toEqual(ranks.slice().sort((a, b) => a - b));
  });

  it('changes nothing in the game: the same seeds give the same moves and state hashes', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const a = randomPlayout(sorted, { players: 2, seed, keepMoves: true });
      const b = randomPlayout(plain, { players: 2, seed, keepMoves: true });
      expect(a.moves).toEqual(b.moves);
      expect(stateHash(a.state)).toBe(stateHash(b.state));
    }
  });

  it('names only properties of the cards, with a suggestion for a misspelt one', () => {
    const { diagnostics } = analyze(rules('sorted by sme'));
    const wrong = diagnostics.filter((d) => d.code === 'name/unknown-attribute');
    expect(wrong).toHaveLength(2);
    expect(wrong[0].message).toBe("the cards have no property 'sme' to sort by: a pile is sorted by 'name', 'forza', 'seme', 'valore'");
    expect(wrong[0].suggestion).toBe('seme');
  });
});
