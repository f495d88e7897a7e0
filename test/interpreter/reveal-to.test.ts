/**
 * `reveal CARDS to PLAYERS` (docs/language.md §6.3): a card shown to some players
 * only — their views name it, the others' do not, until the card moves; the log tells them its
 * name and the others that a card was shown; a search bot shown a card keeps it where it lies.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { applyMoveInPlace, cloneState, compileRules, startGame, viewFor, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { determinize, hiddenPriors } from '../../interpreter/bots/index.ts';

const game = `game "Indizi" { players 3 }
cards Carte { Corda Pugnale Pistola Candeliere Chiave Tubo }
pile Mazzo of Carte hidden
pile Scarti public
player pile Mano secret
setup {
  deal 2 from Mazzo to Mano
  reveal top(top(players).Mano) to left(top(players))
  reveal top(left(top(players)).Mano) to [top(players), right(top(players))]
}
turns {
  choose by current prompt "?" {
    option "passa la carta mostrata" { move top(current.Mano) to right(current).Mano }
    option "fine" { end game }
  }
}
`;

function started(): { definition: GameDefinition; state: GameState } {
  const { definition, diagnostics } = compileRules(game);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  const result = startGame(definition, { players: 3, seed: 1 });
  if (!result.ok) throw new Error(result.diagnostic.message);
  expect(result.state.error).toBeNull();
  return { definition, state: result.state };
}

/** The names of `owner`'s hand as `viewer` sees them (null: a card's back). */
const handSeen = (definition: GameDefinition, state: GameState, viewer: number, owner: number) =>
  viewFor(definition, state, viewer).players[owner].piles!.find((p) => p.name === 'Mano')!.cards;

describe('reveal … to', () => {
  it('the players shown a card see it in its owner\'s hand; the others do not', () => {
    const { definition, state } = started();
    // Dealt from the top: P1 holds Candeliere (on top) and Corda, P2 Chiave and Pugnale, P3 Tubo and Pistola.
    expect(handSeen(definition, state, 0, 0)).toEqual(['Candeliere', 'Corda']);
    expect(handSeen(definition, state, 1, 0)).toEqual(['Candeliere', null]);
    expect(handSeen(definition, state, 2, 0)).toEqual([null, null]);
    // Shown to a list of players: P1 and P3 see P2's top card.
    expect(handSeen(definition, state, 0, 1)).toEqual(['Chiave', null]);
    expect(handSeen(definition, state, 2, 1)).toEqual(['Chiave', null]);
    expect(handSeen(definition, state, 'referee' as unknown as number, 1)).toEqual(['Chiave', 'Pugnale']);
  });

  it('the log names the card to each player shown it, and says to the others that a card was shown', () => {
    const { definition, state } = started();
    const log = (viewer: number) => viewFor(definition, state, viewer).log.map((l) => l.text).filter((t) => t.includes('shows'));
    // Each card is shown by the player holding it.
    expect(log(1)).toEqual(['P1 shows P2 Candeliere', 'P2 shows P1 a card', 'P2 shows P3 a card']);
    expect(log(2)).toEqual(['P1 shows P2 a card', 'P2 shows P1 a card', 'P2 shows P3 Chiave']);
  });

  it('once the card moves, those it was shown to no longer see it', () => {
    const { definition, state } = started();
    // P1 passes Candeliere (shown to P2) to P3.
    const moved = cloneState(state);
    applyMoveInPlace(definition, moved, { player: 0, choice: 'passa la carta mostrata' });
    expect(handSeen(definition, moved, 2, 2)).toContain('Candeliere');
    expect(handSeen(definition, moved, 1, 2)).toEqual([null, null, null]);
    // The state before is untouched: a copy does not share what it changes.
    expect(handSeen(definition, state, 1, 0)).toEqual(['Candeliere', null]);
  });

  it('a game that shows no card to one player has no trace of it in its state (its saves keep their hashes)', () => {
    const { definition, diagnostics } = compileRules(game.replace(/  reveal.*\n/g, ''));
    expect(diagnostics).toEqual([]);
    const result = startGame(definition!, { players: 3, seed: 1 });
    expect(result.ok && 'shownTo' in result.state).toBe(false);
  });

  it('a search bot shown a card keeps it where it lies; the cards it was not shown are drawn again', () => {
    const { definition, state } = started();
    const priors = hiddenPriors(definition, 3, null);
    let others = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const guess = determinize(definition, state, 1, { state: seed }, priors);
      const p1 = guess.piles[guess.pileBase[2] + 0].map((c) => definition.cards[c].name);
      expect(p1[0], `seed ${seed}`).toBe('Candeliere');
      if (p1[1] !== 'Corda') others++;
    }
    expect(others).toBeGreaterThan(0);
  });

  it('shows cards to a player or a list of players, nothing else', () => {
    const codes = analyze(game.replace('to left(top(players))', 'to Mazzo')).diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(codes).toEqual(['type/expected-player: a card is shown to a player or a list of players, but this is a list of cards']);
  });
});
