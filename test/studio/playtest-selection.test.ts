/**
 * A selection under a condition in the playtest pane, on rules/examples/mercato.rules: the cards on
 * offer as toggles, the completable ones playable and the others disabled, the running total of
 * the costs against the coins, and Confirm disabled with the reason until the selection is valid.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition, type Match } from '../../interpreter/index.ts';
import { rebuildMatch } from '../../studio/src/lib/playtest.ts';
import { cardFaces, choicePanel, symbolPalette, type ChoicePanel } from '../../studio/src/playtest/view-model.ts';

const text = readFileSync(fileURLToPath(new URL('../../rules/examples/mercato.rules', import.meta.url)), 'utf8');
const mercato = ((): GameDefinition => {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
})();

function start(seed: number): Match {
  const rebuilt = rebuildMatch(mercato, { players: 2, seed, variant: null }, []);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  return rebuilt.match;
}

const panelOf = (match: Match): ChoicePanel => choicePanel(match.view(match.toAct!), match, symbolPalette(mercato), cardFaces(mercato));
const costOf = (label: string) => mercato.cards.find((c) => c.name === label.replace(/ \(\d+\)$/, ''))!.properties[mercato.cardProperties.indexOf('costo')] as number;

describe('a selection under a condition in the playtest pane', () => {
  it('shows the market as cards to click, only the affordable ones playable, with a running total and the reason Confirm waits', () => {
    const match = start(5);
    expect(match.apply({ player: 0, choice: 'compra' })).toEqual({ ok: true });
    const panel = panelOf(match);
    if (panel.kind !== 'pick') throw new Error(`expected a selection, not ${panel.kind}`);
    const coins = match.view(0).players[0].tokens.find((t) => t.token === 'Moneta')!.count;
    // Labels of equal cards are told apart by the engine ("Olio (2)").
    expect(panel.picks.map((p) => p.label.replace(/ \(\d+\)$/, ''))).toEqual(match.view(0).piles.find((p) => p.name === 'Mercato')!.cards);
    expect(panel.picks.every((p) => p.card !== null)).toBe(true);
    // A card is playable exactly when it costs no more than the coins.
    for (const toggle of panel.picks) expect(toggle.move !== null).toBe(costOf(toggle.label) <= coins);
    expect(panel.confirm).toBeNull();
    expect(panel.selection).toEqual({ total: `total 0 (must be <= ${coins})`, reason: 'choose at least 1 (0 picked so far)' });

    const cheapest = panel.picks.filter((p) => p.move).sort((a, b) => costOf(a.label) - costOf(b.label))[0];
    expect(match.apply(cheapest.move!)).toEqual({ ok: true });
    const after = panelOf(match);
    if (after.kind !== 'pick') throw new Error('expected a selection');
    expect(after.selection).toEqual({ total: `total ${costOf(cheapest.label)} (must be <= ${coins})`, reason: null });
    expect(after.confirm?.choice).toBe('confirm');
    for (const toggle of after.picks.filter((p) => !p.picked)) {
      expect(toggle.move !== null).toBe(costOf(cheapest.label) + costOf(toggle.label) <= coins);
    }
    // The picked card's toggle takes it back.
    expect(after.picks.find((p) => p.picked)!.move?.kind).toBe('unpick');
  });
});
