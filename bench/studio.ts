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
  await page.waitForSelector('[data-testid="move"]', { timeout: 60_000 });
  await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', { timeout: 60_000 });
  return { page, loadMs: Date.now() - started, close: () => context.close() };
}

/** Time from a keydown in the editor to the next change of the playtest pane, for edits that change the game. */
async function keystrokeLatency(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { regolaLatencies: number[]; regolaPending: number };
    w.regolaLatencies = [];
    w.regolaPending = 0;
    const pane = document.querySelector('[data-testid="playtest"]')!;
    new MutationObserver(() => {
      if (w.regolaPending) { w.regolaLatencies.push(performance.now() - w.regolaPending); w.regolaPending = 0; }
    }).observe(pane, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener('keydown', () => { w.regolaPending = performance.now(); }, true);
  });
  // The reserve of the tokens is shown in the playtest: `reserve 40` ↔ `reserve 4` changes it on every key.
  await page.click('[data-testid="editor"] .monaco-editor .view-lines');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.keyboard.type('reserve 40');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(120);
    await page.keyboard.type('0');
    await page.waitForTimeout(120);
  }
  return page.evaluate(() => (window as unknown as { regolaLatencies: number[] }).regolaLatencies);
}

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
        const latencies = await keystrokeLatency(opened.page);
        console.log(`studio keystroke → updated playtest (mortadella.rules): median ${median(latencies).toFixed(1)} ms over ${latencies.length} keys (max ${Math.max(...latencies).toFixed(1)} ms); target < 50 ms`);
        await opened.close();
      }
    }
    console.log(`studio load to interactive (headless Chromium, cold profile): median ${median(loads).toFixed(0)} ms over ${loads.length} loads; target < 2000 ms`);
  } finally {
    await server.close();
  }
}
