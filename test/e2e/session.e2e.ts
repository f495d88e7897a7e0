/**
 * The position survives a reload and travels in a link (issue 9): the designer's moves, the
 * position in them, seed, players, viewpoint and tab come back after a reload; a Share link opened
 * in a fresh browser restores the text and the position under a file name of its own; a damaged
 * link or tampered storage is said, never a crash; an edited bundled game reverts to its original.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openStudio, placeCursorAfter, screenshot } from './browser.ts';

let context: BrowserContext;
let page: Page;
let errors: string[];
const opened: BrowserContext[] = [];

beforeAll(async () => {
  ({ context, page, errors } = await openStudio(inject('studioUrl')));
});

afterAll(async () => {
  for (const c of opened) await c.close();
  await context?.close();
});

const count = (on: Page) => on.locator('[data-testid="move-count"]');
const moves = async (on: Page = page) => Number(await count(on).getAttribute('data-moves'));
const intended = async (on: Page = page) => Number(await count(on).getAttribute('data-intended'));
/** What a player sees of the table: the headline, the log and every card, as text. */
const table = (on: Page) => on.locator('[data-testid="playtest"]').innerText();

/** The text the studio keeps for a file in this browser (what the editor shows, all of it). */
const storedText = (on: Page, name: string) => on.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').text ?? '', `regola:file:${name}`);

/** The editor is up (the game may sit in a hidden tab). */
const waitForEditor = (on: Page) => on.waitForSelector('[data-testid="editor"][data-ready="true"] .monaco-editor .view-lines', { timeout: 60_000 });
/** The editor is up and the game shown (seen as a player who is not to move, there is no move to wait for). */
const waitForGame = async (on: Page) => { await waitForEditor(on); await on.waitForSelector('[data-testid="move-count"]', { timeout: 60_000 }); };

let before = '';
let shareUrl = '';

describe('a reload restores the position', () => {
  it('plays Risiko! for 3 players, seed 7, 30 moves, then steps back 4 and views as player 2', async () => {
    await page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => page.locator('[data-testid="map-node"]').count()).toBe(42);
    await page.selectOption('[data-testid="players"]', '3');
    await page.fill('[data-testid="seed"]', '7');
    await page.click('[data-testid="restart"]');
    await expect.poll(() => page.locator('[data-testid="player"]').count()).toBe(3);
    for (let i = 0; i < 30; i++) await page.click('[data-testid="random-move"]');
    await expect.poll(() => moves()).toBe(30);
    for (let i = 0; i < 4; i++) await page.click('[data-testid="undo"]');
    await expect.poll(() => moves()).toBe(26);
    expect(await intended()).toBe(30);
    await page.selectOption('[data-testid="view-as"]', '1');
    before = await table(page);
  });

  it('after a reload: the same file, players, seed, viewpoint, position, and the 4 moves still to redo', async () => {
    await page.reload();
    await waitForGame(page);
    expect(await page.inputValue('[data-testid="game-picker"]')).toBe('risiko.rules');
    await expect.poll(() => moves()).toBe(26);
    expect(await intended()).toBe(30);
    expect(await page.inputValue('[data-testid="players"]')).toBe('3');
    expect(await page.inputValue('[data-testid="seed"]')).toBe('7');
    expect(await page.inputValue('[data-testid="view-as"]')).toBe('1');
    expect(await table(page)).toBe(before);
    await page.click('[data-testid="redo"]');
    await expect.poll(() => moves()).toBe(27);
    await page.click('[data-testid="undo"]');
    await expect.poll(() => moves()).toBe(26);
  });

  it('an edit that refuses a move survives the reload with the same divergence', async () => {
    await placeCursorAfter(page, 'let iniziali = 25');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('[data-testid="divergence"]').count()).toBe(1);
    const divergence = await page.locator('[data-testid="divergence"]').innerText();
    const stopped = await moves();
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => page.locator('[data-testid="divergence"]').count()).toBe(1);
    expect(await page.locator('[data-testid="divergence"]').innerText()).toBe(divergence);
    expect(await moves()).toBe(stopped);
    expect(await intended()).toBe(30);
    // Retyping the old value brings every move back, after the reload too; the game stands where the
    // designer stood (26, after their undos), the other 4 still to redo.
    await placeCursorAfter(page, 'let iniziali = 2');
    await page.keyboard.type('5');
    await expect.poll(() => moves()).toBe(26);
    expect(await intended()).toBe(30);
    expect(await page.locator('[data-testid="divergence"]').count()).toBe(0);
  });

  it('the tab is kept too', async () => {
    await page.click('[data-testid="tab-simulate"]');
    await page.reload();
    await waitForEditor(page);
    await expect.poll(() => page.locator('[data-testid="tab-simulate"].active').count()).toBe(1);
    await page.click('[data-testid="tab-play"]');
    await expect.poll(() => moves()).toBe(26);
  });

  it('a tampered kept session is said, and a fresh game starts', async () => {
    await page.evaluate(() => localStorage.setItem('regola:session:risiko.rules', '{"moves": [{"player": "__proto__"}], "played": 9}'));
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => page.locator('[data-testid="session-notice"]').count()).toBe(1);
    expect(await page.locator('[data-testid="session-notice"]').innerText()).toMatch(/could not be restored \(move 1 is not a move\): a fresh game starts/);
    expect(await moves()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('a share link carries the whole session', () => {
  it('Share puts the text, the position and the settings in the link', async () => {
    for (let i = 0; i < 12; i++) await page.click('[data-testid="random-move"]');
    await expect.poll(() => moves()).toBe(12);
    // An edit of the text travels with the link (a comment: the game is the same).
    await placeCursorAfter(page, 'let iniziali = 25');
    await page.keyboard.type('  # shared edit');
    await expect.poll(() => storedText(page, 'risiko.rules')).toContain('# shared edit');
    await page.click('[data-testid="undo"]');
    await expect.poll(() => moves()).toBe(11);
    await page.click('[data-testid="share"]');
    shareUrl = await page.inputValue('[data-testid="share-link"]');
    expect(shareUrl).toMatch(/#share=[A-Za-z0-9_-]+$/);
    before = await table(page);
  });

  it('opened in a fresh browser: the same text and position, under a name of its own', async () => {
    const fresh = await openStudio(shareUrl);
    opened.push(fresh.context);
    const other = fresh.page;
    await expect.poll(() => other.inputValue('[data-testid="game-picker"]')).toBe('shared risiko.rules');
    await expect.poll(() => moves(other)).toBe(11);
    expect(await intended(other)).toBe(12);
    expect(await table(other)).toBe(before);
    expect(await storedText(other, 'shared risiko.rules')).toContain('# shared edit');
    expect(await other.locator('[data-testid="session-notice"]').innerText()).toMatch(/shared session of risiko\.rules as “shared risiko\.rules”/);
    // The bundled Risiko! of that browser is untouched.
    expect(await other.evaluate(() => localStorage.getItem('regola:file:risiko.rules'))).toBeNull();
    // The link is read once: the hash is gone, and a reload keeps the shared file's position.
    expect(new URL(other.url()).hash).toBe('');
    await screenshot(other, 'session-shared');
    expect(fresh.errors).toEqual([]);
  });

  it('opening the link in the designer\'s own browser does not overwrite their file', async () => {
    await page.goto(shareUrl);
    await waitForGame(page);
    await expect.poll(() => page.inputValue('[data-testid="game-picker"]')).toBe('shared risiko.rules');
    expect(await storedText(page, 'risiko.rules')).toContain('# shared edit');
    await page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => moves()).toBe(11);
  });

  it('a truncated link says so and opens the studio as it was', async () => {
    const truncated = shareUrl.slice(0, shareUrl.length - Math.floor((shareUrl.length - shareUrl.indexOf('#')) / 2));
    const fresh = await openStudio(truncated);
    opened.push(fresh.context);
    await expect.poll(() => fresh.page.locator('[data-testid="session-notice"]').count()).toBe(1);
    expect(await fresh.page.locator('[data-testid="session-notice"]').innerText()).toMatch(/This link could not be opened: the link (is truncated|has characters)/);
    expect(await fresh.page.inputValue('[data-testid="game-picker"]')).toBe('mortadella.rules');
    expect(fresh.errors).toEqual([]);
  });
});

describe('a bundled game edited by the designer reverts to its original', () => {
  it('Revert to original is offered once the text differs, asks first, and restores the shipped text', async () => {
    expect(await page.inputValue('[data-testid="game-picker"]')).toBe('risiko.rules');
    await expect.poll(() => page.locator('[data-testid="revert"]').count()).toBe(1);
    // Declining keeps the edit.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.click('[data-testid="revert"]');
    expect(await storedText(page, 'risiko.rules')).toContain('# shared edit');
    let asked = '';
    page.once('dialog', (dialog) => { asked = dialog.message(); void dialog.accept(); });
    await page.click('[data-testid="revert"]');
    await expect.poll(() => page.locator('[data-testid="revert"]').count()).toBe(0);
    expect(asked).toMatch(/Revert risiko\.rules to the original\?/);
    expect(await storedText(page, 'risiko.rules')).not.toContain('# shared edit');
    expect(await page.locator('[data-testid="unsaved"]').count()).toBe(0);
    // The moves are kept: the text only lost a comment.
    expect(await intended()).toBe(12);
    expect(await moves()).toBeGreaterThanOrEqual(11);
    expect(await page.locator('[data-testid="divergence"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('simulation results belong to their game and text', () => {
  const results = () => page.locator('[data-testid="sim-results"]');
  const runAndWait = async () => {
    await page.click('[data-testid="sim-run"]');
    await expect.poll(() => results().count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-testid="sim-run"]:not([disabled])').count(), { timeout: 60_000 }).toBe(1);
  };

  it('an edit marks the results stale; the run before it is the snapshot to compare with', async () => {
    await page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    await page.click('[data-testid="tab-simulate"]');
    await page.fill('[data-testid="sim-games"]', '40');
    await runAndWait();
    expect(await page.locator('[data-testid="sim-stale"]').count()).toBe(0);
    // The designer's edit: a much shorter turn limit.
    await placeCursorAfter(page, 'turn limit 400');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('[data-testid="sim-stale"]').count()).toBe(1);
    await page.keyboard.type('12');
    await expect.poll(() => page.locator('[data-testid="compile-status"]').innerText()).toBe('compiles');
    expect(await page.locator('[data-testid="sim-stale"]').count()).toBe(1);
  });

  it('compare with the text before my edits: A = the snapshot, B = now, the same seeds; mostly stopped games are flagged, never starred', async () => {
    await page.check('[data-testid="sim-compare-snapshot"]');
    expect(await page.locator('[data-testid="sim-snapshot"]').innerText()).toMatch(/A = the rules at the last run, B = now/);
    await runAndWait();
    expect(await page.locator('[data-testid="sim-stale"]').count()).toBe(0);
    const legend = await page.locator('[data-testid="sim-chart"] .legend').first().innerText();
    expect(legend).toMatch(/A · snapshot/);
    expect(legend).toMatch(/B · now/);
    await expect.poll(() => page.locator('[data-testid="sim-mostly-stopped"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="sim-mostly-stopped"]').first().innerText()).toMatch(/B · now: \d+% of the games were stopped before an end: .* no difference is starred/);
    expect(await page.locator('[data-testid="sim-results"] .diff.significant').count()).toBe(0);
    const diffs = page.locator('[data-testid="sim-results"] text.diff');
    expect(await diffs.count()).toBeGreaterThan(0);
    expect(await diffs.filter({ hasText: '★' }).count()).toBe(0);
    expect(await diffs.filter({ hasText: '⚠' }).count()).toBe(await diffs.count());
    expect(await results().innerText()).toMatch(/not judged where most games were stopped/);
    await screenshot(page, 'session-simulation-snapshot');
  });

  it('another game clears the results', async () => {
    await page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => results().count()).toBe(0);
    await page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    expect(await results().count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('a file that never compiled', () => {
  it('does not claim to play "the last version that compiled"', async () => {
    await page.setInputFiles('[data-testid="open-file-input"]', { name: 'rotto.rules', mimeType: 'text/plain', buffer: Buffer.from('game "Rotto" {\n  players 2 to\n}\n') });
    await expect.poll(() => page.locator('[data-testid="game-picker"]').inputValue()).toBe('rotto.rules');
    await expect.poll(() => page.locator('[data-testid="compile-status"]').innerText()).toMatch(/errors? — no version of this file has compiled yet/);
    await page.selectOption('[data-testid="game-picker"]', 'mortadella.rules');
    await expect.poll(() => page.locator('[data-testid="compile-status"]').innerText()).toBe('compiles');
    expect(errors).toEqual([]);
  });
});
