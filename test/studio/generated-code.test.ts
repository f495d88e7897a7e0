/**
 * The studio's question "does generated code run here?" (lib/generated-code.ts): the page and each
 * batch-mode worker answer; a refusal is shown with where and why; a worker that cannot answer
 * claims nothing; every worker asked is stopped afterwards, and only one runs at a time.
 */
import { describe, expect, it } from 'vitest';
import { askWorker, blockedNotice, findRefusals, isProbe, probeMessage, probeReply, refusalDetail, type ProbeWorker } from '../../studio/src/lib/generated-code.ts';

const refused = { available: false as const, reason: "EvalError: Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source of script" };

/** A stand-in worker: answers the probe with `answer` (a worker's own probe when 'real'), fails, or stays silent. */
function fakeWorker(behaviour: 'real' | 'refuses' | 'fails' | 'silent', log: string[], name: string): () => ProbeWorker {
  return () => {
    log.push(`start ${name}`);
    const worker: ProbeWorker = {
      onmessage: null,
      onerror: null,
      postMessage(message) {
        expect(isProbe(message)).toBe(true);
        queueMicrotask(() => {
          if (behaviour === 'fails') worker.onerror?.({ message: 'the script did not load' });
          else if (behaviour === 'refuses') worker.onmessage?.({ data: { type: 'generated-code', availability: refused } });
          else if (behaviour === 'real') worker.onmessage?.({ data: probeReply() });
        });
      },
      terminate() { log.push(`stop ${name}`); },
    };
    return worker;
  };
}

describe('asking whether generated code runs', () => {
  it('a worker answers with its own probe; here (node) generated code runs', async () => {
    const log: string[] = [];
    expect(await askWorker(fakeWorker('real', log, 'w'))).toEqual({ available: true });
    expect(log).toEqual(['start w', 'stop w']);
  });

  it('lists the page and each worker that refuses, in order, one worker at a time, each stopped after it answered', async () => {
    const log: string[] = [];
    const seen: string[][] = [];
    const refusals = await findRefusals(refused, [
      { where: 'simulation worker', spawn: fakeWorker('refuses', log, 'simulation') },
      { where: 'bot worker', spawn: fakeWorker('refuses', log, 'bot') },
    ], (found) => seen.push(found.map((r) => r.where)));
    expect(refusals.map((r) => r.where)).toEqual(['page', 'simulation worker', 'bot worker']);
    expect(log).toEqual(['start simulation', 'stop simulation', 'start bot', 'stop bot']);
    // The page's answer is shown before any worker has started.
    expect(seen[0]).toEqual(['page']);
    expect(refusalDetail(refusals)).toBe(`new Function is refused in the page, the simulation worker, the bot worker (${refused.reason}). Everything works as usual on the stepper; simulations and bots are slower than with generated code.`);
  });

  it('a worker that fails to start or never answers claims nothing (and is stopped)', async () => {
    const log: string[] = [];
    expect(await askWorker(fakeWorker('fails', log, 'a'))).toBeNull();
    expect(await askWorker(fakeWorker('silent', log, 'b'), 20)).toBeNull();
    expect(await askWorker(() => { throw new Error('no workers here'); })).toBeNull();
    expect(log).toEqual(['start a', 'stop a', 'start b', 'stop b']);
    expect(await findRefusals({ available: true }, [{ where: 'bot worker', spawn: fakeWorker('fails', log, 'c') }])).toEqual([]);
  });

  it('the probe message is the one the workers recognise; the notice is one plain sentence', () => {
    expect(isProbe(probeMessage)).toBe(true);
    expect(isProbe({ type: 'run' })).toBe(false);
    expect(isProbe(null)).toBe(false);
    expect(blockedNotice).toBe("Generated code is blocked by this page's Content-Security-Policy: games run on the reference interpreter (slower).");
  });
});
