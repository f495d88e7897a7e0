/**
 * The studio's side of the bot worker: one question at a time, each numbered. Asking again or
 * cancelling makes the pending question stale: its answer is ignored (by its number) and, since a
 * search cannot be stopped from outside, the busy worker is terminated and a fresh one started on
 * the next question, so a cancelled search never holds a core.
 */
import type { BotMoveAnswer, BotMoveRequest } from './bot-move.ts';

export interface BotWorkerRequest { id: number; text: string; request: BotMoveRequest }
export interface BotWorkerReply { id: number; answer: BotMoveAnswer }

/** What the client needs of a Worker (a fake one in tests). */
export interface BotWorkerLike {
  postMessage(message: BotWorkerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<BotWorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export class BotClient {
  private worker: BotWorkerLike | null = null;
  private generation = 0;
  private pending: { id: number; resolve: (answer: BotMoveAnswer | null) => void } | null = null;

  constructor(private readonly spawn: () => BotWorkerLike) {}

  /** Whether a question is waiting for its answer. */
  get busy(): boolean { return this.pending !== null; }

  /** The seat's move for these rules and moves; null when the question was cancelled or another was asked. */
  ask(text: string, request: BotMoveRequest): Promise<BotMoveAnswer | null> {
    this.cancel();
    const id = ++this.generation;
    const worker = this.worker ??= this.start();
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      worker.postMessage({ id, text, request: { ...request, moves: request.moves.map((m) => ({ player: m.player, choice: m.choice })) } });
    });
  }

  /** Forgets the pending question (its answer, if it comes, is ignored) and stops the search. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.generation++;
    this.worker?.terminate();
    this.worker = null;
    pending.resolve(null);
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private start(): BotWorkerLike {
    const worker = this.spawn();
    worker.onmessage = (event) => {
      const pending = this.pending;
      // A stale answer (asked before a cancel) is dropped.
      if (!pending || event.data.id !== pending.id || worker !== this.worker) return;
      this.pending = null;
      pending.resolve(event.data.answer);
    };
    worker.onerror = (event) => {
      const pending = this.pending;
      if (!pending || worker !== this.worker) return;
      this.pending = null;
      this.worker = null;
      worker.terminate();
      pending.resolve({ ok: false, message: `the bot's worker failed: ${event.message}` });
    };
    return worker;
  }
}
