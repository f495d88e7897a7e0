/**
 * Debounced checks in the check worker. Only the answer for the model's current version counts:
 * an answer that arrives after another keystroke is dropped (a newer check is on its way).
 * The worker is the studio's one check worker (shared with the playtest's rebuilds): a text the
 * playtest has just compiled there is not parsed again.
 */
import { analyze, type Diagnostic } from '../../../grammar/index.ts';
import { checkChannel, type CheckChannel } from '../workers/check-channel.ts';
import type { monaco } from './monaco.ts';

type Model = monaco.editor.ITextModel;
type Checked = (model: Model, text: string, diagnostics: Diagnostic[]) => void;

/** Pause in typing before the text is checked. */
export const checkDelay = 150;

export class CheckClient {
  private readonly channel: CheckChannel | null = checkChannel();
  private readonly timers = new Map<Model, ReturnType<typeof setTimeout>>();
  private disposed = false;

  constructor(private readonly checked: Checked) {}

  schedule(model: Model, delay = checkDelay): void {
    clearTimeout(this.timers.get(model));
    this.timers.set(model, setTimeout(() => this.run(model), delay));
  }

  private run(model: Model): void {
    this.timers.delete(model);
    if (model.isDisposed()) return;
    const text = model.getValue();
    const version = model.getVersionId();
    const answer = (diagnostics: Diagnostic[]) => {
      if (this.disposed || model.isDisposed() || model.getVersionId() !== version) return;
      this.checked(model, text, diagnostics);
    };
    // No worker here (or it failed): check on the main thread instead.
    if (!this.channel?.check(text, answer)) answer(analyze(text).diagnostics);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
