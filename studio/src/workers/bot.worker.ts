/**
 * The search bots' worker: a seat's move found off the main thread, so the designer types and
 * clicks while a bot thinks. It is sent the rules text, the match's seed and options and the moves
 * played (bot-client.ts), never a state: what the seat may not see is redrawn by the search itself
 * (lib/bot-move.ts). A search cannot be interrupted; the studio terminates a worker whose answer
 * it no longer wants. It also answers whether generated code runs in it (lib/generated-code.ts).
 */
import { compileRules, type GameDefinition } from '../../../interpreter/index.ts';
import type { HiddenPriors } from '../../../interpreter/index.ts';
import { chooseBotMove, priorsFor } from '../lib/bot-move.ts';
import type { BotWorkerReply, BotWorkerRequest } from '../lib/bot-client.ts';
import { isProbe, probeReply, type ProbeReply } from '../lib/generated-code.ts';

const scope = self as unknown as { onmessage: ((event: MessageEvent<BotWorkerRequest>) => void) | null; postMessage: (reply: BotWorkerReply | ProbeReply) => void };

// The last rules compiled and their priors, kept across moves of one game.
let compiled: { text: string; definition: GameDefinition | null; message: string } | null = null;
let priors: { key: string; priors: HiddenPriors } | null = null;

scope.onmessage = (event) => {
  // The studio asks once whether generated code runs here (lib/generated-code.ts).
  if (isProbe(event.data)) { scope.postMessage(probeReply()); return; }
  const { id, text, request } = event.data;
  try {
    if (compiled?.text !== text) {
      const { definition, diagnostics } = compileRules(text);
      compiled = { text, definition, message: diagnostics.find((d) => d.severity === 'error')?.message ?? 'the rules do not compile' };
      priors = null;
    }
    const definition = compiled.definition;
    if (!definition) { scope.postMessage({ id, answer: { ok: false, message: compiled.message } }); return; }
    const key = `${request.players}\u0000${request.variant ?? ''}`;
    if (priors?.key !== key) priors = { key, priors: priorsFor(definition, request.players, request.variant) };
    scope.postMessage({ id, answer: chooseBotMove(definition, request, priors.priors) });
  } catch (error) {
    scope.postMessage({ id, answer: { ok: false, message: (error as Error).message } });
  }
};
