/**
 * A run's games spread over several workers and put back in game order: the bookkeeping shared
 * by `regola simulate --workers` (worker threads) and the studio's Simulate tab (Web Workers).
 * Pure: the workers, their messages and the tally are the caller's.
 *
 * Games are handed out in chunks as workers free up (games differ in length, so a fixed share each
 * would leave workers idle), and the results are counted strictly in game order, so the report is
 * the one a single worker gives. A failed game stops the run at the first failing game in game
 * order, as a single worker would, whatever order the workers failed in.
 */

export interface Chunk { from: number; to: number }

/** A game that could not be played: its number in the run and why. */
export interface GameFailure { game: number; message: string }

/** About 16 chunks a worker: small enough to balance the load and show progress, large enough to keep messages rare. */
export function chunkSize(total: number, workers: number): number {
  return Math.max(1, Math.min(256, Math.ceil(total / (Math.max(1, workers) * 16))));
}

export class GameQueue<T> {
  private nextChunk: number;
  private readonly waiting = new Map<number, T[]>();
  private firstFailure: GameFailure | null = null;
  /** Games counted so far, in order: games 0 … merged − 1. */
  merged: number;
  /** Results received so far, counted or waiting for an earlier game: the progress to show. */
  received: number;

  /** `first`: the games before it were counted already (a run taken up again); the queue hands out the rest. */
  constructor(readonly total: number, readonly size: number, first = 0) {
    this.nextChunk = this.merged = this.received = first;
  }

  /** The next games to hand to a free worker; null when there are none (or none before a failure). */
  take(): Chunk | null {
    const end = this.firstFailure ? this.firstFailure.game : this.total;
    if (this.nextChunk >= end) return null;
    const chunk = { from: this.nextChunk, to: Math.min(end, this.nextChunk + this.size) };
    this.nextChunk = chunk.to;
    return chunk;
  }

  /** A worker's results for the games from `from` on. */
  put(from: number, results: T[]): void {
    if (!results.length) return;
    this.waiting.set(from, results);
    this.received += results.length;
  }

  /** A game failed: the run stops there. No game after the first failure is handed out or counted. */
  fail(failure: GameFailure): void {
    if (!this.firstFailure || failure.game < this.firstFailure.game) this.firstFailure = failure;
  }

  /** Counts, in game order, every result that follows those already counted. */
  drain(count: (result: T, game: number) => void): void {
    const end = this.firstFailure ? this.firstFailure.game : this.total;
    for (let results = this.waiting.get(this.merged); results; results = this.waiting.get(this.merged)) {
      this.waiting.delete(this.merged);
      for (const result of results) {
        if (this.merged >= end) return;
        count(result, this.merged++);
      }
    }
  }

  /** The failure that ends the run, once every game before it has been counted (so it is the first in game order). */
  get failure(): GameFailure | null {
    return this.firstFailure && this.merged >= this.firstFailure.game ? this.firstFailure : null;
  }

  /** Every game counted. */
  get finished(): boolean { return this.merged >= this.total; }
}
