/** Debian's Chromium driven by playwright-core (no browser download), with flags for this closed network. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

export async function openStudio(url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'regola-e2e-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await waitForStudio(page);
  return { context, page, errors };
}

/**
 * The studio for one test file: opened before its tests, closed after. Read `page` and `errors`
 * inside the tests (they are set by the time the first test runs).
 */
export function useStudio(): { page: Page; errors: string[] } {
  const studio = { page: undefined as unknown as Page, errors: [] as string[], context: undefined as BrowserContext | undefined };
  beforeAll(async () => {
    const opened = await openStudio(inject('studioUrl'));
    Object.assign(studio, opened);
  });
  afterAll(async () => {
    await studio.context?.close();
  });
  return studio;
}

/**
 * The studio is ready when Monaco is up and the game waits for a move (the choice card's Random
 * move: on a map the answers themselves may sit folded, the territories being the buttons).
 */
export async function waitForStudio(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="editor"][data-ready="true"] .monaco-editor .view-lines', { timeout: 60_000 });
  await page.waitForSelector('[data-testid="random-move"]', { timeout: 60_000 });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

/** Types into Monaco as a person would: focus the text first (a click on a button moves focus away). */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  await page.click('[data-testid="editor"] .monaco-editor .view-lines');
  await page.keyboard.type(text);
}

/** Puts the cursor at the start of the first line containing `needle`, then after `needle`. */
export async function placeCursorAfter(page: Page, needle: string): Promise<void> {
  await page.click('[data-testid="editor"] .monaco-editor .view-lines');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.keyboard.type(needle);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
}
