/**
 * The rules off the main thread while the designer types, one worker for both jobs, so a text is
 * parsed once here (`analyze` keeps the last text's analysis):
 * - a check: the same `analyze` as `regola check`, so the markers carry the same codes and messages;
 * - a playtest: compile, and replay the designer's moves on it (lib/playtest.ts `answerPlaytest`),
 *   answered as plain data the main thread turns back into a match without replaying.
 */
import { analyze, type Diagnostic } from '../../../grammar/index.ts';
import { answerPlaytest, type PlaytestAnswer, type PlaytestRequest } from '../lib/playtest.ts';

export type CheckRequest =
  | { id: number; kind?: 'check'; text: string }
  | { id: number; kind: 'playtest'; request: PlaytestRequest };
export type CheckResponse =
  | { id: number; kind: 'check'; diagnostics: Diagnostic[]; milliseconds: number }
  | { id: number; kind: 'playtest'; answer: PlaytestAnswer; milliseconds: number };

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(message: CheckResponse): void };

scope.onmessage = (event) => {
  const started = performance.now();
  const message = event.data;
  if (message.kind === 'playtest') {
    const answer = answerPlaytest(message.request);
    scope.postMessage({ id: message.id, kind: 'playtest', answer, milliseconds: performance.now() - started });
    return;
  }
  const { diagnostics } = analyze(message.text);
  scope.postMessage({ id: message.id, kind: 'check', diagnostics, milliseconds: performance.now() - started });
};
