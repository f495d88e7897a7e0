/**
 * Only a choice of cards is drawn as cards: a place, a player or an option that happens to share a
 * card's name (No Tav's site "Trivella" and its action card "Trivella") is a plain button.
 */
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition } from '../../interpreter/index.ts';
import { rebuildMatch } from '../../studio/src/lib/playtest.ts';
import { cardFaces, choicePanel, symbolPalette } from '../../studio/src/playtest/view-model.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const game = compile(`game "Omonimi" { players 2 }
zones Siti { Trivella  Presidio }
cards Azione { Trivella  Blitz }
pile Mazzo of Azione public
tokens Pedina reserve 10
turns {
  choose s from Siti by current prompt "Dove?"
  gain 1 Pedina to s
  choose c from Mazzo by current prompt "Quale carta?"
  move c to Mazzo
  choose by current prompt "Come?" { option "Trivella" { log "t" } option "Blitz" { log "b" } }
}
`);

function panelAfter(moves: string[]) {
  const rebuilt = rebuildMatch(game, { players: 2, seed: 1, variant: null }, moves.map((choice) => ({ player: 0, choice })));
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  const panel = choicePanel(rebuilt.match.view('referee'), rebuilt.match, symbolPalette(game), cardFaces(game));
  if (panel.kind !== 'choose') throw new Error(panel.kind);
  return panel;
}

describe('cards in the choice panel', () => {
  it('a place named like a card is a place', () => {
    const panel = panelAfter([]);
    expect(panel.prompt).toBe('Dove?');
    expect(panel.moves.map((m) => [m.label, m.card])).toEqual([['Trivella', null], ['Presidio', null]]);
  });

  it('a card is a card', () => {
    const panel = panelAfter(['Trivella']);
    expect(panel.prompt).toBe('Quale carta?');
    expect(panel.moves.map((m) => m.card?.name)).toEqual(['Trivella', 'Blitz']);
  });

  it('an option labelled like a card is an option', () => {
    const panel = panelAfter(['Trivella', 'Trivella']);
    expect(panel.prompt).toBe('Come?');
    expect(panel.moves.map((m) => m.card)).toEqual([null, null]);
  });
});
