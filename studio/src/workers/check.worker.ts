/**
 * Checks the text off the main thread while the designer types: the same `analyze` as
 * `regola check`, so the markers carry the same codes and messages.
 */
import { analyze, type Diagnostic } from '../../../grammar/index.ts';

export interface CheckRequest { id: number; text: string }
export interface CheckResponse { id: number; diagnostics: Diagnostic[]; milliseconds: number }

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(message: CheckResponse): void };

scope.onmessage = (event) => {
  const started = performance.now();
  const { diagnostics } = analyze(event.data.text);
  scope.postMessage({ id: event.data.id, diagnostics, milliseconds: performance.now() - started });
};
