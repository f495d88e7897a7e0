/**
 * `npm run bench`: each benchmark prints its own lines of figures. They only report; none
 * fails on a time. To add one, write a function and list it in `benchmarks`.
 * `npm run bench -- risiko map` runs only the benchmarks named; `--write-docs` then puts what they
 * printed into docs/performance.md (bench/performance-doc.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileRules } from '../interpreter/index.ts';
import { randomPlayout } from '../interpreter/bots/bots.ts';
import { defaultMaxRounds } from '../interpreter/simulation/simulate.ts';
import type { GameDefinition } from '../interpreter/program/program.ts';
import type { Ratios } from './ratios.ts';
import { runScript, ways } from './child.ts';
import { early, settled, type CompilePhases, type PhaseFigures } from './compile-phases.ts';
import type { GamePlayouts } from './game-playouts.ts';
import { simulateOnWorkers } from '../cli/simulate-workers.ts';
import { studioBenchmarks } from './studio.ts';
import { searchBenchmark } from './search.ts';
import { botsBenchmark } from './bots.ts';
import { balance1984 } from './balance-1984.ts';
import { connectFour, stateCopies, perfts } from './engine-api.ts';
import { coldSimulations } from './cold-simulation.ts';
import { capturePrinted, writePerformanceDoc, type PartFigures } from './performance-doc.ts';

interface Benchmark { name: string; run: () => void | Promise<void> }

const rulesDirectory = fileURLToPath(new URL('../rules/', import.meta.url));
const rulesPath = join(rulesDirectory, 'mortadella.rules');

// ---- helpers ---------------------------------------------------------------------------------
function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A text of its own for each timed compile (a comment with the run's number): `analyze` keeps the
 * last text's analysis, so compiling one text twice would time only the second half.
 */
let compiles = 0;
const fresh = (text: string) => `${text}\n# compile ${++compiles}\n`;

/** Plays `games` games (seeds 1..games) and times them, in wall time. */
function timeGames(games: number, play: (seed: number) => number): { perSecond: number; meanDecisions: number } {
  let decisions = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) decisions += play(seed);
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: games / seconds, meanDecisions: decisions / games };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

// ---- benchmarks ------------------------------------------------------------------------------
/**
 * Mortadella's compile time, warm, in its phases (bench/compile-phases.ts): through the sources
 * here, and bundled by esbuild as the CLI's build runs it (no tsx `keepNames` wrapper).
 */
async function compileTime(): Promise<void> {
  const show = (label: string, window: string, f: CompilePhases) => {
    const one = (name: string, p: PhaseFigures) => `${name} ${fixed(p.median, 2)} ms (min ${fixed(p.min, 2)})`;
    console.log(`compile rules/mortadella.rules, ${label}, ${window}: ${one('compile', f.compile)} + ${one('batch lowering', f.lowering)} + ${one('code generation', f.generation)} = ${one('total', f.total)}; target: total < 5 ms`);
    const c = f.collections;
    console.log(`  garbage collection in those ${early.runs} compiles: ${c.scavenges} young-generation collections (median ${fixed(c.scavengeMs, 2)} ms), ${c.full} full; ${fixed(c.perCompileMs, 2)} ms a compile in all`);
  };
  for (const way of ways) {
    try {
      const { early: first, settled: later } = JSON.parse(await runScript('./compile-phases.ts', [rulesPath], way)) as { early: CompilePhases; settled: CompilePhases };
      show(way, `median of compiles ${early.from + 1}-${early.from + early.runs}`, first);
      show(way, `median of compiles ${settled.from + 1}-${settled.from + settled.runs} (V8 done optimizing the compiler)`, later);
      console.log(`compile rules/mortadella.rules, ${way}, apart: the switches, written when a frame first resumes in one, ${fixed(first.switches.median, 2)} ms (min ${fixed(first.switches.min, 2)})`);
    } catch (error) {
      console.log(`compile rules/mortadella.rules, ${way}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/**
 * Mortadella's random playouts three ways (bench/ratios.ts): the generated code (codegen/), the
 * stepper, and the hand-written game; through tsx and bundled as the build runs, each in a child.
 */
async function randomPlayouts(): Promise<void> {
  const show = (label: string, r: Ratios) => {
    const [generated, stepper, byHand] = r.ways.map((way) => way.perSecond);
    console.log(`random playouts, ${r.game}, ${r.players} players, ${label}: ${r.games} games (seeds 1..${r.games}) × ${r.rounds} interleaved rounds, CPU time, medians (after warming up):`);
    for (const way of r.ways) console.log(`  ${way.who.padEnd(13)} ${fixed(way.perSecond, 0).padStart(8)} games/s, ${fixed(way.decisions, 1)} decisions per game`);
    console.log(`  generated / hand-written: ${fixed(generated / byHand, 3)} (target >= 0.5); stepper / hand-written: ${fixed(stepper / byHand, 3)}; generated / stepper: ${fixed(generated / stepper, 2)}×`);
  };
  for (const way of ways) {
    try {
      show(way, JSON.parse(await runScript('./ratios.ts', ['mortadella', rulesDirectory], way)) as Ratios);
    } catch (error) {
      console.log(`random playouts, Mortadella, ${way}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/**
 * Every game of rules/ and rules/examples/: random playouts per second through the stepper
 * (before) and through the generated code (after), each game in a child node of its own,
 * bundled (bench/game-playouts.ts).
 */
async function everyGame(): Promise<void> {
  const files = [
    ...readdirSync(fileURLToPath(new URL('../rules/', import.meta.url))).filter((f) => f.endsWith('.rules')),
    ...readdirSync(fileURLToPath(new URL('../rules/examples/', import.meta.url))).filter((f) => f.endsWith('.rules')).map((f) => `examples/${f}`),
  ];
  console.log(`random playouts of every game (round limit ${defaultMaxRounds}), stepper → generated code, each game in a process of its own, bundled, CPU time, medians of 3 interleaved runs of about 0.5 s after 2 s of warming up each:`);
  for (const file of files) {
    try {
      const r = JSON.parse(await runScript('./game-playouts.ts', [join(rulesDirectory, file)], 'bundled (as the build runs it)')) as GamePlayouts;
      const [b, a] = [r.stepper, r.generated];
      console.log(`  rules/${file.padEnd(28)} ${r.players} players: ${fixed(b, b < 100 ? 1 : 0).padStart(7)} → ${fixed(a, a < 100 ? 1 : 0).padStart(7)} games/s (${fixed(a / b, 2)}×, ${r.games} generated games a run)`);
    } catch (error) {
      console.log(`  rules/${file}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/** Compiles `file` of rules/ (or says why not); `time(runs)` times that many warm compilations. */
function compileFile(file: string): { definition: GameDefinition; time: (runs: number) => { median: number; min: number; max: number } } {
  const text = readFileSync(fileURLToPath(new URL(`../rules/${file}`, import.meta.url)), 'utf8');
  const compile = () => {
    const { definition, diagnostics } = compileRules(fresh(text));
    if (!definition) throw new Error(`rules/${file} does not compile: ${diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('; ')}`);
    return definition;
  };
  const definition = compile();
  return {
    definition,
    time: (runs) => {
      for (let i = 0; i < 5; i++) compile();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        compile();
        times.push(performance.now() - start);
      }
      return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
    },
  };
}

/** Compile time and random playouts of another game of rules/, for games without a hand-written twin. */
function gameFigures(file: string, players: number, games: number): () => void {
  return () => {
    const { definition, time } = compileFile(file);
    const compiled = time(30);
    const play = (seed: number) => randomPlayout(definition, { players, seed, keepMoves: false }).state.moveCount;
    timeGames(Math.ceil(games / 5), play);
    const result = timeGames(games, play);
    console.log(`rules/${file}: compile median ${fixed(compiled.median, 2)} ms; random playouts, ${players} players: ${fixed(result.perSecond, 0)} games/s, ${fixed(result.meanDecisions, 1)} decisions per game`);
  };
}

interface PlayoutFigures { perSecond: number; meanDecisions: number; meanRounds: number; stopped: number }

/**
 * Random playouts (seeds 1..games) under the simulation's round limit, as `regola simulate` plays
 * them; a game stopped by the limit counts as lasting the limit, as in its report.
 */
function timePlayouts(definition: GameDefinition, players: number, games: number, variant: string | null): PlayoutFigures {
  let decisions = 0;
  let rounds = 0;
  let stopped = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const result = randomPlayout(definition, { players, seed, variant, keepMoves: false, maxRounds: defaultMaxRounds });
    decisions += result.state.moveCount;
    rounds += result.stoppedAtRoundLimit ? defaultMaxRounds : result.state.round;
    if (result.stoppedAtRoundLimit) stopped++;
  }
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: games / seconds, meanDecisions: decisions / games, meanRounds: rounds / games, stopped };
}

const playoutLine = (games: number, r: PlayoutFigures) =>
  `${fixed(r.perSecond, r.perSecond < 100 ? 1 : 0).padStart(7)} games/s, ${fixed(r.meanDecisions, 1)} decisions and ${fixed(r.meanRounds, 1)} rounds per game, ${r.stopped} of ${games} stopped at the round limit`;

/**
 * A map war game: compile time, and random playouts of its rules as written and of each variant
 * listed that it declares. Skipped with a note while the file is not there or does not compile
 * (it may be half written).
 */
function mapGame(label: string, file: string, players: number, games: number, variants: { name: string; games: number }[] = []): () => void {
  return () => {
    if (!existsSync(fileURLToPath(new URL(`../rules/${file}`, import.meta.url)))) {
      console.log(`${label} (rules/${file}): skipped, the file does not exist yet`);
      return;
    }
    let compiled: ReturnType<typeof compileFile>;
    try {
      compiled = compileFile(file);
    } catch (error) {
      console.log(`${label}: skipped, ${(error as Error).message}`);
      return;
    }
    const { definition } = compiled;
    const compileTimes = compiled.time(30);
    console.log(`${label} (rules/${file}): compile median ${fixed(compileTimes.median, 2)} ms over 30 warm runs (min ${fixed(compileTimes.min, 2)} ms, max ${fixed(compileTimes.max, 2)} ms)`);
    console.log(`  random playouts, ${players} players, round limit ${defaultMaxRounds} (seeds 1..N, after N/5 warm-up games):`);
    for (const { name, games: count } of [{ name: null as string | null, games }, ...variants]) {
      const shown = name ?? 'as written';
      if (name !== null && !definition.variants.has(name)) {
        console.log(`    ${shown.padEnd(24)} skipped: no such variant`);
        continue;
      }
      timePlayouts(definition, players, Math.ceil(count / 5), name);
      console.log(`    ${shown.padEnd(24)} ${playoutLine(count, timePlayouts(definition, players, count, name))}`);
    }
  };
}

/**
 * Percorsi, the first game on a board of tiles: compile time, and random two-player playouts as
 * written and in each variant, to the game's own turn limit (no round limit: its random games
 * run to some 750 rounds, far past the simulation's default). Decisions per second counts every
 * choice a bot made (tile, direction, pawn, cell).
 */
function percorsiFigures(games: number, variantGames: number): () => void {
  return () => {
    const file = 'percorsi.rules';
    if (!existsSync(fileURLToPath(new URL(`../rules/${file}`, import.meta.url)))) {
      console.log(`Percorsi (rules/${file}): skipped, the file does not exist yet`);
      return;
    }
    let compiled: ReturnType<typeof compileFile>;
    try {
      compiled = compileFile(file);
    } catch (error) {
      console.log(`Percorsi: skipped, ${(error as Error).message}`);
      return;
    }
    const { definition } = compiled;
    const compileTimes = compiled.time(30);
    console.log(`Percorsi (rules/${file}): compile median ${fixed(compileTimes.median, 2)} ms over 30 warm runs (min ${fixed(compileTimes.min, 2)} ms, max ${fixed(compileTimes.max, 2)} ms)`);
    console.log(`  random playouts, 2 players, to the turn limit of ${definition.turnLimit} (seeds 1..N, after N/5 warm-up games):`);
    const variants = [null, ...definition.variants.keys()];
    for (const variant of variants) {
      const count = variant === null ? games : variantGames;
      const run = (n: number) => {
        let decisions = 0;
        let turns = 0;
        let stopped = 0;
        let firstWins = 0;
        const start = performance.now();
        for (let seed = 1; seed <= n; seed++) {
          const { state, outcome } = randomPlayout(definition, { players: 2, seed, variant, keepMoves: false });
          decisions += state.moveCount;
          turns += state.turn;
          if (outcome.kind !== 'win') stopped++;
          else if (outcome.winners[0] === state.firstSeat) firstWins++;
          if (state.error) throw new Error(`Percorsi seed ${seed}: ${state.error.message}`);
        }
        const seconds = (performance.now() - start) / 1000;
        return { gamesPerSecond: n / seconds, decisionsPerSecond: decisions / seconds, meanDecisions: decisions / n, meanTurns: turns / n, stopped, firstWins };
      };
      run(Math.ceil(count / 5));
      const r = run(count);
      const won = count - r.stopped;
      console.log(`    ${(variant ?? 'as written').padEnd(26)} ${fixed(r.gamesPerSecond, 1).padStart(6)} games/s, ${fixed(r.decisionsPerSecond / 1000, 0).padStart(4)}k decisions/s; ${fixed(r.meanDecisions, 0)} decisions and ${fixed(r.meanTurns, 0)} turns per game; ${r.stopped} of ${count} stopped at the turn limit; first player won ${won ? fixed((100 * r.firstWins) / won, 1) : '-'}% of the decided`);
    }
  };
}

/**
 * The worker module bundled into one CommonJS file, as a build of the CLI ships it: a worker then
 * starts without tsx compiling each source file for it. Null when esbuild (tsx's own) is not there.
 */
async function bundledWorker(): Promise<URL | null> {
  try {
    const { buildSync } = await import('esbuild');
    const outfile = join(mkdtempSync(join(tmpdir(), 'regola-bench-')), 'simulate-worker.cjs');
    buildSync({ entryPoints: [fileURLToPath(new URL('../cli/simulate-worker.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
    return pathToFileURL(outfile);
  } catch {
    return null;
  }
}

/**
 * `regola simulate --workers`: the same simulation on this thread alone and on one worker per
 * core (this thread playing its share while the threads start), timed as the CLI runs it: starting
 * the threads, loading the code in each, compiling the rules there, counting in game order. The
 * threads load the TypeScript sources through tsx (as `regola` run from the sources does) or a
 * bundled worker (as a build does). Three rounds, interleaved, so that a busy moment of a shared
 * machine does not fall on one side only; the speed-ups are ratios of the medians.
 */
function workerFigures(file: string, players: number, games: number): () => Promise<void> {
  return async () => {
    const text = readFileSync(fileURLToPath(new URL(`../rules/${file}`, import.meta.url)), 'utf8');
    const { definition } = compileRules(text);
    if (!definition) throw new Error(`rules/${file} does not compile`);
    const cores = availableParallelism();
    const many = Math.max(2, cores);
    const job = { games, players, seed: 1 };
    const bundled = await bundledWorker();
    const time = async (workers: number, workerUrl?: URL) => {
      const start = performance.now();
      await simulateOnWorkers(text, definition, job, { workers, workerUrl });
      return (performance.now() - start) / 1000;
    };
    await time(1); // warm-up: the engine's batch programs, the JIT
    const sides: { label: string; run: () => Promise<number>; seconds: number[] }[] = [
      { label: '1 worker (this thread)', run: () => time(1), seconds: [] },
      { label: `${many} workers, sources`, run: () => time(many), seconds: [] },
      ...(bundled ? [{ label: `${many} workers, bundled`, run: () => time(many, bundled), seconds: [] as number[] }] : []),
    ];
    for (let round = 0; round < 3; round++) for (const side of sides) side.seconds.push(await side.run());
    console.log(`simulate on worker threads, rules/${file}, ${players} players, ${games} games (${cores} cores; 3 interleaved rounds, median):`);
    const alone = median(sides[0].seconds);
    for (const side of sides) {
      const seconds = median(side.seconds);
      console.log(`  ${side.label.padEnd(24)} ${fixed(games / seconds, 0).padStart(6)} games/s, speed-up ${fixed(alone / seconds, 2)}×  (rounds: ${side.seconds.map((s) => fixed(s, 2)).join(', ')} s)`);
    }
    if (!bundled) console.log('  (no bundled worker: esbuild is not installed)');
  };
}

/**
 * `regola check` as a user runs it: a whole process, wall time from spawn to exit (medians of
 * runs after a warm-up, interleaved with `node -e 0`, node's own start), the built CLI
 * (bin/regola.js on build/) and, once, the sources through tsx.
 */
function cliStart(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const time = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
    const start = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
    const ms = performance.now() - start;
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    return { ms, stale: result.stderr.includes('build:cli') };
  };
  const check = ['bin/regola.js', 'check', 'rules/mortadella.rules'];
  const built = { ...process.env };
  delete built.REGOLA_SOURCES;
  if (time(check, built).stale) {
    console.log('regola check rules/mortadella.rules: skipped, build/ is missing or older than the sources (npm run build:cli)');
    return;
  }
  const runs = 15;
  const cli: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    cli.push(time(check, built).ms);
    bare.push(time(['-e', '0']).ms);
  }
  const sources = time(check, { ...built, REGOLA_SOURCES: '1' }).ms;
  const spread = (values: number[]) => `${fixed(median(values), 0)} ms (min ${fixed(Math.min(...values), 0)}, max ${fixed(Math.max(...values), 0)})`;
  console.log(`regola check rules/mortadella.rules, wall time of the whole process (${runs} interleaved runs): built CLI ${spread(cli)}; \`node -e 0\` ${spread(bare)}; sources through tsx ${fixed(sources, 0)} ms (1 run); target: < 300 ms`);
}

const benchmarks: Benchmark[] = [
  { name: 'cli', run: cliStart },
  { name: 'compile', run: compileTime },
  { name: 'playouts', run: randomPlayouts },
  { name: 'games', run: everyGame },
  { name: 'notav', run: gameFigures('notav.rules', 6, 1000) },
  // Without its time limit random bots rarely finish a Risiko! game: the round limit's case.
  { name: 'risiko', run: mapGame('Risiko!', 'risiko.rules', 4, 1000, [{ name: 'Senza limite di tempo', games: 200 }]) },
  { name: 'map', run: mapGame('map example Isole', 'examples/isole.rules', 3, 3000) },
  { name: 'percorsi', run: percorsiFigures(500, 100) },
  { name: '1984', run: gameFigures('1984.rules', 7, 500) },
  // Win rates, not times: the factions of 1984 with scripted players (a minute or two).
  { name: 'balance-1984', run: balance1984 },
  // Selections under a condition: every valid purchase found when the choice opens, bots weighted by them.
  { name: 'mercato', run: gameFigures('examples/mercato.rules', 4, 3000) },
  { name: 'studio', run: studioBenchmarks },
  { name: 'workers', run: workerFigures('mortadella.rules', 4, 6000) },
  // The search bot against random bots in each seed game (slow: minutes).
  { name: 'mcts', run: searchBenchmark },
  // The search bot at its default budget against random bots in every seed game and example, guided and uniform playouts (slow: set REGOLA_BENCH_GAMES).
  { name: 'bots', run: botsBenchmark },
  // The engine through its exported API (docs/api.md): copies, starts, a perft, Connect Four.
  { name: 'copy', run: stateCopies },
  { name: 'perft', run: perfts },
  { name: 'connect-four', run: connectFour },
  // Generated code's warm-up: cold simulations of the seed games on each back end (fresh processes; minutes).
  { name: 'warm-up', run: coldSimulations },
];

const writeDocs = process.argv.includes('--write-docs');
const only = process.argv.slice(2).filter((arg) => arg !== '--write-docs');
const unknown = only.filter((name) => !benchmarks.some((b) => b.name === name));
if (unknown.length) {
  console.error(`bench: no benchmark named ${unknown.join(', ')}; the benchmarks are ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
console.log(`Regola benchmarks (node ${process.version})`);
const printed: PartFigures[] = [];
for (const benchmark of benchmarks) {
  if (only.length && !only.includes(benchmark.name)) continue;
  if (writeDocs) printed.push({ name: benchmark.name, lines: await capturePrinted(benchmark.run) });
  else await benchmark.run();
}
if (writeDocs) {
  const doc = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
  writePerformanceDoc(doc, printed, benchmarks.map((b) => b.name));
  console.log(`bench: the figures of ${printed.map((p) => p.name).join(', ')} are written in docs/performance.md`);
}
