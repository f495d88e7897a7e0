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
import type { ReplayCase, ReplayFigures } from './studio-replay.ts';
import { runScript } from './child.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const launchFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function median(values: number[]): number {
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

/** What one load spent its time on, measured in the page (ms from navigation start). */
export interface Load { loadMs: number; playtestMs: number; editorMs: number; longTasks: number[]; scripts: { name: string; kB: number; endMs: number }[] }

/**
 * Marks, from the page itself, when the playtest (its choice card) and the editor (Monaco's lines)
 * first appear, and every long task from the start; read back by `openPage`. A string, not a
 * function: tsx wraps named functions in a helper the page does not have.
 */
const markLoad = `(() => {
  const load = window.regolaLoad = { playtest: 0, editor: 0, longTasks: [] };
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) load.longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
  const look = () => {
    if (!load.playtest && document.querySelector('[data-testid="random-move"]')) load.playtest = performance.now();
    if (!load.editor && document.querySelector('[data-testid="editor"] .monaco-editor .view-lines')) load.editor = performance.now();
    if (!load.playtest || !load.editor) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

export async function openPage(url: string): Promise<{ page: Page; close: () => Promise<void>; load: Load }> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'regola-bench-')), {
    executablePath: chromiumPath, headless: true, viewport: { width: 1440, height: 900 }, args: launchFlags,
  });
  const page = context.pages()[0] ?? await context.newPage();
  await page.addInitScript({ content: markLoad });
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('[data-testid="random-move"]', { timeout: 60_000 });
  await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', { timeout: 60_000 });
  const loadMs = Date.now() - started;
  await page.waitForTimeout(300);
  const figures = await page.evaluate(() => {
    const w = window as unknown as { regolaLoad: { playtest: number; editor: number; longTasks: number[] } };
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => /\.js(\?|$)/.test(r.name))
      .map((r) => ({ name: r.name.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''), kB: r.encodedBodySize / 1024, endMs: r.responseEnd }));
    return { playtestMs: w.regolaLoad.playtest, editorMs: w.regolaLoad.editor, longTasks: w.regolaLoad.longTasks.slice(), scripts };
  });
  return { page, load: { loadMs, ...figures }, close: () => context.close() };
}

/** The loads' medians: when the playtest and the editor appeared, the long tasks on the way, the scripts fetched. */
export function loadLines(loads: Load[]): string[] {
  const m = (f: (l: Load) => number) => median(loads.map(f)).toFixed(0);
  const first = loads[loads.length - 1];
  return [
    `studio load to interactive (headless Chromium, cold profile): median ${m((l) => l.loadMs)} ms over ${loads.length} loads; target < 2000 ms`,
    `  in the page: playtest ready at ${m((l) => l.playtestMs)} ms, editor ready at ${m((l) => l.editorMs)} ms (medians, from navigation start)`,
    `  long tasks while loading: median ${m((l) => l.longTasks.length)}, ${m((l) => l.longTasks.reduce((a, b) => a + b, 0))} ms in all, longest ${m((l) => Math.max(0, ...l.longTasks))} ms`,
    `  scripts fetched (last load): ${first.scripts.map((s) => `${s.name} ${s.kB.toFixed(0)} kB by ${s.endMs.toFixed(0)} ms`).join(', ')}`,
  ];
}

/** One keystroke case: painted latencies, and the main thread's long tasks (> 50 ms) while typing. */
export interface Typed { latencies: number[]; longTasks: number[]; cpuTasks: number[] }

/**
 * The main thread's tasks over 50 ms of its own CPU time while `act` runs, from a Chrome trace
 * (`tdur`): unlike the wall-clock `longtask` entries, not inflated by other processes on a loaded machine.
 */
async function cpuLongTasks(page: Page, act: () => Promise<void>): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string } }[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as typeof events)));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'disabled-by-default-devtools.timeline'] } });
  await act();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  return events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === main.pid && e.tid === main.tid)
    .map((e) => (e.tdur ?? 0) / 1000)
    .filter((ms) => ms > 50);
}

/**
 * Time from a keydown in the editor to the next change of the playtest pane, then to the next
 * animation frame (painted), for edits that change what the pane shows: the last character of
 * `needle` (e.g. `reserve 40`, or the game's title) deleted and typed again, 20 times each. A
 * `longtask` observer collects every main-thread task over 50 ms from the first key to 500 ms after
 * the last (what "keep typing responsive" asks: none).
 */
export async function keystrokeLatency(page: Page, needle = 'reserve 40'): Promise<Typed> {
  await page.evaluate(() => {
    const w = window as unknown as { regolaLatencies: number[]; regolaPending: number; regolaObserved?: boolean; regolaLongTasks: number[]; regolaTyping: boolean };
    w.regolaLatencies = [];
    w.regolaLongTasks = [];
    w.regolaPending = 0;
    w.regolaTyping = false;
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
    new PerformanceObserver((list) => {
      if (w.regolaTyping) for (const entry of list.getEntries()) w.regolaLongTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  await page.click('[data-testid="editor"] .monaco-editor .view-lines');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.keyboard.type(needle);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(500);
  await page.evaluate(() => { (window as unknown as { regolaTyping: boolean }).regolaTyping = true; });
  const last = needle.slice(-1);
  const cpuTasks = await cpuLongTasks(page, async () => {
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Backspace');
      await page.waitForTimeout(150);
      await page.keyboard.type(last);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(500);
  });
  const typed = await page.evaluate(() => {
    const w = window as unknown as { regolaLatencies: number[]; regolaLongTasks: number[]; regolaTyping: boolean };
    w.regolaTyping = false;
    return { latencies: w.regolaLatencies, longTasks: w.regolaLongTasks };
  });
  return { ...typed, cpuTasks };
}

/** Bots play `game` until it ends or `moves` moves are on the table; returns how many there are. */
export async function playLong(page: Page, game: string, moves: number): Promise<number> {
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
export async function playShort(page: Page, game: string, moves: number): Promise<number> {
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

const tasksText = (tasks: number[]) => `${tasks.length}${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ''}`;
const latencyLine = (what: string, { latencies, longTasks, cpuTasks }: Typed) =>
  `studio keystroke → updated playtest, painted (${what}): median ${median(latencies).toFixed(1)} ms over ${latencies.length} keys (max ${Math.max(...latencies).toFixed(1)} ms); target < 50 ms\n` +
  `  long tasks (> 50 ms) on the main thread while typing: ${tasksText(longTasks)} by the clock, ${tasksText(cpuTasks)} by the thread's CPU time; target 0`;

/** The studio opened again at `url` (the kept session brings the same file and moves back), once it shows them. */
async function reopen(page: Page, url: string, moves: number): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', { timeout: 60_000 });
  await page.waitForSelector(`[data-testid="move-count"][data-moves="${moves}"]`, { timeout: 60_000 });
  await page.waitForTimeout(300);
}

/**
 * The replay after an edit on the stepper (A, the studio's default) and on generated code (B,
 * `?replay=generated`): the same game and moves, the page reloaded between them, A B A B A B,
 * the painted latencies of each pooled. Generated code for a logged match is built for each new
 * definition, that is at every keystroke, and starts cold.
 */
async function replayAB(page: Page, url: string, game: string, title: string, moves: number): Promise<string> {
  const played = moves <= 25 ? await playShort(page, game, moves) : await playLong(page, game, moves);
  const latencies: Record<'stepper' | 'generated', number[]> = { stepper: [], generated: [] };
  for (let round = 0; round < 3; round++) {
    for (const engine of ['stepper', 'generated'] as const) {
      await reopen(page, engine === 'generated' ? `${url}?replay=generated` : url, played);
      latencies[engine].push(...(await keystrokeLatency(page, title)).latencies);
    }
  }
  const a = median(latencies.stepper);
  const b = median(latencies.generated);
  return `studio replay after an edit, stepper (A) against generated code (B), ${game}, ${played} moves: median ${a.toFixed(1)} ms against ${b.toFixed(1)} ms over ${latencies.stepper.length} and ${latencies.generated.length} keys, A B A B A B (B/A ${(b / a).toFixed(2)})`;
}

/**
 * The replay alone, stepper against generated code, bundled in a child node (bench/studio-replay.ts):
 * the short and long games of the browser's cases, and the long games that go to the check worker
 * (from 1,000 moves: No Tav, Percorsi).
 */
async function replayInNode(): Promise<void> {
  const cases: ReplayCase[] = [
    { file: 'rules/mortadella.rules', players: 4, moves: 25 }, { file: 'rules/mortadella.rules', players: 4, moves: 700 },
    { file: 'rules/risiko.rules', players: 4, moves: 25 }, { file: 'rules/risiko.rules', players: 4, moves: 600 },
    { file: 'rules/notav.rules', players: 4, moves: 2700 }, { file: 'rules/percorsi.rules', players: 2, moves: 3000 },
  ];
  let figures: ReplayFigures[];
  try {
    figures = JSON.parse(await runScript('./studio-replay.ts', [root, JSON.stringify(cases), '25'], 'bundled (as the build runs it)')) as ReplayFigures[];
  } catch (error) {
    console.log(`studio replay in node: failed (${(error instanceof Error ? error.message : String(error)).trim().split('\n')[0]})`);
    return;
  }
  console.log('studio replay after an edit, in node (bundled, CPU time, medians of 25 interleaved runs, each on a definition of its own):');
  for (const f of figures) {
    const generated = f.generationMs + f.generatedMs;
    console.log(`  ${f.file.replace(/^rules\//, '')}, ${f.moves} moves: stepper ${f.stepperMs.toFixed(2)} ms; generated ${f.generationMs.toFixed(2)} ms to generate + ${f.generatedMs.toFixed(2)} ms to replay = ${generated.toFixed(2)} ms (B/A ${(generated / f.stepperMs).toFixed(2)})`);
  }
}

export async function studioBenchmarks(): Promise<void> {
  await replayInNode();
  if (!existsSync(chromiumPath)) {
    console.log(`studio: skipped (no Chromium at ${chromiumPath}; apt-get install chromium)`);
    return;
  }
  await build({ root: join(root, 'studio'), configFile: join(root, 'vite.config.ts'), logLevel: 'silent' });
  bundleSize();
  const server = await preview({ configFile: join(root, 'vite.config.ts'), preview: { port: 5198, strictPort: false }, logLevel: 'silent' });
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5198/';
  try {
    const loads: Load[] = [];
    for (let i = 0; i < 5; i++) {
      const opened = await openPage(url);
      loads.push(opened.load);
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
    for (const line of loadLines(loads)) console.log(line);
    const ab = await openPage(url);
    try {
      for (const [game, title, moves] of [['mortadella.rules', 'game "Il Trono di Mortadella', 25], ['mortadella.rules', 'game "Il Trono di Mortadella', 2000], ['risiko.rules', 'game "Risiko!', 520]] as const) {
        console.log(await replayAB(ab.page, url, game, title, moves));
      }
    } finally {
      await ab.close();
    }
  } finally {
    await server.close();
  }
}
