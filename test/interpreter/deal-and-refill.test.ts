/**
 * `deal COUNT|all from PILE to PLAYERPILE` and `pile … refill from PILE` (docs/language.md §6.3):
 * the cards each player gets and in what order, what the log says to whom, a
 * deck that runs out and takes back its discards, and what the checker refuses.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, viewFor, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

/** Twelve cards named C1…C12, top first in Mazzo as written. */
const cards = `cards Carte with valore = 0 { ${Array.from({ length: 12 }, (_, i) => `C${i + 1} { valore ${i + 1} }`).join(' ')} }`;

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
  return definition;
}

/** The game after the setup, waiting for the first player's choice (not over: the views hide what they hide). */
function started(setup: string, players: number, piles = 'pile Mazzo of Carte hidden\npile Scarti public'): { definition: GameDefinition; state: GameState } {
  const definition = compiled(`game "Mazzi" { players 2 to 4 }\n${cards}\n${piles}\nplayer pile Mano secret\nsetup {\n${setup}\n}\nturns { choose by current { option "fine" { end game } option "ancora" { end turn } } }\n`);
  const result = startGame(definition, { players, seed: 3 });
  if (!result.ok) throw new Error(result.diagnostic.message);
  expect(result.state.error).toBeNull();
  return { definition, state: result.state };
}

const names = (definition: GameDefinition, list: number[]) => list.map((c) => definition.cards[c].name);
const hand = (definition: GameDefinition, state: GameState, player: number) =>
  names(definition, state.piles[state.pileBase[definition.piles.findIndex((p) => p.name === 'Mano')] + player]);
const pile = (definition: GameDefinition, state: GameState, name: string) => names(definition, state.piles[state.pileBase[definition.piles.findIndex((p) => p.name === name)]]);

describe('deal', () => {
  it('gives one card at a time round the table from the first seat, each on top of the hand', () => {
    const { definition, state } = started('deal 3 from Mazzo to Mano', 3);
    // P1 gets C1, C4, C7; P2 C2, C5, C8; P3 C3, C6, C9: the last dealt lies on top.
    expect([0, 1, 2].map((p) => hand(definition, state, p))).toEqual([['C7', 'C4', 'C1'], ['C8', 'C5', 'C2'], ['C9', 'C6', 'C3']]);
    expect(pile(definition, state, 'Mazzo')).toEqual(['C10', 'C11', 'C12']);
  });

  it('stops where the pile runs out, the first players with one more; deal all deals the whole pile', () => {
    const short = started('deal 5 from Mazzo to Mano', 3);
    expect([0, 1, 2].map((p) => hand(short.definition, short.state, p).length)).toEqual([4, 4, 4]);
    const all = started('deal all from Mazzo to Mano', 4);
    expect([0, 1, 2, 3].map((p) => hand(all.definition, all.state, p).length)).toEqual([3, 3, 3, 3]);
    const uneven = started('move top(Mazzo) to Scarti\ndeal all from Mazzo to Mano', 3);
    expect([0, 1, 2].map((p) => hand(uneven.definition, uneven.state, p).length)).toEqual([4, 4, 3]);
    expect(pile(uneven.definition, uneven.state, 'Mazzo')).toEqual([]);
  });

  it('a count of 0 or less deals nothing; the players are those still in, from the current one', () => {
    expect(hand(...Object.values(started('deal 0 - 2 from Mazzo to Mano', 2)) as [GameDefinition, GameState], 0)).toEqual([]);
    const definition = compiled(`game "G" { players 3 }\n${cards}\npile Mazzo of Carte hidden\nplayer pile Mano secret\nturns {\n  if turn == 2 { eliminate left(current) "fuori" }\n  if turn == 2 { deal 1 from Mazzo to Mano  end game }\n}\n`);
    const result = randomPlayout(withStepper(definition), { players: 3, seed: 1, keepMoves: true });
    // Turn 2 is P2's; P3 is out: P2 first, then P1.
    expect([0, 1, 2].map((p) => hand(definition, result.state, p))).toEqual([['C2'], ['C1'], []]);
  });

  it("the log names each player's cards to that player only", () => {
    const { definition, state } = started('deal 2 from Mazzo to Mano', 2);
    const mine = viewFor(definition, state, 0).log.map((l) => l.text);
    const theirs = viewFor(definition, state, 1).log.map((l) => l.text);
    // In the order dealt.
    expect(mine).toContain("the setup deals 2 from Mazzo to P1's Mano: C1, C3");
    expect(mine).toContain("the setup deals 2 from Mazzo to P2's Mano");
    expect(theirs).toContain("the setup deals 2 from Mazzo to P1's Mano");
    expect(theirs).toContain("the setup deals 2 from Mazzo to P2's Mano: C2, C4");
  });
});

describe('refill from', () => {
  const piles = 'pile Mazzo of Carte hidden refill from Scarti\npile Scarti public';

  it('a draw that runs the pile out shuffles the discards in first, face down, and goes on drawing', () => {
    const { definition, state } = started('move take(Mazzo, 9) to Scarti\ndraw 5 from Mazzo to top(players).Mano', 2, piles);
    // Three from the deck, then the nine discards shuffled in, two more from them.
    expect(hand(definition, state, 0)).toHaveLength(5);
    expect(pile(definition, state, 'Scarti')).toEqual([]);
    expect(pile(definition, state, 'Mazzo')).toHaveLength(7);
    // Every card is somewhere, once.
    expect([...hand(definition, state, 0), ...pile(definition, state, 'Mazzo')].sort()).toEqual(names(definition, definition.piles[0].initial).sort());
    // The deck is hidden: the cards that were face up on Scarti are not shown any more.
    expect(viewFor(definition, state, 1).piles.find((p) => p.name === 'Mazzo')).toMatchObject({ count: 7 });
    for (const card of state.piles[state.pileBase[0]]) expect(state.revealed[card]).toBe(false);
    expect(state.log.map((l) => l.text)).toContain('Scarti (9 cards) is shuffled into Mazzo');
  });

  it('with the refill pile empty too, fewer cards are drawn; without refill from, the pile is not refilled', () => {
    const empty = started('draw 15 from Mazzo to top(players).Mano', 2, piles);
    expect(hand(empty.definition, empty.state, 0)).toHaveLength(12);
    const plain = started('move take(Mazzo, 9) to Scarti\ndraw 5 from Mazzo to top(players).Mano', 2);
    expect(hand(plain.definition, plain.state, 0)).toHaveLength(3);
    expect(pile(plain.definition, plain.state, 'Scarti')).toHaveLength(9);
  });

  it('a deal with a count refills too; deal all deals the pile as it is', () => {
    const counted = started('move take(Mazzo, 10) to Scarti\ndeal 3 from Mazzo to Mano', 2, piles);
    expect([0, 1].map((p) => hand(counted.definition, counted.state, p).length)).toEqual([3, 3]);
    const all = started('move take(Mazzo, 10) to Scarti\ndeal all from Mazzo to Mano', 2, piles);
    expect([0, 1].map((p) => hand(all.definition, all.state, p).length)).toEqual([1, 1]);
    expect(pile(all.definition, all.state, 'Scarti')).toHaveLength(10);
  });

  it('the same games on the stepper and in generated code', () => {
    const definition = compiled(`game "Giro" { players 2 to 4 }
${cards}
${piles}
player pile Mano secret
tokens Punto reserve 500
setup { shuffle Mazzo  deal 2 from Mazzo to Mano }
turns {
  choose c from current.Mano by current prompt "Gioca"
  move c to Scarti
  gain c.valore Punto
  draw 2 from Mazzo to current.Mano
  if current.Punto >= 40 { win current "quaranta" }
}
`);
    for (let seed = 1; seed <= 30; seed++) {
      const options = { players: 2 + (seed % 3), seed, keepMoves: false };
      const a = randomPlayout(withGeneratedCode(definition), options);
      const b = randomPlayout(withStepper(definition), options);
      expect(a.state.error).toBeNull();
      expect(a.state.outcome?.kind).toBe('win');
      expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
    }
  });
});

describe('what the checker refuses', () => {
  const codes = (text: string) => analyze(`game "G" { players 2 }\n${cards}\n${text}\n`).diagnostics.map((d) => `${d.code}: ${d.message}${d.suggestion ? ` (${d.suggestion})` : ''}`);

  it('deal to a pile that is not every player\'s, or to no pile', () => {
    expect(codes('pile Mazzo of Carte hidden\npile Tavolo public\nplayer pile Mano secret\nsetup { deal 2 from Mazzo to Tavolo }\nturns { end game }')).toEqual([
      "type/expected-pile: 'Tavolo' is not a pile every player has: deal gives cards to each player's own pile (Mano)",
    ]);
    expect(codes('pile Mazzo of Carte hidden\nplayer pile Mano secret\nsetup { deal 2 from Mazzo to Mani }\nturns { end game }')).toEqual([
      "type/expected-pile: there is no player pile called 'Mani' (Mano)",
    ]);
  });

  it('dealing inside a simultaneous block', () => {
    expect(codes('pile Mazzo of Carte hidden\nplayer pile Mano secret\nturns { simultaneously for each p in players { deal 1 from Mazzo to Mano } }')[0])
      .toMatch(/^flow\/simultaneous: dealing cards cannot happen inside a simultaneous block/);
  });
});
