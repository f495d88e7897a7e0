/**
 * Sealed bids in the studio (rules/examples/asta.rules): every player bids at once; following the
 * chooser (hot seat), a "Pass to P1" screen hides the table between two bids, and the second
 * bidder's screen never shows the first bid. Then the bots play the auction to its end.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, useStudio } from './browser.ts';

const studio = useStudio();

const pass = () => studio.page.locator('[data-testid="pass-screen"]');
const logText = async () => (await studio.page.locator('[data-testid="log"] [data-testid="log-entry"]').allTextContents()).join('\n');
const offer = (seat: number) => studio.page.locator(`[data-testid="player"][data-seat="${seat}"] [data-testid="player-var"][data-var="offerta"]`).textContent();
const heading = () => studio.page.locator('[data-testid="choice"] header').textContent();

/** Bids `amount`, then checks the pass screen hides the table and hands the device to `next`. */
async function bidAndPass(amount: string, next: string): Promise<void> {
  await studio.page.click(`[data-testid="choice"] [data-testid="move"][data-choice="${amount}"]`);
  await expect.poll(() => pass().count()).toBe(1);
  expect(await pass().textContent()).toContain(`Pass to ${next}`);
  // Nothing of the table is on the page while the device changes hands.
  for (const hidden of ['choice', 'player', 'log', 'headline']) expect(await studio.page.locator(`[data-testid="${hidden}"]`).count()).toBe(0);
  // Keys do not play behind the screen.
  await studio.page.keyboard.press('1');
  expect(await pass().count()).toBe(1);
  await studio.page.click('[data-testid="pass-ready"]');
  await expect.poll(() => pass().count()).toBe(0);
  await expect.poll(heading).toContain(`Your choice, ${next}`);
}

describe('a sealed-bid auction, hot seat', () => {
  it('opens Asta at three players: everyone chooses at once', async () => {
    await studio.page.selectOption('[data-testid="game-picker"]', 'examples/asta.rules');
    await expect.poll(() => studio.page.locator('[data-testid="headline"]').textContent()).toContain('Asta');
    await studio.page.selectOption('[data-testid="players"]', '3');
    await studio.page.fill('[data-testid="seed"]', '1');
    await studio.page.click('[data-testid="restart"]');
    await expect.poll(() => studio.page.locator('[data-testid="player"]').count()).toBe(3);
    await expect.poll(() => studio.page.locator('[data-testid="simultaneous"]').textContent()).toBe('P1, P2 and P3 choose at once');
    expect(await studio.page.locator('[data-testid="player"] .tag.choosing').count()).toBe(3);
  });

  it('passes the device between two bids, and the second bidder never sees the first bid', async () => {
    await studio.page.check('[data-testid="follow-chooser"]');
    await expect.poll(heading).toContain('Your choice, P3');
    await bidAndPass('7', 'P1');
    // P1's screen: nothing of P3's answer, not even a line that there was one.
    expect(await offer(2)).toBe('0');
    const seen = await logText();
    expect(seen).not.toContain('P3 answers');
    expect(seen).not.toContain('P3: 7');
    expect(await studio.page.locator('[data-testid="playtest"]').textContent()).not.toMatch(/P3: 7|con 7 Oro/);
    await screenshot(studio.page, 'simultaneous-second-bidder');
    await bidAndPass('3', 'P2');
    expect(await offer(2)).toBe('0');
    expect(await offer(0)).toBe('0');
    expect(await logText()).not.toMatch(/P3: 7|P1: 3/);
    // P2 is the last to bid: nobody else is choosing now.
    expect(await studio.page.locator('[data-testid="simultaneous"]').count()).toBe(0);
    // The last bid of the lot closes the block: no pass screen, every bid shown to all.
    await studio.page.click('[data-testid="choice"] [data-testid="move"][data-choice="2"]');
    await expect.poll(logText).toContain('P3 si aggiudica il lotto 1 con 7 Oro');
    expect(await pass().count()).toBe(0);
    expect(await logText()).toContain('P1: 3');
  });

  it('viewed as the referee, shows every bid; then the bots play to the end', async () => {
    await studio.page.uncheck('[data-testid="follow-chooser"]');
    await studio.page.selectOption('[data-testid="view-as"]', 'referee');
    const chooser = Number(/P(\d) chooses/.exec((await heading()) ?? '')?.[1]) - 1;
    expect(chooser).toBeGreaterThanOrEqual(0);
    await studio.page.click('[data-testid="choice"] [data-testid="move"][data-choice="1"]');
    await expect.poll(() => offer(chooser)).toBe('1');
    await studio.page.click('[data-testid="autoplay"]');
    await expect.poll(() => studio.page.locator('[data-testid="outcome"]').count(), { timeout: 60_000 }).toBe(1);
    expect(await studio.page.locator('[data-testid="outcome"]').textContent()).toMatch(/P\d wins|pari/);
    await screenshot(studio.page, 'simultaneous-end');
    expect(studio.errors).toEqual([]);
  });
});
