import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

// The studio lives in studio/; it imports grammar/, interpreter/ and the games in rules/ from the repository root.
export default defineConfig(({ command }) => ({
  // The built studio skips Chevrotain's checks of its own grammar (grammar/startup.ts), as the CLI's
  // bundle does: a fifth of building the parser, on the way to the first paint. The dev server and the tests keep them.
  define: command === 'build' ? { REGOLA_BUNDLE: 'true' } : {},
  root: fileURLToPath(new URL('./studio', import.meta.url)),
  base: './',
  plugins: [svelte()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] } },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: { outDir: fileURLToPath(new URL('./dist', import.meta.url)), emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  worker: { format: 'es' },
}));
