/**
 * The studio's ELK: elkjs's API with its layout engine in a Web Worker of its own, so laying out
 * a large game never blocks typing. Created on first use (the Machine tab).
 */
import ELK from 'elkjs/lib/elk-api.js';
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ElkLike } from './layout.ts';

let instance: ElkLike | null = null;

export function studioElk(): ElkLike {
  instance ??= new ELK({ workerUrl });
  return instance;
}

/** Starts ELK's worker ahead of time (it is slow to load), e.g. when the studio is idle. */
export function warmElk(): void {
  studioElk();
}
