/**
 * Whether the studio's games run on generated code (issue 15), asked once of the page and of the
 * workers that run batch mode — the simulation worker and the bot worker, which tier up to
 * generated code. A strict Content-Security-Policy (no 'unsafe-eval') refuses `new Function`;
 * the engine then runs everything on the stepper by itself, and the studio only has to say so.
 * A worker's policy comes with its own script, so each kind of worker is asked, not inferred.
 */
import { generatedCodeAvailability, type GeneratedCodeAvailability } from '../../../interpreter/index.ts';

/** The question a worker answers before anything else (workers/simulate.worker.ts, workers/bot.worker.ts). */
export const probeMessage = { type: 'generated-code?' } as const;
export interface ProbeReply { type: 'generated-code'; availability: GeneratedCodeAvailability }

export function isProbe(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === probeMessage.type;
}

/** A worker's answer: whether generated code runs in it. */
export function probeReply(): ProbeReply {
  return { type: 'generated-code', availability: generatedCodeAvailability() };
}

export type Place = 'page' | 'simulation worker' | 'bot worker';
export interface Refusal { where: Place; reason: string }

/** What the probe needs of a Worker (a fake one in tests). */
export interface ProbeWorker {
  postMessage(message: typeof probeMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
}

/**
 * Starts a worker, asks it, and stops it. Null when it gives no answer (it failed to start, or
 * took longer than `timeoutMs`): nothing is claimed then — the panel that uses the worker reports
 * its own failures.
 */
export function askWorker(spawn: () => ProbeWorker, timeoutMs = 20_000): Promise<GeneratedCodeAvailability | null> {
  return new Promise((resolve) => {
    let worker: ProbeWorker;
    try { worker = spawn(); } catch { resolve(null); return; }
    const finish = (answer: GeneratedCodeAvailability | null) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    worker.onmessage = (event) => {
      const reply = event.data as Partial<ProbeReply> | null;
      if (reply?.type === 'generated-code' && reply.availability) finish(reply.availability);
    };
    worker.onerror = () => finish(null);
    worker.postMessage(probeMessage);
  });
}

/** The page's answer, then each worker's, one worker at a time (never more than one extra thread). */
export async function findRefusals(
  page: GeneratedCodeAvailability, workers: { where: Place; spawn: () => ProbeWorker }[], found: (refusals: Refusal[]) => void = () => {},
): Promise<Refusal[]> {
  const refusals: Refusal[] = page.available ? [] : [{ where: 'page', reason: page.reason }];
  found(refusals.slice());
  for (const { where, spawn } of workers) {
    const answer = await askWorker(spawn);
    if (answer && !answer.available) {
      refusals.push({ where, reason: answer.reason });
      found(refusals.slice());
    }
  }
  return refusals;
}

/** The notice, one sentence (the studio shows it in the status bar and the Simulate tab). */
export const blockedNotice = "Generated code is blocked by this page's Content-Security-Policy: games run on the reference interpreter (slower).";

/** Where and in what words it was refused (the notice's tooltip). */
export function refusalDetail(refusals: Refusal[]): string {
  const places = refusals.map((r) => `the ${r.where}`);
  const reasons = [...new Set(refusals.map((r) => r.reason))];
  return `new Function is refused in ${places.join(', ')} (${reasons.join('; ')}). Everything works as usual on the stepper; simulations and bots are slower than with generated code.`;
}
