/**
 * A selection under a condition in the studio (rules/examples/mercato.rules): buying from the
 * market is made by clicking cards — the affordable ones highlighted, the others disabled — with
 * the running total of their costs against the coins, and Confirm disabled with the reason until
 * the selection is valid.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openStudio, screenshot } from './browser.ts';

let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ context, page, errors } = await openStudio(inject('studioUrl')));
});

afterAll(async () => {
  await context?.close();
});

const choice = '[data-testid="choice"]';
const total = () => page.locator('[data-testid="selection-total"]').textContent();
const confirm = () => page.locator(`${choice} [data-testid="move"][data-kind="confirm"]`);
const logText = async () => (await page.locator('[data-testid="log"] [data-testid="log-entry"]').allTextContents()).join('\n');

describe('buying cards from the market, by clicking them', () => {
  it('opens Mercato at two players and chooses to buy', async () => {
    await page.selectOption('[data-testid="game-picker"]', 'examples/mercato.rules');
    await expect.poll(() => page.locator('[data-testid="headline"]').textContent()).toContain('Mercato');
    await page.selectOption('[data-testid="players"]', '2');
    await page.fill('[data-testid="seed"]', '5');
    await page.click('[data-testid="restart"]');
    await expect.poll(() => page.locator('[data-testid="player"]').count()).toBe(2);
    await page.click(`${choice} [data-testid="move"][data-choice="compra"]`);
    await expect.poll(total).toBe('total 0 (must be <= 3)');
  });

  it('highlights the cards that can be bought, disables the others, and says why Confirm waits', async () => {
    const completable = page.locator(`${choice} .toggle.completable`);
    expect(await completable.count()).toBeGreaterThan(0);
    expect(await page.locator(`${choice} .toggle.blocked`).count()).toBe(await page.locator(`${choice} .toggle:disabled`).count());
    expect(await confirm().isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="selection-reason"]').textContent()).toBe('Cannot confirm yet: choose at least 1 (0 picked so far)');
    await screenshot(page, 'selection-market');
  });

  it('a click picks a card, the total follows, a second click takes it back, and Confirm buys', async () => {
    const first = page.locator(`${choice} .toggle.completable`).first();
    const label = await first.getAttribute('data-choice');
    await first.click();
    await expect.poll(total).not.toBe('total 0 (must be <= 3)');
    const picked = page.locator(`${choice} .toggle[aria-pressed="true"]`);
    expect(await picked.getAttribute('data-choice')).toBe(label);
    expect(await confirm().isDisabled()).toBe(false);
    expect(await page.locator('[data-testid="selection-reason"]').count()).toBe(0);
    // 3 coins and a card of 2 picked: every other card (2 or 3) no longer fits, and cannot be clicked.
    expect(await page.locator(`${choice} .toggle.blocked:disabled`).count()).toBe(4);
    expect(await page.locator(`${choice} .toggle.completable`).count()).toBe(0);
    await picked.click();
    await expect.poll(total).toBe('total 0 (must be <= 3)');
    await page.locator(`${choice} .toggle[data-choice="${label}"]`).click();
    await confirm().click();
    await expect.poll(logText).toContain(`P1 compra ${label!.replace(/ \(\d+\)$/, '')}`);
    expect(errors).toEqual([]);
  });
});
