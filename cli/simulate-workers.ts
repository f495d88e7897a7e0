/**
 * `regola simulate --workers N`: the run's games spread over this thread and N − 1 worker
 * threads, counted in game order, so the report is byte for byte the one a single thread gives.
 * With one worker the games are all played here (no thread to start). Either way the run stops
 * between two games when its signal is aborted (Ctrl-C).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GameDefinition } from '../interpreter/index.ts';
import { chunkSize, GameQueue, type GameFailure } from '../interpreter/index.ts';
import { gameSettings, SimulationTally, type SimulationJob, type SimulationReport } from '../interpreter/index.ts';
import { playSimulationGame, simulationGameSeed, type GameRecord } from '../interpreter/index.ts';
import type { FromWorker, PlayGame, ToWorker, WorkerInit } from './simulate-serve.ts';

/**
 * The worker module: beside this one when the CLI runs from its sources (the TypeScript source) or
 * from an ES module bundle (`simulate-worker.js`); beside the bundle, as `simulate-worker.cjs`, in
 * a CommonJS bundle, where `import.meta` is empty. Null when there is no telling.
 */
export function simulationWorkerUrl(): URL | null {
  const here: string | undefined = import.meta.url;
  if (typeof here === 'string') return new URL(here.endsWith('.ts') ? './simulate-worker.ts' : './simulate-worker.js', here);
  if (typeof __filename === 'string') return pathToFileURL(join(dirname(__filename), 'simulate-worker.cjs'));
  return null;
}

/** Whether this installation has its worker module (a bundle built without it has not). */
export function workersAvailable(entry: URL | null = simulationWorkerUrl()): boolean {
  return entry !== null && existsSync(fileURLToPath(entry));
}

export interface ParallelOptions {
  workers: number;
  /** Games played so far (in any order) and the run's total. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** The worker module; tests pass one of their own. */
  workerUrl?: URL;
  /** How this thread plays a game (it plays its share too); tests pass one of their own. */
  play?: PlayGame;
  /** The run's first games, played before (a run taken up again): counted first, not played again. */
  done?: GameRecord[];
  /** Each game as it is counted, in game order (the games of `done` included). */
  onGame?: (record: GameRecord, game: number) => void;
}

/** A game could not be played (an engine failure): the run stops at the first such game in game order. */
export class SimulationFailed extends Error {
  constructor(readonly failure: GameFailure, readonly seed: number) {
    super(`game ${failure.game + 1} (seed ${seed}) could not be played: ${failure.message}`);
  }
}

export class SimulationInterrupted extends Error {
  constructor(readonly done: number, readonly total: number) {
    super(`interrupted after ${done} of ${total} games`);
  }
}

/** Plays the run of `job` on the rules `text` (compiled as `definition`) over `options.workers` threads. */
export function simulateOnWorkers(text: string, definition: GameDefinition, job: SimulationJob, options: ParallelOptions): Promise<SimulationReport> {
  // Every game played before: nothing for a thread to do.
  const left = job.games - (options.done?.length ?? 0);
  return options.workers <= 1 || left <= 0 ? simulateHere(definition, job, options) : simulateInThreads(text, definition, job, options);
}

/** A short break every 50 ms lets a Ctrl-C in between two games. */
const yieldEveryMs = 50;
const nextTurnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function simulateHere(definition: GameDefinition, job: SimulationJob, options: ParallelOptions): Promise<SimulationReport> {
  const tally = new SimulationTally(definition, job);
  const first = countDone(tally, job, options);
  const settings = gameSettings(definition, job);
  const play = options.play ?? playSimulationGame;
  const step = Math.max(1, Math.floor(job.games / 100));
  let lastBreak = performance.now();
  for (let game = first; game < job.games; game++) {
    if (performance.now() - lastBreak >= yieldEveryMs) {
      await nextTurnOfTheLoop();
      lastBreak = performance.now();
    }
    if (options.signal?.aborted) throw new SimulationInterrupted(game, job.games);
    const seed = simulationGameSeed(job.seed, game);
    let record: GameRecord;
    try {
      record = play(definition, settings, seed, game);
    } catch (error) {
      throw new SimulationFailed({ game, message: error instanceof Error ? error.message : String(error) }, seed);
    }
    tally.add(record);
    options.onGame?.(record, game);
    if (options.onProgress && ((game + 1) % step === 0 || game + 1 === job.games)) options.onProgress(game + 1, job.games);
  }
  return tally.report();
}

/** Counts the games played before (`options.done`, at most the run's games); the number of the first game left to play. */
function countDone(tally: SimulationTally, job: SimulationJob, options: ParallelOptions): number {
  const done = (options.done ?? []).slice(0, job.games);
  done.forEach((record, game) => {
    tally.add(record);
    options.onGame?.(record, game);
  });
  return done.length;
}

/** Starts a worker thread on `entry`, through tsx when it is a TypeScript source. */
function startWorker(entry: URL, init: WorkerInit): Worker {
  // A thread would inherit node's flags; the bundle's thread needs none.
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: init, execArgv: [] });
  return new Worker(new URL('./typescript-worker.mjs', import.meta.url), { workerData: { ...init, entry: entry.href } });
}

function simulateInThreads(text: string, definition: GameDefinition, job: SimulationJob, options: ParallelOptions): Promise<SimulationReport> {
  const tally = new SimulationTally(definition, job);
  const first = countDone(tally, job, options);
  const queue = new GameQueue<GameRecord>(job.games, chunkSize(job.games - first, options.workers), first);
  // This thread is one of the workers: its games start at once, while the threads load the
  // sources and compile the rules (slow from the TypeScript sources), so a short run never
  // waits for them.
  const count = Math.min(options.workers - 1, Math.ceil((job.games - first) / queue.size) - 1);
  const threads: Worker[] = [];
  return new Promise<SimulationReport>((resolve, reject) => {
    let settled = false;
    const onAbort = () => stop(new SimulationInterrupted(queue.merged, job.games));
    function stop(error: Error | null): void {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      for (const thread of threads) void thread.terminate();
      if (error) reject(error);
      else resolve(tally.report());
    }
    function feed(thread: Worker): void {
      const chunk = queue.take();
      if (chunk) thread.postMessage({ type: 'play', ...chunk } satisfies ToWorker);
    }
    /** Games played by a thread or here, counted as soon as every game before them is. */
    function accept(message: Exclude<FromWorker, { type: 'ready' }>): void {
      if (settled) return;
      if (message.type === 'refused') return stop(new Error(message.message));
      queue.put(message.from, message.games);
      if (message.type === 'failed') queue.fail({ game: message.game, message: message.message });
      queue.drain((record, game) => {
        tally.add(record);
        options.onGame?.(record, game);
      });
      options.onProgress?.(Math.min(queue.received, job.games), job.games);
      const failure = queue.failure;
      if (failure) stop(new SimulationFailed(failure, simulationGameSeed(job.seed, failure.game)));
      else if (queue.finished) stop(null);
    }
    async function playHere(): Promise<void> {
      const settings = gameSettings(definition, job);
      const play = options.play ?? playSimulationGame;
      let lastBreak = performance.now();
      for (let chunk = queue.take(); chunk && !settled; chunk = queue.take()) {
        const games: GameRecord[] = [];
        for (let game = chunk.from; game < chunk.to; game++) {
          // A break now and then lets the threads' answers and a Ctrl-C in.
          if (performance.now() - lastBreak >= yieldEveryMs) {
            await nextTurnOfTheLoop();
            lastBreak = performance.now();
            if (settled) return;
          }
          try {
            games.push(play(definition, settings, simulationGameSeed(job.seed, game), game));
          } catch (error) {
            return accept({ type: 'failed', from: chunk.from, games, game, message: error instanceof Error ? error.message : String(error) });
          }
        }
        accept({ type: 'games', from: chunk.from, games });
      }
    }
    const entry = options.workerUrl ?? simulationWorkerUrl();
    if (!entry) return stop(new Error('the simulation worker module cannot be found'));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    const init: WorkerInit = { text, job };
    for (let i = 0; i < count; i++) {
      const thread = startWorker(entry, init);
      threads.push(thread);
      thread.on('message', (message: FromWorker) => {
        if (settled) return;
        if (message.type !== 'refused') feed(thread);
        if (message.type !== 'ready') accept(message);
      });
      thread.on('error', (error) => stop(new Error(`a simulation worker stopped: ${error.message}`)));
      thread.on('exit', (code) => stop(new Error(`a simulation worker ended early (exit code ${code})`)));
    }
    playHere().catch((error: Error) => stop(error));
  });
}
