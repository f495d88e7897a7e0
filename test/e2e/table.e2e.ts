/**
 * A table a designer can read (issue 9): colours and labels from the rules' `look` lines on the
 * badges and teams, changed live by an edit; the rules' internal variables off the players' table
 * and in the referee's fold; Risiko! at 1280×720 with its question asked once and the map in
 * view; and "place N", one click that places several armies.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, useStudio } from './browser.ts';

const studio = useStudio();

describe('colours and labels from the rules', () => {
  it('No Tav: each kind of pawn has its own label, in the rulebook\'s red and blue', async () => {
    const { page } = studio;
    await page.selectOption('[data-testid="game-picker"]', 'notav.rules');
    await expect.poll(() => page.locator('[data-testid="headline"]').textContent()).toContain('No Tav');
    const badge = (token: string) => page.locator(`[data-testid="reserve"][data-token="${token}"] .badge`);
    expect(await badge('PedinaNoTav').textContent()).toBe('NT');
    expect(await badge('PedinaPoliziotto').textContent()).toBe('Po');
    expect(await badge('PedinaSindaco').textContent()).toBe('S');
    expect(await badge('PedinaQuestore').textContent()).toBe('Q');
    expect(await badge('PedinaSindaco').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(198, 40, 40)');
    expect(await badge('PedinaQuestore').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(30, 79, 194)');
    // The teams in the same red and blue: the dot of each team's badge.
    const dot = (team: string) => page.locator(`[data-testid="team-badge"][data-team="${team}"] .dot`).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await dot('NoTav')).toMatch(/^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/);
    expect(await dot('Poliziotti')).toMatch(/^rgb\(\d{1,2}, \d{2,3}, (1[5-9]\d|2\d\d)\)$/);
    await screenshot(page, 'table-notav-looks');
  });

  it('a look typed into the rules recolours and relabels the token at once, the game kept', async () => {
    const { page } = studio;
    await page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    await expect.poll(() => page.locator('[data-testid="headline"]').textContent()).toContain('Mortadella');
    await page.click('[data-testid="random-move"]');
    const moves = () => page.locator('[data-testid="move-count"]').getAttribute('data-moves');
    await expect.poll(moves).toBe('1');
    const torre = page.locator('[data-testid="reserve"][data-token="Torre"] .badge');
    expect(await torre.textContent()).not.toBe('Tw');
    await page.click('[data-testid="editor"] .monaco-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('look Torre colour "#00aa00" label "Tw"');
    await page.keyboard.press('Escape');
    await expect.poll(() => torre.textContent()).toBe('Tw');
    expect(await torre.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 170, 0)');
    expect(await moves()).toBe('1');
  });
});

describe('internal variables', () => {
  it('Risiko!: the referee finds the counts kept for scoring in a fold, not in the players\' columns; a player sees neither', async () => {
    const { page } = studio;
    await page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => page.locator('[data-testid="map-node"]').count()).toBe(42);
    await page.selectOption('[data-testid="view-as"]', 'referee');
    const column = (name: string) => page.locator(`[data-testid="player-var"][data-var="${name}"]`);
    await expect.poll(() => column('dotazione').count()).toBeGreaterThan(0);
    expect(await column('decine').count()).toBe(0);
    expect(await column('armateObiettivo').count()).toBe(0);
    const fold = page.locator('[data-testid="referee-details"]');
    expect(await fold.count()).toBe(1);
    expect(await fold.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await fold.locator('summary').click();
    expect(await page.locator('[data-testid="internal-var"][data-var="decine"]').count()).toBeGreaterThanOrEqual(3);
    await page.selectOption('[data-testid="view-as"]', '0');
    await expect.poll(() => fold.count()).toBe(0);
    expect(await column('decine').count()).toBe(0);
    expect(await column('dotazione').count()).toBeGreaterThan(0);
    await page.selectOption('[data-testid="view-as"]', 'referee');
  });
});

describe('Risiko! at 1280×720', () => {
  it('the question once (on the map), the answers in a fold, the map in view', async () => {
    const { page } = studio;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.selectOption('[data-testid="players"]', '4');
    await page.click('[data-testid="restart"]');
    await expect.poll(() => page.locator('[data-testid="map-node"][data-selectable="true"]').count()).toBeGreaterThan(0);
    // The choice card's own question is for screen readers only (a 1-pixel box); the map says it.
    expect(await page.locator('[data-testid="choice"] [data-testid="prompt"]').textContent()).toContain('Dove metti');
    expect((await page.locator('[data-testid="choice"] header').boundingBox())!.width).toBeLessThanOrEqual(1);
    expect(await page.locator('[data-testid="map-prompt"]').textContent()).toContain("Dove metti un'armata della dotazione iniziale?");
    expect(await page.locator('[data-testid="map-prompt"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="choice"] [data-testid="move"]').first().isVisible()).toBe(false);
    // The map starts in the upper half of the window and all of it is in view.
    // As a designer meets it after a restart: the pane at its top.
    await page.evaluate(() => { const pane = document.querySelector('[data-testid="playtest"]')?.parentElement; if (pane) pane.scrollTop = 0; });
    const box = (await page.locator('[data-testid="map"] svg').boundingBox())!;
    expect(box.y).toBeGreaterThan(150);
    expect(box.y).toBeLessThan(360);
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    // The southernmost territories too (they were below the fold).
    for (const south of ['Madagascar', 'Africa del Sud']) {
      const territory = (await page.locator(`[data-testid="map-node"][data-territory="${south}"]`).boundingBox())!;
      expect(territory.y + territory.height, south).toBeLessThanOrEqual(720);
    }
    // Territory names are whole: a two-word name is drawn in full.
    const names = await page.locator('[data-testid="map-node"][data-territory="Europa Settentrionale"] text.name').allTextContents();
    expect(names.join(' ')).toBe('Europa Settentrionale');
    await screenshot(page, 'table-risiko-1280');
  });

  it('place N: with "repeat × 3", one click on a territory places three armies', async () => {
    const { page } = studio;
    const count = () => page.locator('[data-testid="move-count"]').getAttribute('data-moves');
    const before = Number(await count());
    await page.fill('[data-testid="repeat-times"]', '3');
    const node = page.locator('[data-testid="map-node"][data-selectable="true"]').first();
    const name = (await node.getAttribute('data-territory'))!;
    const armies = Number(await node.getAttribute('data-armies'));
    await node.click();
    await expect.poll(count).toBe(String(before + 3));
    expect(Number(await page.locator(`[data-testid="map-node"][data-territory="${name}"]`).getAttribute('data-armies'))).toBe(armies + 3);
    // Undo takes back one army at a time: each is a move of its own.
    await page.click('[data-testid="undo"]');
    await expect.poll(count).toBe(String(before + 2));
    await page.fill('[data-testid="repeat-times"]', '1');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('raised no error in the page', () => {
    expect(studio.errors).toEqual([]);
  });
});

describe('switching files', () => {
  it('brings back the tab each file was left on, not only at a reload', async () => {
    const { page } = studio;
    const active = (tab: string) => page.locator(`[data-testid="tab-${tab}"]`).getAttribute('class');
    await page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    await expect.poll(() => page.locator('[data-testid="headline"]').textContent()).toContain('Mortadella');
    await page.click('[data-testid="tab-machine"]');
    await expect.poll(() => active('machine')).toContain('active');
    // Risiko! was left on the Play tab.
    await page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => active('play')).toContain('active');
    await page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    await expect.poll(() => active('machine')).toContain('active');
    await page.click('[data-testid="tab-play"]');
    expect(studio.errors).toEqual([]);
  });
});
