/**
 * Debounced checks in the check worker. Only the answer for the model's current version counts:
 * an answer that arrives after another keystroke is dropped (a newer check is on its way).
 */
import { analyze, type Diagnostic } from '../../../grammar/index.ts';
import type { CheckRequest, CheckResponse } from '../workers/check.worker.ts';
import CheckWorker from '../workers/check.worker.ts?worker';
import type { monaco } from './monaco.ts';

type Model = monaco.editor.ITextModel;
type Checked = (model: Model, text: string, diagnostics: Diagnostic[]) => void;

/** Pause in typing before the text is checked. */
export const checkDelay = 150;

export class CheckClient {
  private worker: Worker | null = null;
  private readonly timers = new Map<Model, ReturnType<typeof setTimeout>>();
  private readonly pending = new Map<number, { model: Model; version: number; text: string }>();
  private serial = 0;

  constructor(private readonly checked: Checked) {
    try {
      this.worker = new CheckWorker();
      this.worker.onmessage = (event: MessageEvent<CheckResponse>) => this.answer(event.data.id, event.data.diagnostics);
      this.worker.onerror = () => { this.worker?.terminate(); this.worker = null; };
    } catch {
      this.worker = null; // no workers here: check on the main thread instead
    }
  }

  schedule(model: Model, delay = checkDelay): void {
    clearTimeout(this.timers.get(model));
    this.timers.set(model, setTimeout(() => this.run(model), delay));
  }

  private run(model: Model): void {
    this.timers.delete(model);
    if (model.isDisposed()) return;
    const id = ++this.serial;
    const text = model.getValue();
    this.pending.set(id, { model, version: model.getVersionId(), text });
    if (this.worker) this.worker.postMessage({ id, text } satisfies CheckRequest);
    else this.answer(id, analyze(text).diagnostics);
  }

  private answer(id: number, diagnostics: Diagnostic[]): void {
    const request = this.pending.get(id);
    this.pending.delete(id);
    if (!request || request.model.isDisposed() || request.model.getVersionId() !== request.version) return;
    this.checked(request.model, request.text, diagnostics);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.worker?.terminate();
    this.worker = null;
  }
}
