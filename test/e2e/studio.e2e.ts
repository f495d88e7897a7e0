/**
 * The studio in a real browser, used as a designer uses it: play by clicking, break the rules
 * and fix them while playing, look through another player's eyes, reload, simulate.
 * Screenshots of the main states go to test-artifacts/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { placeCursorAfter, screenshot, useStudio, waitForStudio } from './browser.ts';

const studio = useStudio();

const moves = () => studio.page.locator('[data-testid="move"]');
const logLines = () => studio.page.locator('[data-testid="log"] [data-testid="log-entry"]');

/** Plays the first offered move (a pick, a confirm or a choice; never taking a pick back) and waits for the pane to change. */
async function playFirstMove(): Promise<void> {
  const choice = studio.page.locator('[data-testid="choice"]');
  const before = `${await choice.textContent()}|${await logLines().count()}`;
  await studio.page.locator('[data-testid="move"]:not([data-kind="unpick"]):enabled').first().click();
  await expect.poll(async () => `${await choice.textContent()}|${await logLines().count()}`).not.toBe(before);
}

describe('the studio', () => {
  it('opens on mortadella.rules with the game ready to play, and lists every game', async () => {
    await expect.poll(() => studio.page.locator('[data-testid="game-picker"]').inputValue()).toBe('mortadella.rules');
    const games = await studio.page.locator('[data-testid="game-picker"] option').allTextContents();
    expect(games).toEqual(expect.arrayContaining(['mortadella.rules', 'examples/race.rules']));
    expect(await moves().count()).toBeGreaterThan(0);
    await screenshot(studio.page, '01-opened');
  });

  it('plays moves by clicking', async () => {
    const before = await logLines().count();
    for (let i = 0; i < 6; i++) await playFirstMove();
    expect(await logLines().count()).toBeGreaterThan(before);
    await screenshot(studio.page, '02-played');
  });

  it('shows a marker for an error as it is typed, keeps the old game playable, then updates in place when fixed', async () => {
    const turn = await studio.page.locator('[data-testid="turn"]').textContent();
    const logBefore = await logLines().count();
    // Break a name: the Principe's 'Mortadella >= 5' becomes 'MortadellaX >= 5'.
    await placeCursorAfter(studio.page, 'and Mortadella >= 5');
    for (let i = 0; i < ' >= 5'.length; i++) await studio.page.keyboard.press('ArrowLeft');
    await studio.page.keyboard.type('X');
    await studio.page.waitForSelector('[data-testid="editor"] .squiggly-error', { timeout: 10_000 });
    await expect.poll(() => studio.page.locator('[data-testid="problem"]').first().textContent()).toContain('MortadellaX');
    await expect.poll(() => studio.page.locator('[data-testid="compile-status"]').textContent()).toContain('error');
    await screenshot(studio.page, '03-error-marker');
    // The last good game is still there and still playable.
    expect(await studio.page.locator('[data-testid="turn"]').textContent()).toBe(turn);
    await playFirstMove();
    expect(await logLines().count()).toBeGreaterThan(logBefore);
    const logWithError = await logLines().count();
    // Fix it: the game is rebuilt with the same seed and moves, so the position is kept.
    await placeCursorAfter(studio.page, 'MortadellaX');
    await studio.page.keyboard.press('Backspace');
    await expect.poll(() => studio.page.locator('[data-testid="compile-status"]').textContent()).toContain('compiles');
    await expect.poll(() => studio.page.locator('[data-testid="editor"] .squiggly-error').count()).toBe(0);
    expect(await logLines().count()).toBe(logWithError);
    await screenshot(studio.page, '04-fixed');
  });

  it('"view as" a player hides the other players\' secret roles; the referee sees them all', async () => {
    await studio.page.selectOption('[data-testid="view-as"]', { label: 'P1' });
    await expect.poll(() => studio.page.locator('[data-testid="role-hidden"]').count()).toBeGreaterThan(0);
    const visibleAsP1 = await studio.page.locator('[data-testid="role"]').count();
    expect(visibleAsP1).toBe(1);
    await screenshot(studio.page, '05-view-as-p1');
    await studio.page.selectOption('[data-testid="view-as"]', { label: 'Referee' });
    await expect.poll(() => studio.page.locator('[data-testid="role-hidden"]').count()).toBe(0);
  });

  it('keeps an edit across a reload, marked as unsaved', async () => {
    await studio.page.click('[data-testid="editor"] .monaco-editor .view-lines');
    await studio.page.keyboard.press('Control+End');
    await studio.page.keyboard.type('\n# a note that must survive a reload\n');
    await expect.poll(() => studio.page.locator('[data-testid="unsaved"]').count()).toBe(1);
    await studio.page.reload();
    await waitForStudio(studio.page);
    await expect.poll(() => studio.page.locator('[data-testid="editor"] .view-lines').textContent()).toBeTruthy();
    await studio.page.click('[data-testid="editor"] .monaco-editor .view-lines');
    await studio.page.keyboard.press('Control+End');
    await expect.poll(() => studio.page.locator('[data-testid="editor"] .view-lines').textContent()).toContain('a note that must survive a reload'.replace(/ /g, '\u00a0'));
    expect(await studio.page.locator('[data-testid="unsaved"]').count()).toBe(1);
  });

  it('opens a .rules file from disk and downloads it back, which clears "unsaved changes"', async () => {
    const race = readFileSync(fileURLToPath(new URL('../../rules/examples/race.rules', import.meta.url)), 'utf8');
    await studio.page.setInputFiles('[data-testid="open-file-input"]', { name: 'corsa.rules', mimeType: 'text/plain', buffer: Buffer.from(race) });
    await expect.poll(() => studio.page.locator('[data-testid="game-picker"]').inputValue()).toBe('corsa.rules');
    await expect.poll(() => studio.page.locator('[data-testid="headline"]').textContent()).toContain('Corsa');
    await studio.page.click('[data-testid="editor"] .monaco-editor .view-lines');
    await studio.page.keyboard.press('Control+End');
    await studio.page.keyboard.type('\n# edited\n');
    await expect.poll(() => studio.page.locator('[data-testid="unsaved"]').count()).toBe(1);
    const [download] = await Promise.all([studio.page.waitForEvent('download'), studio.page.click('[data-testid="download-file"]')]);
    expect(download.suggestedFilename()).toBe('corsa.rules');
    const saved = readFileSync(await download.path(), 'utf8');
    expect(saved).toContain('# edited');
    expect(saved.startsWith(race.slice(0, 40))).toBe(true);
    await expect.poll(() => studio.page.locator('[data-testid="unsaved"]').count()).toBe(0);
    await studio.page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    await expect.poll(() => studio.page.locator('[data-testid="headline"]').textContent()).toContain('Mortadella');
  });

  it('runs a small simulation to its chart', async () => {
    await studio.page.click('[data-testid="tab-simulate"]');
    await studio.page.fill('[data-testid="sim-games"]', '300');
    await studio.page.click('[data-testid="sim-run"]');
    await studio.page.waitForSelector('[data-testid="sim-results"] [data-testid="sim-chart"]', { timeout: 60_000 });
    expect(await studio.page.locator('[data-testid="sim-chart"]').count()).toBeGreaterThan(0);
    await screenshot(studio.page, '06-simulation');
  });

  it('draws the machine with the current state highlighted', async () => {
    await studio.page.click('[data-testid="tab-machine"]');
    await studio.page.waitForSelector('[data-testid="machine-diagram"] [data-active="true"]', { timeout: 30_000 });
    await screenshot(studio.page, '07-machine');
    await studio.page.click('[data-testid="tab-play"]');
  });

  it('zooms the machine with its buttons, pans it by dragging, and goes to a rule chosen from the list', async () => {
    await studio.page.click('[data-testid="tab-machine"]');
    const diagram = studio.page.locator('[data-testid="machine-diagram"]');
    await diagram.locator('[data-active="true"]').first().waitFor({ timeout: 30_000 });
    const drawing = diagram.locator('svg > g[transform]');
    const view = async () => {
      const [, x, y, k] = /translate\(([-\d.e]+),([-\d.e]+)\) scale\(([-\d.e]+)\)/.exec((await drawing.getAttribute('transform')) ?? '')!.map(Number);
      return { x, y, k };
    };
    const zoomLabel = diagram.locator('button[title="Actual size"]');
    // The first view glides into place: wait until it rests.
    let settled = '';
    await expect.poll(async () => { const now = JSON.stringify(await view()); const same = now === settled; settled = now; return same; }, { interval: 300 }).toBe(true);
    await diagram.locator('button[title="Actual size"]').click();
    await expect.poll(() => zoomLabel.textContent()).toBe('100%');
    await diagram.locator('button[aria-label="Zoom in"]').click();
    await expect.poll(() => zoomLabel.textContent()).toBe('125%');
    expect((await view()).k).toBeCloseTo(1.25);

    const before = await view();
    const area = (await diagram.locator('.viewport').boundingBox())!;
    await studio.page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await studio.page.mouse.down();
    await studio.page.mouse.move(area.x + area.width / 2 + 60, area.y + area.height / 2 + 30, { steps: 5 });
    await studio.page.mouse.up();
    const dragged = await view();
    expect(dragged.x - before.x).toBeCloseTo(60, 0);
    expect(dragged.y - before.y).toBeCloseTo(30, 0);
    expect(dragged.k).toBe(before.k);

    const goTo = diagram.locator('[data-testid="diagram-goto"]');
    const rule = await goTo.locator('optgroup[label="Rules"] option').last().getAttribute('value');
    await goTo.selectOption(rule!);
    const box = diagram.locator(`[data-node="${rule}"]`);
    await expect.poll(async () => {
      const shown = (await box.boundingBox())!;
      return shown.x >= area.x && shown.y >= area.y && shown.x + shown.width <= area.x + area.width && shown.y + shown.height <= area.y + area.height;
    }).toBe(true);
    await studio.page.click('[data-testid="tab-play"]');
  });

  it('plays a whole game to a winner by clicking', async () => {
    await studio.page.selectOption('[data-testid="players"]', '3');
    await studio.page.fill('[data-testid="seed"]', '5');
    await studio.page.click('[data-testid="restart"]');
    const outcome = studio.page.locator('[data-testid="outcome"]');
    for (let clicks = 0; clicks < 3000 && !(await outcome.count()); clicks++) {
      await studio.page.locator('[data-testid="move"]:not([data-kind="unpick"]):enabled').first().click();
    }
    await expect.poll(() => outcome.textContent()).toMatch(/P\d/);
    await screenshot(studio.page, '08-winner');
  });

  it('a card game: as P1 your hand shows its cards, the others\' hands only their backs', async () => {
    await studio.page.selectOption('[data-testid="game-picker"]', 'examples/sfida.rules');
    await expect.poll(() => studio.page.locator('[data-testid="headline"]').textContent()).toContain('Sfida');
    await studio.page.selectOption('[data-testid="view-as"]', { label: 'P1' });
    const hand = (seat: number) => studio.page.locator(`[data-testid="player"][data-seat="${seat}"] [data-testid="player-pile"][data-pile="Mano"]`);
    await expect.poll(() => hand(0).locator('[data-testid="card"]').count()).toBe(3);
    expect(await hand(1).locator('[data-testid="card"]').count()).toBe(0);
    expect(await hand(1).locator('[data-testid="card-back"]').count()).toBeGreaterThan(0);
    await studio.page.locator('[data-testid="move"]:not([data-kind="unpick"]):enabled').first().click();
    await expect.poll(() => studio.page.locator('[data-testid="pile"][data-pile="Tavolo"]').getAttribute('data-count')).toBe('1');
    await screenshot(studio.page, '09-cards-as-p1');
    await studio.page.selectOption('[data-testid="view-as"]', { label: 'Referee' });
    await studio.page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
  });

  it('No Tav: a whole game in the studio — moves clicked through a site action with the Dadone, the bots button to a team win', async () => {
    await studio.page.selectOption('[data-testid="game-picker"]', 'notav.rules');
    await expect.poll(() => studio.page.locator('[data-testid="headline"]').textContent()).toContain('No Tav');
    expect(await studio.page.locator('[data-testid="zone"]').count()).toBe(5);
    const rolled = () => studio.page.locator('[data-testid="log-entry"]', { hasText: /rolls: (Carica|Tregua)/ }).count();
    for (let clicks = 0; clicks < 1500 && !(await rolled()); clicks++) {
      await studio.page.locator('[data-testid="move"]:not([data-kind="unpick"]):enabled').first().click();
    }
    expect(await rolled()).toBeGreaterThan(0);
    await screenshot(studio.page, '10-notav-site-action');
    // The rest of the game by the studio's own bots ("Bots play to the end"), to a team's win.
    // One press: the bots play on, chunk after chunk, to the end.
    const outcome = studio.page.locator('[data-testid="outcome"]');
    await studio.page.click('[data-testid="autoplay"]');
    await expect.poll(() => outcome.count(), { timeout: 60_000 }).toBe(1);
    expect(await outcome.textContent()).toMatch(/NoTav|Poliziotti/);
    await screenshot(studio.page, '11-notav-winner');
    await studio.page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
  });

  it('Risiko!: the world drawn as a map; setup, reinforcements and an attack played by clicking territories, the bots to a winner', async () => {
    await studio.page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => studio.page.locator('[data-testid="headline"]').textContent()).toContain('Risiko');
    await studio.page.selectOption('[data-testid="players"]', '4');
    await studio.page.fill('[data-testid="seed"]', '3');
    await studio.page.click('[data-testid="restart"]');
    const nodes = studio.page.locator('[data-testid="map-node"]');
    await expect.poll(() => nodes.count()).toBe(42);
    expect(await studio.page.locator('[data-testid="map-region"]').count()).toBe(6);
    // The question, without the values the rules show after ' · ' (how many are left, which territories).
    const prompt = async () => (await studio.page.locator('[data-testid="choice"] [data-testid="prompt"]').textContent())?.split(' · ')[0];
    const selectable = studio.page.locator('[data-testid="map-node"][data-selectable="true"]');
    /** Clicks a highlighted territory (the first, or the named one) and waits for the game to move on. */
    const clickTerritory = async (name?: string) => {
      const before = `${await prompt()}|${await logLines().count()}`;
      const node = name ? studio.page.locator(`[data-testid="map-node"][data-selectable="true"][data-territory="${name}"]`) : selectable.first();
      const territory = await node.getAttribute('data-territory');
      await node.click();
      await expect.poll(async () => `${await prompt()}|${await logLines().count()}`).not.toBe(before);
      return territory!;
    };
    const clickMove = async (label: string) => studio.page.click(`[data-testid="move"][data-choice="${label}"]`);

    // The setup: every army of the initial supply placed by clicking the map.
    for (let clicks = 0; clicks < 200 && (await prompt()) === "Dove metti un'armata della dotazione iniziale?"; clicks++) await clickTerritory();
    expect(await prompt()).toBe('Dove metti i rinforzi?');
    await screenshot(studio.page, '12-risiko-map');

    // Reinforcements: a territory on the map, then how many with a button.
    const reinforced = await clickTerritory();
    const armiesOn = async (name: string) => Number(await studio.page.locator(`[data-testid="map-node"][data-territory="${name}"]`).getAttribute('data-armies'));
    const armiesBefore = await armiesOn(reinforced);
    await studio.page.locator('[data-testid="move"]:enabled').last().click();
    await expect.poll(() => armiesOn(reinforced)).toBeGreaterThan(armiesBefore);
    while ((await prompt()) === 'Dove metti i rinforzi?') {
      await clickTerritory();
      await studio.page.locator('[data-testid="move"]:enabled').last().click();
    }

    // An attack: the territory it starts from and its target clicked on the map, the dice with buttons.
    expect(await prompt()).toBe('Attacchi?');
    await clickMove('attacca');
    if ((await prompt()) === 'Da quale territorio attacchi?') await clickTerritory();
    expect(await prompt()).toBe('Quale territorio attacchi?');
    await clickTerritory();
    if ((await prompt()) === 'Con quante armate attacchi?') await studio.page.locator('[data-testid="move"]:enabled').last().click();
    if ((await prompt()) === 'Con quante armate difendi?') await studio.page.locator('[data-testid="move"]:enabled').last().click();
    await expect.poll(() => studio.page.locator('[data-testid="log-entry"]', { hasText: /rolls Blu: / }).count()).toBeGreaterThan(0);
    await screenshot(studio.page, '13-risiko-attack');

    // The rest of the game by the studio's bots, to a winner (the time limit ends it after 10 rounds).
    const outcome = studio.page.locator('[data-testid="outcome"]');
    await studio.page.click('[data-testid="autoplay"]');
    await expect.poll(() => outcome.count(), { timeout: 60_000 }).toBe(1);
    expect(await outcome.textContent()).toMatch(/P\d/);
    await screenshot(studio.page, '14-risiko-winner');

    // Without a time limit random bots may play for ever: pressing the button again stops them.
    await studio.page.selectOption('[data-testid="variant"]', 'Senza limite di tempo');
    await studio.page.click('[data-testid="restart"]');
    const autoplay = studio.page.locator('[data-testid="autoplay"]');
    await autoplay.click();
    const stop = studio.page.locator('[data-testid="stop-bots"]');
    await expect.poll(() => stop.count()).toBe(1);
    await studio.page.waitForTimeout(700);
    await stop.click();
    await expect.poll(() => stop.count()).toBe(0);
    expect(await autoplay.textContent()).toBe('Bots play to the end');
    const moved = Number((await studio.page.locator('[data-testid="headline"]').textContent())?.match(/(\d+) moves/)?.[1]);
    await studio.page.waitForTimeout(300);
    expect(Number((await studio.page.locator('[data-testid="headline"]').textContent())?.match(/(\d+) moves/)?.[1])).toBe(moved);
    expect(moved).toBeGreaterThan(400);
    expect(await outcome.count()).toBe(0);
    await studio.page.selectOption('[data-testid="variant"]', '');

    // The Simulate tab charts the wins by secret objective, next to the wins by seat.
    await studio.page.click('[data-testid="tab-simulate"]');
    await studio.page.fill('[data-testid="sim-games"]', '100');
    await studio.page.click('[data-testid="sim-run"]');
    await studio.page.waitForSelector('[data-testid="sim-results"] [data-testid="sim-chart"]', { timeout: 60_000 });
    await expect.poll(() => studio.page.locator('[data-testid="sim-chart"]', { hasText: 'Win rate by Obiettivo' }).count(), { timeout: 60_000 }).toBe(1);
    await screenshot(studio.page, '15-risiko-simulation');
    await studio.page.click('[data-testid="tab-play"]');
    await studio.page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
  });

  it('raised no error in the page', () => {
    expect(studio.errors).toEqual([]);
  });
});
