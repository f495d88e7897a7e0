/**
 * Studio figures in headless Chromium: gzipped size of the built JavaScript, load to interactive,
 * and keystroke-to-updated-playtest latency. Prints only; needs /usr/bin/chromium.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const launchFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function bundleSize(): void {
  const assets = join(root, 'dist', 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gzipped = 0;
  const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  const parts: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(join(assets, file));
    const packed = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzipped += packed;
    parts.push(`${file.replace(/-[\w-]{8}\.js$/, '')} ${kb(packed)}`);
  }
  console.log(`studio bundle: ${files.length} JavaScript files (workers included), ${kb(raw)} raw, ${kb(gzipped)} gzipped`);
  console.log(`  gzipped by file: ${parts.join(', ')}`);
}

async function openPage(url: string): Promise<{ page: Page; close: () => Promise<void>; loadMs: number }> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'regola-bench-')), {
    executablePath: chromiumPath, headless: true, viewport: { width: 1440, height: 900 }, args: launchFlags,
  });
  const page = context.pages()[0] ?? await context.newPage();
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('[data-testid="random-move"]', { timeout: 60_000 });
  await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', { timeout: 60_000 });
  return { page, loadMs: Date.now() - started, close: () => context.close() };
}

/**
 * Time from a keydown in the editor to the next change of the playtest pane, then to the next
 * animation frame (painted), for edits that change what the pane shows: the last character of
 * `needle` (e.g. `reserve 40`, or the game's title) deleted and typed again, 20 times each.
 */
async function keystrokeLatency(page: Page, needle = 'reserve 40'): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { regolaLatencies: number[]; regolaPending: number; regolaObserved?: boolean };
    w.regolaLatencies = [];
    w.regolaPending = 0;
    if (w.regolaObserved) return;
    w.regolaObserved = true;
    const pane = document.querySelector('[data-testid="playtest"]')!;
    new MutationObserver(() => {
      const pressed = w.regolaPending;
      if (!pressed) return;
      w.regolaPending = 0;
      requestAnimationFrame(() => w.regolaLatencies.push(performance.now() - pressed));
    }).observe(pane, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener('keydown', () => { w.regolaPending = performance.now(); }, true);
  });
  await page.click('[data-testid="editor"] .monaco-editor .view-lines');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.keyboard.type(needle);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  const last = needle.slice(-1);
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(150);
    await page.keyboard.type(last);
    await page.waitForTimeout(150);
  }
  return page.evaluate(() => (window as unknown as { regolaLatencies: number[] }).regolaLatencies);
}

/** Bots play `game` until it ends or `moves` moves are on the table; returns how many there are. */
async function playLong(page: Page, game: string, moves: number): Promise<number> {
  await page.selectOption('[data-testid="game-picker"]', game);
  await page.waitForSelector('[data-testid="random-move"]', { timeout: 60_000 });
  const count = async () => Number(await page.locator('[data-testid="move-count"]').getAttribute('data-moves'));
  await page.click('[data-testid="autoplay"]');
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (await page.locator('[data-testid="outcome"]').count() || await count() >= moves) break;
    await page.waitForTimeout(200);
  }
  if (await page.locator('[data-testid="stop-bots"]').count()) await page.click('[data-testid="stop-bots"]');
  await page.waitForTimeout(500);
  return count();
}

/** Plays `moves` random moves of `game` one click at a time (a game a designer has just started on); returns how many there are. */
async function playShort(page: Page, game: string, moves: number): Promise<number> {
  await page.selectOption('[data-testid="game-picker"]', game);
  await page.waitForSelector('[data-testid="random-move"]', { timeout: 60_000 });
  const count = async () => Number(await page.locator('[data-testid="move-count"]').getAttribute('data-moves'));
  for (let played = await count(); played < moves && !(await page.locator('[data-testid="outcome"]').count()); ) {
    await page.click('[data-testid="random-move"]');
    await page.waitForFunction((before) => Number(document.querySelector('[data-testid="move-count"]')?.getAttribute('data-moves')) > before, played);
    played = await count();
  }
  return count();
}

const latencyLine = (what: string, latencies: number[]) =>
  `studio keystroke → updated playtest, painted (${what}): median ${median(latencies).toFixed(1)} ms over ${latencies.length} keys (max ${Math.max(...latencies).toFixed(1)} ms); target < 50 ms`;

export async function studioBenchmarks(): Promise<void> {
  if (!existsSync(chromiumPath)) {
    console.log(`studio: skipped (no Chromium at ${chromiumPath}; apt-get install chromium)`);
    return;
  }
  await build({ root: join(root, 'studio'), configFile: join(root, 'vite.config.ts'), logLevel: 'silent' });
  bundleSize();
  const server = await preview({ configFile: join(root, 'vite.config.ts'), preview: { port: 5198, strictPort: false }, logLevel: 'silent' });
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5198/';
  try {
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const opened = await openPage(url);
      loads.push(opened.loadMs);
      if (i < 4) await opened.close();
      else {
        console.log(latencyLine('mortadella.rules, 0 moves', await keystrokeLatency(opened.page)));
        // A game just started, then long games: what a designer meets after playing far into one.
        for (const [game, title] of [['mortadella.rules', 'game "Il Trono di Mortadella'], ['risiko.rules', 'game "Risiko!']] as const) {
          const played = await playShort(opened.page, game, 25);
          console.log(latencyLine(`${game}, ${played} moves`, await keystrokeLatency(opened.page, title)));
        }
        for (const [game, title, moves] of [['mortadella.rules', 'game "Il Trono di Mortadella', 2000], ['risiko.rules', 'game "Risiko!', 520]] as const) {
          const played = await playLong(opened.page, game, moves);
          console.log(latencyLine(`${game}, ${played} moves`, await keystrokeLatency(opened.page, title)));
        }
        await opened.close();
      }
    }
    console.log(`studio load to interactive (headless Chromium, cold profile): median ${median(loads).toFixed(0)} ms over ${loads.length} loads; target < 2000 ms`);
  } finally {
    await server.close();
  }
}
