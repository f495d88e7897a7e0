/**
 * The simulation worker: compiles the rules it is sent and plays random games off the main thread,
 * posting progress about every 1% of the run. A `cancel` message stops the run between two steps
 * and answers with what was played so far. One run at a time: a new run cancels the old one.
 * With several workers (pool.ts) each is sent `play` messages instead: a chunk of a run's games,
 * answered with their records. It also answers whether generated code runs in it (lib/generated-code.ts).
 */
import { compileRules } from '../../../interpreter/index.ts';
import { ChunkPlayer, type ChunkReply, type ChunkRequest } from '../simulation/chunks.ts';
import { runSimulation, type WorkerReply, type WorkerRequest } from '../simulation/runner.ts';
import { isProbe, probeReply, type ProbeReply } from '../lib/generated-code.ts';

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest | ChunkRequest>) => void) | null; postMessage: (reply: WorkerReply | ChunkReply | ProbeReply) => void };
const chunks = new ChunkPlayer();

let current: { id: number; cancelled: boolean } | null = null;

/** Lets the messages waiting for this worker (a cancel) in, without the 4 ms floor of nested timers. */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

scope.onmessage = (event) => {
  const message = event.data;
  // The studio asks once whether generated code runs here (lib/generated-code.ts).
  if (isProbe(message)) { scope.postMessage(probeReply()); return; }
  if (message.type === 'play') {
    let reply: ChunkReply;
    try {
      reply = chunks.play(message);
    } catch (error) {
      // The pool checked the rules and settings before handing out games: this is not expected.
      reply = { type: 'failed', id: message.id, from: message.from, games: [], game: message.from, message: (error as Error).message };
    }
    scope.postMessage(reply);
    return;
  }
  if (message.type === 'cancel') {
    if (current?.id === message.id) current.cancelled = true;
    return;
  }
  if (current) current.cancelled = true;
  const job = { id: message.id, cancelled: false };
  current = job;
  const { definition, diagnostics } = compileRules(message.text);
  if (!definition) {
    const first = diagnostics.find((d) => d.severity === 'error');
    scope.postMessage({ type: 'error', id: job.id, message: `the rules do not compile${first ? `: ${first.message}` : ''}` });
    return;
  }
  let before = null;
  if (message.before !== undefined) {
    before = compileRules(message.before).definition;
    if (!before) {
      scope.postMessage({ type: 'error', id: job.id, message: 'the snapshot of the rules does not compile' });
      return;
    }
  }
  void runSimulation(before ? { before, now: definition } : definition, job.id, message.request, (reply) => scope.postMessage(reply), () => job.cancelled, pause).finally(() => {
    if (current === job) current = null;
  });
};
