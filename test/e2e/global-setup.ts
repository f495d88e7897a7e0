/** Builds the studio once and serves dist/ for the end-to-end tests, as a static site would be served. */
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

export default async function setup(project: TestProject) {
  await build({ logLevel: 'warn' });
  server = await preview({ preview: { port: 5199, strictPort: false, host: '127.0.0.1' }, logLevel: 'warn' });
  const address = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5199/';
  project.provide('studioUrl', address);
  return async () => { await server?.close(); };
}

declare module 'vitest' {
  export interface ProvidedContext { studioUrl: string }
}
