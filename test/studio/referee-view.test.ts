/**
 * The referee sees every secret role while the game is on: labelled "secret (seen as referee)",
 * not "revealed" — nothing has been revealed to the players. At the end the roles are revealed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, randomPlayout, startGame, viewFor } from '../../interpreter/index.ts';
import { renderView } from '../../cli/render.ts';
import { playerCards, symbolPalette, teamStyles, cardFaces } from '../../studio/src/playtest/view-model.ts';

const mortadella = compileRules(readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8')).definition!;

describe('secret roles as the referee sees them', () => {
  it('are secret (seen as referee) during the game, in the studio and the CLI', () => {
    const started = startGame(mortadella, { players: 4, seed: 2 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const view = viewFor(mortadella, started.state, 'referee');
    expect(view.players.map((p) => p.roleVisibility)).toEqual(['referee', 'referee', 'referee', 'referee']);
    const cards = playerCards(view, symbolPalette(mortadella), teamStyles(mortadella), cardFaces(mortadella));
    expect(cards.map((c) => c.role)).toEqual(view.players.map((p) => ({ kind: 'visible', name: p.role, note: 'secret (seen as referee)' })));
    expect(renderView(view)).toContain(`role ${view.players[0].role} (secret)`);
    // A player sees only their own.
    expect(viewFor(mortadella, started.state, 1).players.map((p) => p.roleVisibility)).toEqual(['hidden', 'own', 'hidden', 'hidden']);
  });

  it('are revealed once the game is over', () => {
    const { state } = randomPlayout(mortadella, { players: 4, seed: 2, keepMoves: true });
    expect(viewFor(mortadella, state, 'referee').players.every((p) => p.roleVisibility === 'revealed')).toBe(true);
  });
});
