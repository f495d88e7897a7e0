/**
 * The built studio served with a strict Content-Security-Policy (`script-src 'self'`, no
 * 'unsafe-eval': `new Function` is refused), as a host that forbids code from strings would
 * (issue 15). The studio says once, plainly, that games run on the reference interpreter, and
 * everything still works on the stepper: a simulation runs to its end with the charts of the
 * same seeds served without the policy, on one worker and on two, and a search bot moves.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudio, screenshot } from './browser.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const strictPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:";
const notice = "Generated code is blocked by this page's Content-Security-Policy: games run on the reference interpreter (slower).";
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png' };

/** Which responses carry the policy: none, every one, or only the workers' scripts (a worker's policy comes with its own script). */
let policyOn: 'none' | 'all' | 'workers' = 'none';
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    readFile(file).then((body) => {
      const worker = /\.worker-[\w-]+\.js$/.test(file);
      const headers: Record<string, string> = { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' };
      if (policyOn === 'all' || (policyOn === 'workers' && worker)) headers['Content-Security-Policy'] = strictPolicy;
      response.writeHead(200, headers).end(body);
    }, () => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The studio once every worker has said whether generated code runs in it. */
async function openChecked(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, errors, context } = await openStudio(origin);
  await page.click('[data-testid="tab-simulate"]');
  await expect.poll(() => page.locator('.studio').getAttribute('data-generated-code'), { timeout: 60_000 }).not.toBe('asking');
  return { page, errors, close: () => context.close() };
}

/** Runs 200 games of Mortadella (seed 42) on `workers` workers to their end; the results section as drawn. */
async function simulate(page: Page, workers: number): Promise<string> {
  await page.fill('[data-testid="sim-games"]', '200');
  await page.fill('[data-testid="sim-seed"]', '42');
  await page.selectOption('[data-testid="sim-workers"]', String(workers));
  await page.click('[data-testid="sim-run"]');
  await expect.poll(() => page.locator('[data-testid="sim-progress"]').textContent(), { timeout: 110_000, interval: 250 }).toContain('200 games in');
  expect(await page.locator('.failure[role="alert"]').count()).toBe(0);
  return page.locator('[data-testid="sim-results"]').innerHTML();
}

let plainResults = '';

describe('the studio without a policy', () => {
  it('says nothing of the interpreter, and simulates', async () => {
    policyOn = 'none';
    const { page, errors, close } = await openChecked();
    try {
      expect(await page.locator('.studio').getAttribute('data-generated-code')).toBe('runs');
      expect(await page.locator('[data-testid="generated-code-blocked"]').count()).toBe(0);
      expect(await page.locator('[data-testid="sim-generated-code-blocked"]').count()).toBe(0);
      plainResults = await simulate(page, 1);
      expect(plainResults).toContain('Win rate by seat');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the studio under a strict Content-Security-Policy', () => {
  it('says once that games run on the reference interpreter, and why', async () => {
    policyOn = 'all';
    const { page, errors, close } = await openChecked();
    try {
      expect(await page.locator('.studio').getAttribute('data-generated-code')).toBe('blocked');
      // In the status bar, short, its reason on hover; in the Simulate tab, the sentence.
      const status = page.locator('[data-testid="generated-code-blocked"]');
      expect(await status.textContent()).toBe('reference interpreter (generated code blocked)');
      const title = await status.getAttribute('title');
      expect(title).toContain(notice);
      expect(title).toMatch(/refused in the page, the simulation worker, the bot worker \(EvalError: /);
      expect((await page.locator('[data-testid="sim-generated-code-blocked"]').textContent())?.trim()).toBe(notice);
      // A notice, not an error: nothing alarms (Monaco's own empty live regions aside).
      expect(await page.locator('[role="alert"]:not(.monaco-alert)').count()).toBe(0);
      await screenshot(page, 'csp-notice');

      // The same games as without the policy, to the end, on one worker and on two.
      const one = await simulate(page, 1);
      expect(one).toBe(plainResults);
      expect(await simulate(page, 2)).toBe(one);

      // A search bot (batch mode in its worker) still moves.
      await page.selectOption('[data-testid="game-picker"]', 'examples/tris.rules');
      await page.click('[data-testid="tab-play"]');
      await expect.poll(() => page.locator('[data-testid="headline"]').textContent()).toContain('Tris');
      await page.selectOption('[data-testid="seat-bot"][data-seat="1"]', 'mcts:200');
      const moves = async () => Number(await page.locator('[data-testid="move-count"]').getAttribute('data-moves'));
      const before = await moves();
      await page.locator('[data-testid="grid-cell"][data-selectable="true"]').first().click();
      await expect.poll(moves, { timeout: 60_000 }).toBe(before + 2);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a policy on the workers\' scripts alone: the workers are asked, not guessed from the page', async () => {
    policyOn = 'workers';
    const { page, errors, close } = await openChecked();
    try {
      expect(await page.locator('.studio').getAttribute('data-generated-code')).toBe('blocked');
      const title = await page.locator('[data-testid="generated-code-blocked"]').getAttribute('title');
      expect(title).toMatch(/refused in the simulation worker, the bot worker \(EvalError: /);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
