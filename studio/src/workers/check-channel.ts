/**
 * The one check worker of the studio, shared by the editor's markers (check-client.ts) and the
 * playtest's keystroke rebuilds (lib/live-rebuild.ts): answers come back by request id.
 */
import type { PlaytestAnswer, PlaytestRequest } from '../lib/playtest.ts';
import type { Diagnostic } from '../../../grammar/index.ts';
import type { CheckRequest, CheckResponse } from './check.worker.ts';
import CheckWorker from './check.worker.ts?worker';

export class CheckChannel {
  private serial = 0;
  /** The answer awaited for each request id; called with null if the worker fails first. */
  private readonly waiting = new Map<number, (response: CheckResponse | null) => void>();

  private constructor(private worker: Worker | null) {
    if (!worker) return;
    worker.onmessage = (event: MessageEvent<CheckResponse>) => {
      const answer = this.waiting.get(event.data.id);
      this.waiting.delete(event.data.id);
      answer?.(event.data);
    };
    worker.onerror = () => this.fail();
  }

  /** Null where there are no workers (the callers then work on the main thread). */
  static open(): CheckChannel | null {
    try {
      return new CheckChannel(new CheckWorker());
    } catch {
      return null;
    }
  }

  get alive(): boolean { return this.worker !== null; }

  /** A check's diagnostics (none come if the worker fails: the next check runs on the main thread). */
  check(text: string, answer: (diagnostics: Diagnostic[]) => void): boolean {
    return this.post({ id: 0, kind: 'check', text }, (response) => { if (response?.kind === 'check') answer(response.diagnostics); });
  }

  /** A keystroke's rebuild; null if the worker fails before it answers. */
  playtest(request: PlaytestRequest, answer: (answer: PlaytestAnswer | null, milliseconds: number) => void): boolean {
    return this.post({ id: 0, kind: 'playtest', request }, (response) => answer(response?.kind === 'playtest' ? response.answer : null, response?.milliseconds ?? 0));
  }

  private post(message: CheckRequest, answer: (response: CheckResponse | null) => void): boolean {
    if (!this.worker) return false;
    const id = ++this.serial;
    this.waiting.set(id, answer);
    this.worker.postMessage({ ...message, id });
    return true;
  }

  private fail(): void {
    this.worker?.terminate();
    this.worker = null;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const answer of waiting) answer(null);
  }

  dispose(): void { this.fail(); }
}

let shared: CheckChannel | null | undefined;

/** The studio's check worker, started on first use; null where there are no workers. */
export function checkChannel(): CheckChannel | null {
  if (shared === undefined) shared = CheckChannel.open();
  return shared;
}
