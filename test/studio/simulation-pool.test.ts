/**
 * The Simulate tab on several workers (issue 12): the pool hands chunks of a run to its workers
 * and counts the games in order, so the summaries are those of a single worker for the same seeds,
 * progress counts every worker's games, and a cancel keeps an unbroken run of games from the first.
 * The workers here are stand-ins that answer on later turns of the event loop, in varying order,
 * with the very code the Web Worker runs (ChunkPlayer).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition } from '../../interpreter/index.ts';
import { ChunkPlayer, type ChunkReply, type ChunkRequest } from '../../studio/src/simulation/chunks.ts';
import { defaultWorkers, SimulationPool, type ChunkWorker } from '../../studio/src/simulation/pool.ts';
import { runSimulation, SimulationRun, type SimulationRequest, type WorkerReply } from '../../studio/src/simulation/runner.ts';

const text = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');
const definition: GameDefinition = compileRules(text).definition!;
const edited = text.replace('turn limit 400', 'turn limit 40');

/** A worker on this thread: each chunk is answered after a delay that differs from chunk to chunk, so answers come back out of order. */
class StandInWorker implements ChunkWorker {
  onmessage: ((event: { data: ChunkReply }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  terminated = false;
  private readonly player = new ChunkPlayer();
  constructor(private readonly play: (player: ChunkPlayer, message: ChunkRequest) => ChunkReply = (player, message) => player.play(message)) {}
  postMessage(message: ChunkRequest): void {
    setTimeout(() => {
      if (this.terminated) return;
      this.onmessage?.({ data: this.play(this.player, message) });
    }, (message.from * 7) % 5);
  }
  terminate(): void { this.terminated = true; }
}

function poolRun(pool: SimulationPool, run: Omit<Parameters<SimulationPool['run']>[0], 'text' | 'definition'> & { text?: string }, onReply?: (reply: WorkerReply, pool: SimulationPool) => void): Promise<WorkerReply[]> {
  const replies: WorkerReply[] = [];
  return new Promise((resolve) => {
    pool.run({ text, definition, ...run }, (reply) => {
      replies.push(reply);
      onReply?.(reply, pool);
      if (reply.type !== 'progress') resolve(replies);
    });
  });
}

async function singleWorker(request: SimulationRequest, before?: GameDefinition): Promise<WorkerReply> {
  const replies: WorkerReply[] = [];
  await runSimulation(before ? { before, now: definition } : definition, 1, request, (reply) => replies.push(reply), () => false);
  return replies[replies.length - 1];
}

const request = (games: number, variants: (string | null)[] = [null]): SimulationRequest => ({ games, players: 4, seed: 9, variants });

describe('SimulationPool', () => {
  it('3 workers give the summaries of a single worker, and progress counts every worker\'s games up to the total', async () => {
    const workers: StandInWorker[] = [];
    const pool = new SimulationPool(() => { const worker = new StandInWorker(); workers.push(worker); return worker; });
    const replies = await poolRun(pool, { id: 1, request: request(120), workers: 3 });
    const result = replies[replies.length - 1];
    expect(result.type).toBe('result');
    const expected = await singleWorker(request(120));
    expect(result.type === 'result' && result.summaries).toEqual(expected.type === 'result' && expected.summaries);
    expect(workers).toHaveLength(3);
    const progress = replies.filter((r) => r.type === 'progress').map((r) => r.type === 'progress' ? r.done : 0);
    expect(progress[0]).toBe(0);
    expect(progress.slice().sort((a, b) => a - b)).toEqual(progress);
    expect(progress[progress.length - 1]).toBeLessThan(120);
    expect(progress.length).toBeGreaterThan(50);
  });

  it('compared variants and a snapshot against the text now play the same seeds as on a single worker', async () => {
    const pool = new SimulationPool(() => new StandInWorker());
    const compared = await poolRun(pool, { id: 2, request: request(40, [null, 'base']), workers: 3 });
    const expected = await singleWorker(request(40, [null, 'base']));
    expect(compared.at(-1)!.type === 'result' && compared.at(-1)).toMatchObject({ summaries: expected.type === 'result' ? expected.summaries : null });
    const now = compileRules(edited).definition!;
    const snapshot = await new Promise<WorkerReply>((resolve) => pool.run({ id: 3, text: edited, definition: now, before: text, request: request(30), workers: 2 }, (r) => { if (r.type !== 'progress') resolve(r); }));
    const replies: WorkerReply[] = [];
    await runSimulation({ before: definition, now }, 3, request(30), (r) => replies.push(r), () => false);
    expect(snapshot).toMatchObject({ type: 'result', summaries: (replies.at(-1) as { summaries: unknown }).summaries });
  });

  it('a cancel answers at once with an unbroken run of games from the first, and stops the workers', async () => {
    const workers: StandInWorker[] = [];
    const pool = new SimulationPool(() => { const worker = new StandInWorker(); workers.push(worker); return worker; });
    const replies = await poolRun(pool, { id: 4, request: request(400, [null, 'base']), workers: 3 }, (reply, p) => {
      if (reply.type === 'progress' && reply.done >= 100) p.cancel(4);
    });
    const cancelled = replies.at(-1)!;
    expect(cancelled.type).toBe('cancelled');
    if (cancelled.type !== 'cancelled') return;
    expect(cancelled.total).toBe(800);
    // The games counted are games 0 … done − 1 of the run: as a single worker stopped there.
    const alone = new SimulationRun(definition, request(400, [null, 'base']));
    alone.step(cancelled.done);
    expect(cancelled.summaries).toEqual(alone.summaries());
    expect(Math.abs(cancelled.summaries[0].games - cancelled.summaries[1].games)).toBeLessThanOrEqual(1);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('a game that throws stops the run, named as the single worker names it (the first in game order)', async () => {
    const pool = new SimulationPool(() => new StandInWorker((player, message) => {
      const reply = player.play(message);
      const broken = [31, 12].find((game) => game >= message.from && game < message.to);
      return broken === undefined ? reply : { type: 'failed', id: message.id, from: message.from, games: reply.games.slice(0, broken - message.from), game: broken, message: 'the engine broke' };
    }));
    const replies = await poolRun(pool, { id: 5, request: request(50, [null, 'base']), workers: 3 });
    // Play 12 is the 7th game of variant A (A1 B1 A2 B2 …).
    expect(replies.at(-1)).toEqual({ type: 'error', id: 5, message: 'game 7: the engine broke' });
  });

  it('refuses what a single worker refuses, before playing', async () => {
    const pool = new SimulationPool(() => new StandInWorker());
    const replies = await poolRun(pool, { id: 6, request: { ...request(10), players: 99 }, workers: 2 });
    const expected = await singleWorker({ ...request(10), players: 99 });
    expect(replies).toEqual([{ ...expected, id: 6 }]);
  });

  it('uses one worker per core, at most 8', () => {
    expect([undefined, 0, 1, 2, 6, 64].map(defaultWorkers)).toEqual([1, 1, 1, 2, 6, 8]);
  });
});
