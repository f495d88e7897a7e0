/**
 * The Simulate tab on several Web Workers: the run's games are handed out in chunks to the
 * workers as they free up, and counted here strictly in game order, so the charts are those of a
 * single worker for the same seeds. It speaks to the panel in the single worker's replies
 * (progress, result, cancelled, error), progress counting the games of every worker.
 *
 * Cancelling ends the run at once with the games counted so far — an unbroken run of games from
 * the first, so compared variants still played the same seeds — and stops the workers mid-chunk
 * (they are started again for the next run).
 */
import { chunkSize, GameQueue } from '../../../interpreter/index.ts';
import type { GameDefinition } from '../../../interpreter/index.ts';
import type { GameRecord } from '../../../interpreter/index.ts';
import { compileOrThrow, playableRun, type ChunkReply, type ChunkRequest } from './chunks.ts';
import type { Playable, SimulationRequest, WorkerReply } from './runner.ts';

/** What the pool needs of a worker: a `Worker`, or a stand-in in the tests. */
export interface ChunkWorker {
  postMessage(message: ChunkRequest): void;
  onmessage: ((event: { data: ChunkReply }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  terminate(): void;
}

/** How many workers by default: one per core the browser reports, at most 8 (each holds its own copy of the compiled rules). */
export const maxWorkers = 8;
export function defaultWorkers(cores: number | undefined): number {
  return Math.max(1, Math.min(maxWorkers, Math.floor(cores ?? 1) || 1));
}

export interface PoolRun {
  id: number;
  /** The rules' text, and their definition compiled on this page. */
  text: string;
  definition: GameDefinition;
  /** The snapshot's text, to compare with the text now. */
  before?: string;
  request: SimulationRequest;
  workers: number;
}

interface Job {
  id: number;
  message: Omit<ChunkRequest, 'from' | 'to'>;
  run: Playable;
  queue: GameQueue<GameRecord>;
  /** Games of the run to a play (A1 B1 A2 B2…), to name a failed game as the single worker does. */
  series: number;
  post: (reply: WorkerReply) => void;
  started: number;
}

export class SimulationPool {
  private workers: ChunkWorker[] = [];
  private job: Job | null = null;

  constructor(private readonly spawn: () => ChunkWorker, private readonly clock: () => number = () => performance.now()) {}

  run(options: PoolRun, post: (reply: WorkerReply) => void): void {
    this.stop();
    const started = this.clock();
    let run: Playable;
    try {
      run = playableRun(options.definition, options.request, options.before === undefined ? null : compileOrThrow(options.before, 'snapshot'));
    } catch (error) {
      post({ type: 'error', id: options.id, message: (error as Error).message });
      return;
    }
    // Chunks of at most 1% of the run, so progress moves as smoothly as with a single worker.
    const size = Math.max(1, Math.min(chunkSize(run.total, options.workers), Math.ceil(run.total / 100)));
    const queue = new GameQueue<GameRecord>(run.total, size);
    const message = { type: 'play' as const, id: options.id, text: options.text, request: options.request, ...(options.before === undefined ? {} : { before: options.before }) };
    this.job = { id: options.id, message, run, queue, series: options.before === undefined ? options.request.variants.length : 2, post, started };
    post({ type: 'progress', id: options.id, done: 0, total: run.total, elapsedMs: 0 });
    const count = Math.min(Math.max(1, options.workers), Math.ceil(run.total / size));
    while (this.workers.length < count) this.workers.push(this.start());
    for (const worker of this.workers.slice(0, count)) this.feed(worker);
  }

  /** Ends the run now with the games counted so far. */
  cancel(id: number): void {
    const job = this.job;
    if (!job || job.id !== id) return;
    this.stop();
    job.post({ type: 'cancelled', id, summaries: job.run.summaries(), done: job.run.done, total: job.run.total, elapsedMs: this.clock() - job.started });
  }

  dispose(): void {
    this.job = null;
    this.terminateWorkers();
  }

  private start(): ChunkWorker {
    const worker = this.spawn();
    worker.onmessage = (event) => this.receive(worker, event.data);
    worker.onerror = (event) => {
      const job = this.job;
      this.job = null;
      this.terminateWorkers();
      job?.post({ type: 'error', id: job.id, message: `The simulation stopped: ${event.message || 'a worker failed'}` });
    };
    return worker;
  }

  /** Stops the run and the workers (a worker cannot be stopped mid-chunk any other way). */
  private stop(): void {
    const busy = this.job !== null;
    this.job = null;
    if (busy) this.terminateWorkers();
  }

  private terminateWorkers(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }

  private feed(worker: ChunkWorker): void {
    const job = this.job!;
    const chunk = job.queue.take();
    if (chunk) worker.postMessage({ ...job.message, ...chunk });
  }

  private receive(worker: ChunkWorker, reply: ChunkReply): void {
    const job = this.job;
    if (!job || reply.id !== job.id) return;
    const { queue, run } = job;
    queue.put(reply.from, reply.games);
    if (reply.type === 'failed') queue.fail({ game: reply.game, message: reply.message });
    this.feed(worker);
    queue.drain((game) => run.add(game));
    const failure = queue.failure;
    const elapsedMs = this.clock() - job.started;
    if (failure) {
      this.stop();
      job.post({ type: 'error', id: job.id, message: `game ${Math.floor(failure.game / job.series) + 1}: ${failure.message}` });
    } else if (queue.finished) {
      // The workers stay up, idle, for the next run.
      this.job = null;
      job.post({ type: 'result', id: job.id, summaries: run.summaries(), elapsedMs });
    } else {
      job.post({ type: 'progress', id: job.id, done: Math.min(queue.received, run.total), total: run.total, elapsedMs });
    }
  }
}
