/**
 * Tricks: a card played from a hand into a shared pile remembers who played it (`c.player`), and
 * the first card played into a pile is its bottom (`bottom`), on both back ends.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { randomPlayout, viewFor } from '../../interpreter/index.ts';
import { renderView } from '../../cli/render.ts';
import { pileRow } from '../../studio/src/playtest/piles-view-model.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { compileText, Scenario } from '../support/scenario.ts';

const rules = `
game "Chi" { players 2 }
cards Carte with valore = 0 { Asso { valore 1 } Due { valore 2 } Tre { valore 3 } Quattro { valore 4 } Cinque { valore 5 } }
pile Mazzo of Carte hidden
pile Presa public
pile Scarti public
player pile Mano secret
setup {
  deal 2 from Mazzo to Mano
  draw 1 from Mazzo to Scarti
}
turns {
  choose c from current.Mano by current prompt "Carta"
  move c to Presa
  log "{top(Presa)} di {top(Presa).player}, aperta da {bottom(Presa).player} con {bottom(Presa)}; dal mazzo: {top(Scarti).player}"
  if count(Presa) == 2 {
    move Presa to Scarti
    log "negli scarti: {top(Scarti).player}"
    move top(Scarti) to current.Mano
    log "ripresa in mano: {top(current.Mano).player}"
  }
}
`;

const lines = (game: Scenario) => game.state.log.filter((e) => e.kind === 'note').map((e) => e.text.replace(/^P\d: /, ''));

describe('who played each card', () => {
  const definition = compileText(rules);

  it('a card played from a hand names its player; the bottom of the pile is the first card played', () => {
    const game = new Scenario(definition, 2);
    game.choose(0, 'Asso');
    game.choose(1, 'Quattro');
    // Presa, top first, goes onto Scarti as it lies: Quattro on top, Asso under it, then back to a hand.
    expect(lines(game)).toEqual([
      'Asso di P1, aperta da P1 con Asso; dal mazzo: none',
      'Quattro di P2, aperta da P1 con Asso; dal mazzo: none',
      'negli scarti: P2',
      'ripresa in mano: none',
      // Asso went on from Presa to Scarti, two shared piles: still P1's.
      'Tre di P1, aperta da P1 con Tre; dal mazzo: P1',
    ]);
  });

  it('generated code and the stepper read the same players', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const a = randomPlayout(withGeneratedCode(definition), { players: 2, seed, keepMoves: true, maxRounds: 3 });
      const b = randomPlayout(withStepper(definition), { players: 2, seed, keepMoves: true, maxRounds: 3 });
      expect(a.state.log.map((e) => e.text)).toEqual(b.state.log.map((e) => e.text));
      expect(a.state.playedBy).toEqual(b.state.playedBy);
    }
  });

  it('views show who played each card of a trick: the engine\'s, the CLI\'s and the studio\'s', () => {
    const game = new Scenario(definition, 2);
    game.choose(0, 'Asso');
    const presa = viewFor(definition, game.state, 1).piles.find((p) => p.name === 'Presa')!;
    expect(presa.cards).toEqual(['Asso']);
    expect(presa.playedBy).toEqual(['P1']);
    // Cinque came from the deck: nobody played it.
    expect(viewFor(definition, game.state, 1).piles.find((p) => p.name === 'Scarti')!.playedBy).toEqual([null]);
    expect(renderView(viewFor(definition, game.state, 1))).toContain('  Presa: Asso (P1)');
    expect(pileRow(presa, new Map()).items).toEqual([{ kind: 'face', face: expect.objectContaining({ name: 'Asso' }), player: 'P1' }]);
  });

  it('is kept only by rules that read it, so other games\' states are as before', () => {
    const other = compileText(rules.replace(/\.player/g, '.valore'));
    expect(new Scenario(other, 2).state.playedBy).toBeUndefined();
    expect(new Scenario(definition, 2).state.playedBy).toEqual([-1, -1, -1, -1, -1]);
  });

  it('is a player to the checker', () => {
    const compared = analyze(rules.replace('log "negli scarti: {top(Scarti).player}"', 'if top(Scarti).player == current { next turn to top(Scarti).player }'));
    expect(compared.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const added = analyze(rules.replace('log "negli scarti: {top(Scarti).player}"', 'let n = top(Scarti).player + 1'));
    expect(added.diagnostics.map((d) => d.message)).toContain("'+' needs numbers, but this is a player");
  });
});
