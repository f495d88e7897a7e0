/**
 * Runs a benchmark script in a child node of its own, so that its figures do not depend on what
 * ran before it in `npm run bench`'s process (V8's type feedback from other games' playouts slows
 * the helpers they share): through tsx, as the tests run the sources (tsx wraps every function
 * for `keepNames`), or bundled by esbuild, as the CLI's build and the library run. The script's
 * stdout, or an error that says why it could not run. A script prints its figures when
 * `REGOLA_BENCH_SCRIPT` is set in its environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Way = 'sources through tsx' | 'bundled (as the build runs it)';
export const ways: Way[] = ['sources through tsx', 'bundled (as the build runs it)'];

export async function runScript(script: string, args: string[], way: Way): Promise<string> {
  const entry = fileURLToPath(new URL(script, import.meta.url));
  const directory = mkdtempSync(join(tmpdir(), 'regola-bench-'));
  try {
    let command: string[];
    if (way === 'bundled (as the build runs it)') {
      const { buildSync } = await import('esbuild');
      const outfile = join(directory, basename(entry).replace(/\.ts$/, '.cjs'));
      buildSync({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error', define: { REGOLA_BUNDLE: 'true' } });
      command = [outfile];
    } else {
      command = ['--import', 'tsx', entry];
    }
    const child = spawnSync(process.execPath, [...command, ...args], { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, REGOLA_BENCH_SCRIPT: '1' } });
    if (child.status !== 0) throw new Error(child.stderr || `${basename(entry)} exited with ${child.status}`);
    return child.stdout;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Whether this module runs as a benchmark's child script (`runScript`). */
export const asScript = process.env.REGOLA_BENCH_SCRIPT === '1';
