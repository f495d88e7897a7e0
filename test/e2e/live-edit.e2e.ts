/**
 * Live editing never throws moves away (issue 9): Risiko! played 80 moves, then `let iniziali = 25`
 * changed to 28 by Backspace and "8" — the in-between text "2" stops the replay early, and retyping
 * 25 brings all 80 moves back. A log line rewinds the game; Redo plays the designer's next move
 * again; "Drop them" is the only way to let moves go.
 */
import { describe, expect, it } from 'vitest';
import { placeCursorAfter, screenshot, useStudio } from './browser.ts';

const studio = useStudio();
const count = () => studio.page.locator('[data-testid="move-count"]');
const moves = async () => Number(await count().getAttribute('data-moves'));
const intended = async () => Number(await count().getAttribute('data-intended'));
const divergence = () => studio.page.locator('[data-testid="divergence"]');

describe('an edit never throws moves away', () => {
  it('plays 80 moves of Risiko! for 5 players', async () => {
    const { page } = studio;
    await page.selectOption('[data-testid="game-picker"]', 'risiko.rules');
    await expect.poll(() => page.locator('[data-testid="map-node"]').count()).toBe(42);
    await page.selectOption('[data-testid="players"]', '5');
    await page.click('[data-testid="restart"]');
    await expect.poll(() => page.locator('[data-testid="player"]').count()).toBe(5);
    await expect.poll(moves).toBe(0);
    for (let i = 0; i < 80; i++) await page.click('[data-testid="random-move"]');
    await expect.poll(moves).toBe(80);
    expect(await intended()).toBe(80);
  });

  it('25 → 2: the game stops where the rules refuse a move, says which and why, and keeps the rest', async () => {
    const { page } = studio;
    await placeCursorAfter(page, 'let iniziali = 25');
    await page.keyboard.press('Backspace');
    await expect.poll(() => divergence().count()).toBe(1);
    expect(await moves()).toBeLessThan(80);
    expect(await intended()).toBe(80);
    expect(await divergence().textContent()).toMatch(/The rules refuse move \d+ \(P\d: .+\): .+ moves? from there on (is|are) kept/);
    await screenshot(page, 'live-edit-divergence');
  });

  it('2 → 28 → 25: retyping the old value brings every move back', async () => {
    const { page } = studio;
    await page.keyboard.type('8');
    await expect.poll(intended).toBe(80);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5');
    await expect.poll(moves).toBe(80);
    expect(await divergence().count()).toBe(0);
  });

  it('keys typed faster than the rebuilds answer: the game shown ends as the newest text says, never an older one', async () => {
    const { page } = studio;
    const status = page.locator('[data-testid="compile-status"]');
    // 25 → 2 → 28 → 2 → (nothing: an error) → 2 → 25 with no pause: the texts in between refuse moves or do not compile.
    for (const key of ['Backspace', '8', 'Backspace', 'Backspace', '2', '5']) await page.keyboard.press(key);
    await expect.poll(moves).toBe(80);
    await expect.poll(() => divergence().count()).toBe(0);
    await expect.poll(() => status.textContent()).toContain('compiles');
    // … and ending on a text that refuses a move: the newest text's divergence, the moves kept.
    for (const key of ['Backspace', '8', 'Backspace']) await page.keyboard.press(key);
    await expect.poll(() => divergence().count()).toBe(1);
    expect(await moves()).toBeLessThan(80);
    expect(await intended()).toBe(80);
    await page.keyboard.type('5');
    await expect.poll(moves).toBe(80);
    expect(await divergence().count()).toBe(0);
  });

  it('Ctrl+Z in the editor is the text\'s own undo: the moves are untouched', async () => {
    const { page } = studio;
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(intended).toBe(80);
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await expect.poll(moves).toBe(80);
  });

  it('a log line rewinds the game to where it was written; Redo plays the designer\'s next move again', async () => {
    const { page } = studio;
    const line = page.locator('[data-testid="log-entry"]', { hasText: /^.*/ }).nth(30);
    await line.hover();
    await line.locator('[data-testid="log-rewind"]').click();
    const at = await moves();
    expect(at).toBeLessThan(80);
    expect(await intended()).toBe(80);
    expect(await page.locator('[data-testid="redo"]').isEnabled()).toBe(true);
    await page.click('[data-testid="redo"]');
    await expect.poll(moves).toBe(at + 1);
    expect(await intended()).toBe(80);
    // Undo and redo of moves stay apart from the text's.
    await page.click('[data-testid="undo"]');
    await expect.poll(moves).toBe(at);
  });

  it('"Drop them" is the designer\'s choice: only then are the moves gone', async () => {
    const { page } = studio;
    await placeCursorAfter(page, 'let iniziali = 25');
    await page.keyboard.press('Backspace');
    await expect.poll(() => divergence().count()).toBe(1);
    const kept = await moves();
    await page.click('[data-testid="drop-rest"]');
    await expect.poll(() => divergence().count()).toBe(0);
    expect(await intended()).toBe(kept);
    await placeCursorAfter(page, 'let iniziali = 2');
    await page.keyboard.type('5');
    await expect.poll(moves).toBe(kept);
    expect(await intended()).toBe(kept);
    expect(studio.errors).toEqual([]);
  });
});
