/**
 * The Rulebook tab (issue 13): the rulebook beside the rules, each sentence shaded by coverage. In
 * 1984, whose rulebook is fully cited or interpreted, one `cite` line is deleted in the editor, so its sentence
 * turns uncovered; that sentence is clicked, its `cite` inserted at the editor's cursor, and the
 * counts follow at once; the new citation lights its sentence; a cited sentence jumps to the rule
 * citing it. (Deleting a cite first keeps the test meaningful while every seed game passes --strict.)
 */
import { describe, expect, it } from 'vitest';
import { placeCursorAfter, screenshot, useStudio, waitForStudio } from './browser.ts';

const studio = useStudio();
const count = async (name: string) => Number(await studio.page.locator(`[data-testid="rulebook-${name}"]`).textContent());

describe('the Rulebook tab', () => {
  let before = { cited: 0, uncovered: 0 };
  const removed = 'Durante questa fase ogni giocatore seleziona cinque carte';

  it('shows the rulebook of the open game, each sentence shaded, with the counts', async () => {
    const { page } = studio;
    await waitForStudio(page);
    await page.selectOption('[data-testid="game-picker"]', '1984.rules');
    await waitForStudio(page);
    await page.click('[data-testid="tab-rulebook"]');
    await page.waitForSelector('[data-testid="rulebook-counts"]');
    const full = { cited: await count('cited'), uncovered: await count('uncovered') };
    expect(full.cited).toBeGreaterThan(20);
    expect(full.uncovered).toBe(0);
    expect(await page.locator('[data-testid="rulebook-text"]').textContent()).toContain('Fase 1 – Sveglia');
    // Delete the one cite of a sentence (a triple click selects its whole line, which is brought
    // into view first): that sentence is no longer cited.
    await placeCursorAfter(page, `cite "${removed}`);
    await page.locator('[data-testid="editor"] .view-line', { hasText: removed }).first().click({ clickCount: 3 });
    await page.keyboard.press('Delete');
    await expect.poll(() => count('uncovered')).toBe(1);
    before = { cited: await count('cited'), uncovered: await count('uncovered') };
    expect(before.cited).toBe(full.cited - 1);
    const uncovered = page.locator('[data-testid="rulebook-text"] [data-status="uncovered"]');
    expect(await uncovered.count()).toBe(1);
    expect(await uncovered.first().textContent()).toContain(removed);
    await screenshot(page, 'rulebook-tab');
  });

  it('inserts the cite of an uncovered sentence at the cursor, and the counts change as the text does', async () => {
    const { page } = studio;
    // The cursor is still where the deleted cite was (on the line after it).
    const sentence = page.locator('[data-testid="rulebook-text"] [data-status="uncovered"]').first();
    const text = (await sentence.textContent())!.replace(/\s+/g, ' ').trim();
    const unit = await sentence.getAttribute('data-unit');
    await sentence.click();
    await page.click('[data-testid="rulebook-insert"]');
    await expect.poll(() => count('cited')).toBe(before.cited + 1);
    expect(await count('uncovered')).toBe(before.uncovered - 1);
    expect(await page.locator(`[data-unit="${unit}"]`).getAttribute('data-status')).toBe('cited');
    // The citation is in the rules, where the cursor was, and the game still compiles.
    const editorText = await page.locator('[data-testid="editor"] .view-lines').textContent();
    expect(editorText?.replace(/\u00a0/g, ' ')).toContain(`cite "${text.slice(0, 30)}`);
    await expect.poll(() => page.locator('[data-testid="compile-status"]').textContent()).toContain('compiles');
    // The cursor sits on the new citation: its sentence is lit.
    await expect.poll(() => page.locator(`[data-unit="${unit}"].lit`).count()).toBe(1);
    await screenshot(page, 'rulebook-inserted');
  });

  it('a cited sentence jumps to the rule that cites it', async () => {
    const { page } = studio;
    await page.click('[data-testid="rulebook-text"] [data-status="cited"] >> text=/Viene scelto il primo giocatore/');
    await expect.poll(() => page.locator('[data-testid="rulebook-detail"]').textContent()).toMatch(/line \d+/);
    await expect.poll(() => page.locator('[data-testid="editor"] .monaco-editor .selected-text').count()).toBeGreaterThan(0);
  });

  it('with the pointer over a cite in the editor, its sentence is lit', async () => {
    const { page } = studio;
    // A citation near the one the previous step revealed, so its line is drawn (Monaco draws only what is in view).
    const line = page.locator('[data-testid="editor"] .view-line', { hasText: 'Allo stesso modo viene consegnata anche una carta' }).first();
    await line.hover();
    await expect.poll(() => page.locator('[data-testid="rulebook-text"] .lit', { hasText: 'Allo stesso modo viene consegnata anche una carta' }).count()).toBe(1);
    expect(studio.errors).toEqual([]);
  });
});
