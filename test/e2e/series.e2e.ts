/**
 * "La disposizione dei tasselli alla conclusione sarà la base di partenza per una nuova partita":
 * Percorsi (rules/percorsi.rules, a grid declared with `carry layout`) played to its end by the
 * bots, then "Next game from this layout" starts a new game on the very tiles the last one ended
 * with, and an edit of the rules replays the series' game on them. Screenshot in test-artifacts/.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, useStudio } from './browser.ts';

const studio = useStudio();

/** Every tile of the board as "label kind turns", in the board's order. */
const tiles = () => studio.page.locator('[data-testid="grid-tile"]').evaluateAll((nodes) =>
  nodes.map((n) => `${n.getAttribute('data-tile')} ${n.getAttribute('data-kind')} ${n.getAttribute('data-turns')}`));
const headline = () => studio.page.locator('[data-testid="headline"]').textContent();

describe('a series of games on the same tiles', () => {
  let final: string[] = [];
  let first: string[] = [];

  it('opens Percorsi from the picker and lets the bots play to the end', async () => {
    await studio.page.selectOption('[data-testid="game-picker"]', 'percorsi.rules');
    await expect.poll(() => studio.page.locator('[data-testid="grid-tile"]').count()).toBe(36);
    expect(await studio.page.locator('[data-testid="next-game"]').count()).toBe(1);
    expect(await studio.page.locator('[data-testid="series"]').count()).toBe(0);
    first = await tiles();
    const outcome = studio.page.locator('[data-testid="outcome"]');
    const started = Date.now();
    await studio.page.click('[data-testid="autoplay"]');
    await expect.poll(() => outcome.count(), { timeout: 110_000, interval: 500 }).toBe(1);
    console.log(`bots played Percorsi to its end in ${Date.now() - started} ms: ${await headline()}`);
    final = await tiles();
    expect(final).toHaveLength(36);
    // Quarter turns during the game: the last tiles are not the first ones.
    expect(final).not.toEqual(first);
  });

  it('"Next game from this layout" starts a new game, at move 0, on the tiles the last game ended with', async () => {
    await studio.page.click('[data-testid="next-game"]');
    await expect.poll(() => studio.page.locator('[data-testid="outcome"]').count()).toBe(0);
    await expect.poll(headline).toContain('0 moves');
    expect(await tiles()).toEqual(final);
    expect(await studio.page.locator('[data-testid="series"]').getAttribute('data-game')).toBe('2');
    expect(await studio.page.locator('[data-testid="grid-piece"]').count()).toBe(0);
    await screenshot(studio.page, 'series-next-game');
  });

  it('an edit of the rules replays the series\' game on the same tiles', async () => {
    await studio.page.click('[data-testid="editor"] .monaco-editor .view-lines');
    await studio.page.keyboard.press('Control+End');
    await studio.page.keyboard.type('\n# the next game of a series\n');
    await expect.poll(() => studio.page.locator('[data-testid="unsaved"]').count()).toBe(1);
    await expect.poll(tiles).toEqual(final);
    expect(await studio.page.locator('[data-testid="series"]').getAttribute('data-game')).toBe('2');
  });

  it('leaving the series lays the tiles out as the rules say again', async () => {
    await studio.page.click('[data-testid="series"] button');
    await expect.poll(() => studio.page.locator('[data-testid="series"]').count()).toBe(0);
    expect(await tiles()).toEqual(first);
    expect(studio.errors).toEqual([]);
  });
});
