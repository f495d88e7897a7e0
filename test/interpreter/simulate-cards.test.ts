/**
 * Wins by the card each player holds alone: a player pile in which every player ends every game
 * with exactly one card (Risiko!'s secret objective) is reported like roles are — by the CLI and
 * by the studio's simulation panel, from one tally.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayout, simulate } from '../../interpreter/index.ts';
import { cardsHeldAlone } from '../../interpreter/simulation/simulate.ts';
import { SimulationRun } from '../../studio/src/simulation/runner.ts';
import { renderReport } from '../../cli/render.ts';
import { loadDefinition } from '../support/scenario.ts';

const risiko = loadDefinition('risiko.rules');

describe('wins by the card held alone', () => {
  it('Risiko!: every objective is reported, each held game counted once per holder, the wins adding up to the games won', () => {
    const report = simulate(risiko, { games: 60, players: 4, seed: 3 });
    const objectives = risiko.cards.filter((c) => c.set === 'Obiettivi').map((c) => c.name);
    expect(new Set(report.winsByCard.map((r) => r.pile))).toEqual(new Set(['Obiettivo']));
    expect(report.winsByCard.every((r) => objectives.includes(r.card))).toBe(true);
    expect(report.winsByCard.reduce((total, r) => total + r.games, 0)).toBe(60 * 4);
    // One winner a game: the holders' wins add up to the decided games.
    expect(report.winsByCard.reduce((total, r) => total + r.wins, 0)).toBe(report.decided);
    for (const row of report.winsByCard) expect(row.rate).toBeCloseTo(row.wins / row.games);
  });

  it('a hand of several cards is not reported; games without such a pile report nothing', () => {
    expect(simulate(risiko, { games: 20, players: 3, seed: 1 }).winsByCard.some((r) => r.pile === 'Carte')).toBe(false);
    expect(simulate(loadDefinition('notav.rules'), { games: 20, players: 4, seed: 1 }).winsByCard).toEqual([]);
    expect(simulate(loadDefinition('mortadella.rules'), { games: 20, players: 4, seed: 1 }).winsByCard).toEqual([]);
  });

  it('cardsHeldAlone names the card of each seat', () => {
    const { state } = randomPlayout(risiko, { players: 5, seed: 9, keepMoves: false, maxRounds: 200 });
    const held = cardsHeldAlone(risiko, state);
    expect([...held.keys()]).toEqual(['Obiettivo']);
    expect(held.get('Obiettivo')).toHaveLength(5);
    expect(new Set(held.get('Obiettivo')).size).toBe(5);
  });

  it('the studio\'s simulation reports the same wins by objective as the CLI for the same seeds', () => {
    const request = { games: 40, players: 4, seed: 11, variants: [null] };
    const run = new SimulationRun(risiko, request);
    run.step(40);
    const [summary] = run.summaries();
    const cli = simulate(risiko, { games: 40, players: 4, seed: 11 });
    expect(summary.byCard.map((c) => c.pile)).toEqual(['Obiettivo']);
    expect(summary.byCard[0].rows.map((r) => [r.label, r.wins, r.games])).toEqual(cli.winsByCard.map((r) => [r.card, r.wins, r.games]));
  });

  it('regola simulate prints them under their pile, the columns lined up with long names', () => {
    const text = renderReport(simulate(risiko, { games: 20, players: 4, seed: 5 }));
    const lines = text.split('\n');
    const at = lines.indexOf(lines.find((l) => l.startsWith('wins by Obiettivo (when held):'))!);
    expect(at).toBeGreaterThan(0);
    const rows = lines.slice(at + 1).filter((l) => /^ {2}\S/.test(l) && l.includes(' / ')).slice(0, 13);
    expect(rows.length).toBeGreaterThan(5);
    // The wins column starts at the same place on every row, however long the objective's name.
    expect(new Set(rows.map((l) => l.indexOf(' / '))).size).toBe(1);
  });
});
