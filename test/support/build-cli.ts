/**
 * vitest's global setup: the CLI tests run bin/regola.js as a user does, on the build in build/
 * (a start in a fraction of a second, where the TypeScript sources through tsx take seconds). The
 * build is made here when it is missing or older than the sources (after an edit), before any test.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const env = { ...process.env };
  delete env.REGOLA_SOURCES;
  const probe = spawnSync(process.execPath, [join(root, 'bin', 'regola.js'), '--help'], { cwd: root, env, encoding: 'utf8' });
  if (probe.status === 0 && !probe.stderr.includes('npm run build:cli')) return;
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:cli failed, so the CLI tests cannot run:\n${built.stdout}${built.stderr}`);
}
