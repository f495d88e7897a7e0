/**
 * Runs a benchmark script bundled by esbuild in a child node, as the CLI's build and the library
 * run (no tsx `keepNames` wrapper around every function): the script's stdout, or an error that
 * says why it could not run. The script prints its figures when `REGOLA_BENCH_SCRIPT` is defined.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export async function runBundled(script: string, args: string[]): Promise<string> {
  const { buildSync } = await import('esbuild');
  const entry = fileURLToPath(new URL(script, import.meta.url));
  const outfile = join(mkdtempSync(join(tmpdir(), 'regola-bench-')), basename(entry).replace(/\.ts$/, '.cjs'));
  buildSync({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error', define: { REGOLA_BENCH_SCRIPT: 'true' } });
  const child = spawnSync(process.execPath, [outfile, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(child.stderr || `${basename(outfile)} exited with ${child.status}`);
  return child.stdout;
}
