/**
 * `npm run fuzz -- --inputs N [--seed S] [--workers W] [--playouts P]`: long fuzzing runs on every
 * core. Inputs are drawn by fast-check from fixed seeds (the run's seed, the worker and the batch),
 * so any input can be drawn again. Each input goes through `examine` (harness.ts); a failure is
 * minimised and written to test/fuzz/corpus/, which `npm test` replays. An input that keeps its
 * worker busy for more than a minute is a hang: the worker is stopped, the input written as it is.
 * Prints a summary table; exits 1 when anything was found.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { corpusDir, examine, minimise, mutatedSeed, randomText, tokenSoup, type ExamineOptions, type Problem } from './harness.ts';

const kinds = { bytes: randomText, soup: tokenSoup, mutation: mutatedSeed } as const;
type Kind = keyof typeof kinds;
const batchSize = 50;
const hangAfterMs = 60_000;

/** The inputs of one batch: the same (seed, worker, batch, kind) always gives the same texts. */
function batch(seed: number, worker: number, index: number, kind: Kind): string[] {
  return fc.sample(kinds[kind], { seed: seed * 1_000_003 + worker * 10_007 + index * 31 + Object.keys(kinds).indexOf(kind), numRuns: batchSize });
}

type Report =
  | { type: 'start'; kind: Kind; batch: number; item: number }
  | { type: 'done'; kind: Kind; problems: Problem[]; ms: number }
  | { type: 'failure'; kind: Kind; problem: Problem; detail: string; minimised: string };

function work(): void {
  const { seed, worker, inputs, options } = workerData as { seed: number; worker: number; inputs: number; options: ExamineOptions };
  const send = (report: Report) => parentPort!.postMessage(report);
  let done = 0;
  for (let index = 0; done < inputs; index++) {
    for (const kind of Object.keys(kinds) as Kind[]) {
      const texts = batch(seed, worker, index, kind);
      for (let item = 0; item < texts.length && done < inputs; item++, done++) {
        send({ type: 'start', kind, batch: index, item });
        const started = performance.now();
        const findings = examine(texts[item], options);
        const seen = new Set<Problem>();
        for (const finding of findings) {
          if (seen.has(finding.problem)) continue;
          seen.add(finding.problem);
          send({ type: 'failure', kind, problem: finding.problem, detail: finding.detail, minimised: minimise(texts[item], finding.problem, options) });
        }
        send({ type: 'done', kind, problems: [...seen], ms: performance.now() - started });
      }
    }
  }
}

function flag(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const raw = at >= 0 ? args[at + 1] : undefined;
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number, not '${raw}'`);
  return Number(raw);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const inputs = flag(args, 'inputs', 1000);
  const seed = flag(args, 'seed', 1);
  const workers = Math.max(1, Math.min(flag(args, 'workers', availableParallelism()), inputs || 1));
  const options: ExamineOptions = { playouts: flag(args, 'playouts', 1), maxRounds: 2 };
  const counts = new Map<string, number>();
  const count = (key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);
  const written: string[] = [];
  let slowest = 0;
  mkdirSync(corpusDir, { recursive: true });
  const save = (kind: string, problem: string, text: string, detail: string) => {
    const name = `${problem}-${kind}-${seed}-${written.length + 1}.rules`;
    writeFileSync(join(corpusDir, name), text);
    written.push(`${name}: ${detail}`);
  };
  const started = performance.now();
  const run = (worker: number, share: number) => new Promise<void>((resolve) => {
    if (share === 0) { resolve(); return; }
    // A worker starts as plain Node: it registers tsx's loader before it loads this TypeScript file.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const thread = new Worker(bootstrap, { eval: true, workerData: { seed, worker, inputs: share, options } });
    let last: Extract<Report, { type: 'start' }> | undefined;
    let since = performance.now();
    const watchdog = setInterval(() => {
      if (!last || performance.now() - since < hangAfterMs) return;
      clearInterval(watchdog);
      count('hang');
      save(last.kind, 'hang', batch(seed, worker, last.batch, last.kind)[last.item], `no answer after ${hangAfterMs / 1000} s`);
      void thread.terminate();
    }, 1000);
    thread.on('message', (report: Report) => {
      if (report.type === 'start') { last = report; since = performance.now(); return; }
      if (report.type === 'failure') { save(report.kind, report.problem, report.minimised, report.detail); return; }
      count(`inputs ${report.kind}`);
      for (const problem of report.problems) count(problem);
      slowest = Math.max(slowest, report.ms);
    });
    const finish = () => { clearInterval(watchdog); resolve(); };
    thread.on('error', (error) => { count('worker crash'); written.push(`worker ${worker}: ${error.message}`); finish(); });
    thread.on('exit', finish);
  });
  const shares = Array.from({ length: workers }, (_, w) => Math.floor(inputs / workers) + (w < inputs % workers ? 1 : 0));
  await Promise.all(shares.map((share, worker) => run(worker, share)));
  const seconds = (performance.now() - started) / 1000;
  const problems: (Problem | 'hang' | 'worker crash')[] = ['exception', 'bad-range', 'nondeterministic', 'javascript-message', 'playout-crash', 'run-error-unpositioned', 'winner-not-a-player', 'no-end', 'codegen-differs', 'hang', 'worker crash'];
  const total = (Object.keys(kinds) as Kind[]).reduce((n, kind) => n + (counts.get(`inputs ${kind}`) ?? 0), 0);
  const rows: [string, string][] = [
    ...(Object.keys(kinds) as Kind[]).map((kind): [string, string] => [`inputs: ${kind}`, String(counts.get(`inputs ${kind}`) ?? 0)]),
    ['inputs in all', String(total)],
    ...problems.map((problem): [string, string] => [problem, String(counts.get(problem) ?? 0)]),
    ['slowest input', `${(slowest / 1000).toFixed(2)} s`],
    ['time', `${seconds.toFixed(1)} s on ${workers} worker${workers === 1 ? '' : 's'}, seed ${seed}`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join('\n'));
  if (written.length) console.log(`\nwritten to ${corpusDir}:\n${written.map((w) => `  ${w}`).join('\n')}`);
  return problems.some((p) => counts.get(p)) ? 1 : 0;
}

if (isMainThread) process.exitCode = await main();
else work();
