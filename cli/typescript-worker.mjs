// Starts a worker thread on a TypeScript module (`workerData.entry`) when the CLI runs from its
// sources through tsx: on Node 20 a loader registered on the main thread does not reach worker
// threads, so each registers tsx for itself. The bundled CLI starts its workers directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
