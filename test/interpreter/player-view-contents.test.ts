/**
 * What a player's view holds, as docs/api.md §8 says: the player's own piles with the cards they
 * may not see as null, `waiting`, and the choice waiting — its labels, picks and selection to its
 * chooser only.
 */
import { describe, expect, it } from 'vitest';
import { compileRules, Match, type GameDefinition } from '../../interpreter/index.ts';

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

const game = compiled(`
game "Mano" { players 2 }
cards Carte with valore = 0 { Uno { valore 1 } Due { valore 2 } Tre { valore 3 } Quattro { valore 4 } }
pile Mazzo of Carte hidden
player pile Mano secret
pile Scarti public
setup {
  for each p in players { draw 2 from Mazzo to p.Mano }
}
turns {
  choose some xs from current.Mano where sum of xs by valore <= 4 prompt "Da scartare"
  move xs to Scarti
  end game "fatto"
}`);

function started(): Match {
  const result = Match.start(game, { players: 2, seed: 1 });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.match;
}

describe("a player's view", () => {
  it("holds each player's own piles: their cards to them, null to the other player, counted for both", () => {
    const match = started();
    const hand = (viewer: number, seat: number) => match.view(viewer).players[seat].piles.find((p) => p.name === 'Mano')!;
    expect(hand(0, 0)).toMatchObject({ count: 2, cards: ['Uno', 'Due'] });
    expect(hand(1, 0)).toMatchObject({ count: 2, cards: [null, null] });
    expect(hand(0, 1).cards).toEqual([null, null]);
    expect(match.view('referee').players[1].piles[0].cards).toEqual(['Tre', 'Quattro']);
  });

  it('holds who is waiting, and the choice waiting: its labels, picks and selection to its chooser only', () => {
    const match = started();
    expect(match.apply({ player: 0, choice: 'pick Uno' })).toEqual({ ok: true });
    const own = match.view(0);
    const other = match.view(1);
    expect(own.waiting).toEqual(['P1']);
    expect(other.waiting).toEqual(['P1']);
    expect(own.pending).toMatchObject({ player: 'P1', kind: 'select', prompt: 'Da scartare', choices: ['Uno', 'Due'], picked: ['Uno'] });
    expect(own.pending!.selection).toEqual({ min: 1, max: 2, total: 1, target: '<= 4', reason: null });
    expect(other.pending).toMatchObject({ player: 'P1', kind: 'select', choices: null, picked: [] });
    expect(other.pending!.selection).toBeUndefined();
  });
});
