/** A worker thread of `regola simulate --workers`: see simulate-serve.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import { serveSimulation, type WorkerInit } from './simulate-serve.ts';

serveSimulation(parentPort!, workerData as WorkerInit);
