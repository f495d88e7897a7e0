/**
 * The Simulate tab on several Web Workers (issue 12): the same seeds give the same charts on one
 * worker and on several, a single run and two compared variants alike. The Workers setting picks
 * how many; the results section is compared as the page draws it (every bar, interval and count).
 */
import { describe, expect, it } from 'vitest';
import { screenshot, useStudio } from './browser.ts';

const studio = useStudio();

/** Runs the simulation as set, with `workers` workers, and returns the results section as drawn. */
async function runWith(workers: number): Promise<string> {
  const { page } = studio;
  await page.selectOption('[data-testid="sim-workers"]', String(workers));
  await page.click('[data-testid="sim-run"]');
  await expect.poll(() => page.locator('[data-testid="sim-cancel"]').isDisabled(), { timeout: 110_000, interval: 250 }).toBe(true);
  expect(await page.locator('[role="alert"].failure').count()).toBe(0);
  return page.locator('[data-testid="sim-results"]').innerHTML();
}

describe('Simulate on several workers', () => {
  it('offers one worker per core by default', async () => {
    await studio.page.click('[data-testid="tab-simulate"]');
    const cores = await studio.page.evaluate(() => navigator.hardwareConcurrency);
    expect(await studio.page.locator('[data-testid="sim-workers"]').inputValue()).toBe(String(Math.min(8, Math.max(1, cores))));
  });

  it('300 games of Mortadella: 3 workers draw the charts of one', async () => {
    await studio.page.fill('[data-testid="sim-games"]', '300');
    await studio.page.fill('[data-testid="sim-seed"]', '42');
    const one = await runWith(1);
    expect(one).toContain('Win rate by seat');
    const three = await runWith(3);
    expect(await studio.page.locator('[data-testid="sim-progress"]').textContent()).toContain('300 games in');
    expect(three).toBe(one);
    await screenshot(studio.page, 'simulation-workers');
  });

  it('two variants compared on the same seeds: 2 workers draw the charts of one', async () => {
    await studio.page.click('[data-testid="sim-compare"]');
    await studio.page.fill('[data-testid="sim-games"]', '120');
    await studio.page.selectOption('[data-testid="sim-variant-b"]', 'base');
    const one = await runWith(1);
    expect(await studio.page.locator('[data-testid="sim-results"] .series').count()).toBe(2);
    expect(await runWith(2)).toBe(one);
  });

  it('raised no error in the page', () => {
    expect(studio.errors).toEqual([]);
  });
});
