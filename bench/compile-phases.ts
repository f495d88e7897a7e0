/**
 * Compile time of a rules file in its three phases, warm, as the first batch game of a definition
 * pays them: compile (check + lowering of the logged programs), batch lowering (the programs with
 * their rules inlined), code generation (codegen/: writing the JavaScript and `new Function`);
 * and apart, the switches of the structured programs, written when a frame first resumes in one.
 * bench/run.ts times it twice, each in a child node of its own (bench/child.ts): the sources
 * through tsx, and bundled as the CLI's build runs it. As that child (`REGOLA_BENCH_SCRIPT=1`,
 * argument `FILE`) it prints the figures as JSON.
 */
import { readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { compileRules } from '../interpreter/lowering/compile.ts';
import type { GameDefinition, Program } from '../interpreter/program/program.ts';
import { generatedCode, programReports, withGeneratedCode } from '../interpreter/codegen/index.ts';
import { asScript } from './child.ts';

export interface PhaseFigures { median: number; min: number; max: number }
/**
 * `switches`: writing the switches of the structured programs, which waits until a frame first
 * resumes in one (not in the total). `collections`: V8's young-generation collections (scavenges)
 * that started during the window's compiles, and the full ones.
 */
export interface CompilePhases {
  compile: PhaseFigures; lowering: PhaseFigures; generation: PhaseFigures; total: PhaseFigures; switches: PhaseFigures;
  collections: Collections;
}
/** `scavenges` and `full`: how many; `scavengeMs`: their median pause; `perCompileMs`: all collections' pauses over the window's compiles. */
export interface Collections { scavenges: number; full: number; scavengeMs: number; perCompileMs: number }

function figures(values: number[]): PhaseFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return { median: sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** The compiles timed: the 50 after the first 10, and the 50 after the first 100 (`settled`). */
export const early = { from: 10, runs: 50 };
export const settled = { from: 100, runs: 50 };

/**
 * A text of its own for each timed compile (a comment with the run's number): `analyze` keeps the
 * last text's analysis, so compiling one text twice would time only the second half. Two windows
 * of one run of compiles: `early`, and `settled`, once V8 has stopped optimizing the compiler's
 * own functions (it still optimizes dozens of them in each ten compiles until some 100, and
 * throws some back up to 30: `node --trace-opt --trace-deopt`). The studio compiles on every
 * keystroke: a designer at work is in the settled window within a minute.
 */
export async function compilePhases(text: string): Promise<{ early: CompilePhases; settled: CompilePhases }> {
  const times = { compile: [] as number[], lowering: [] as number[], generation: [] as number[], total: [] as number[] };
  // Each compile's start and end, to tell which of them the collections fell in.
  const spans: { start: number; end: number }[] = [];
  const collected: { start: number; ms: number; minor: boolean }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      collected.push({ start: entry.startTime, ms: entry.duration, minor: (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const count = settled.from + settled.runs;
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const definition = compiled(text, i);
    const compiledAt = performance.now();
    const programs = definition.batchPrograms();
    const lowered = performance.now();
    generate(definition, programs);
    const generated = performance.now();
    times.compile.push(compiledAt - start);
    times.lowering.push(lowered - compiledAt);
    times.generation.push(generated - lowered);
    times.total.push(generated - start);
    spans.push({ start, end: generated });
  }
  // The observer is told of collections once the loop has yielded to timers.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  // Apart, so that their garbage does not fall into the phases above: a playout never writes them.
  const switches: number[] = [];
  for (let i = 0; i < early.from + early.runs; i++) {
    const definition = compiled(text, count + i);
    const programs = definition.batchPrograms();
    generate(definition, programs);
    const reports = programReports(definition, programs);
    const start = performance.now();
    // The whole source of each program, its switch written now.
    for (const report of reports) if (report.source.length === 0) throw new Error('a program has no source');
    if (i >= early.from) switches.push(performance.now() - start);
  }
  const window = ({ from, runs }: { from: number; runs: number }): CompilePhases => {
    const of = (values: number[]) => figures(values.slice(from, from + runs));
    const first = spans[from].start;
    const last = spans[from + runs - 1].end;
    const inWindow = collected.filter((c) => c.start >= first && c.start <= last);
    const scavenges = inWindow.filter((c) => c.minor);
    const collections: Collections = {
      scavenges: scavenges.length, full: inWindow.length - scavenges.length,
      scavengeMs: scavenges.length ? figures(scavenges.map((c) => c.ms)).median : 0,
      perCompileMs: inWindow.reduce((sum, c) => sum + c.ms, 0) / runs,
    };
    return { compile: of(times.compile), lowering: of(times.lowering), generation: of(times.generation), total: of(times.total), switches: figures(switches), collections };
  };
  return { early: window(early), settled: window(settled) };
}

function compiled(text: string, run: number): GameDefinition {
  const { definition, diagnostics } = compileRules(`${text}\n# compile ${run}\n`);
  if (!definition) throw new Error(`does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  return definition;
}

function generate(definition: GameDefinition, programs: Program[]): void {
  const code = generatedCode(withGeneratedCode(definition), programs);
  if (!code || code.some((program) => program === null)) throw new Error('a program was not generated');
}

// As a child script (bench/child.ts): the figures of one file, as JSON.
if (asScript) {
  const [file] = process.argv.slice(2);
  // Not a top-level await: the bundled child is CommonJS.
  void compilePhases(readFileSync(file, 'utf8')).then((figures) => process.stdout.write(JSON.stringify(figures)));
}
