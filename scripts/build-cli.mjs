#!/usr/bin/env node
/**
 * `npm run build:cli` (also run by `npm ci` / `npm install` through `prepare`): the CLI as
 * compiled JavaScript in build/, so that `regola` starts at once instead of compiling the
 * TypeScript sources through tsx at every start (2–3 s).
 *   build/regola.cjs    one bundle of cli/bundle-entry.ts and what it imports (esbuild)
 *   build/regola.blob   a V8 startup snapshot of that bundle with the parser already built
 *                       (only valid for the very node binary that made it)
 *   build/simulate-worker.cjs  the thread of `regola simulate --workers` (cli/simulate-workers.ts
 *                       looks for it beside the bundle)
 *   build/stamp.json    what the build was made from, for bin/regola.js to tell a stale build
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build');
const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** What both bundles share: one file each, for node, CommonJS. */
const bundleOptions = {
  bundle: true,
  platform: 'node',
  // CommonJS: a V8 startup snapshot's entry must be a script, not an ES module.
  format: 'cjs',
  target: 'node20',
  // The grammar's self-checks run in the tests; the bundle skips them (grammar/startup.ts).
  define: { REGOLA_BUNDLE: 'true' },
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
};

const result = await build({
  ...bundleOptions,
  entryPoints: [join(root, 'cli', 'bundle-entry.ts')],
  outfile: join(out, 'regola.cjs'),
  // A snapshot's entry runs as a plain script, with no `module` to export to.
  banner: { js: "var module = typeof module === 'object' ? module : { exports: {} };" },
});

// The worker thread of a parallel simulation: a bundle of its own, found beside regola.cjs
// (its `import.meta.url` is empty in CommonJS: cli/simulate-workers.ts falls back to __filename).
const worker = await build({
  ...bundleOptions,
  entryPoints: [join(root, 'cli', 'simulate-worker.ts')],
  outfile: join(out, 'simulate-worker.cjs'),
});

// The project's own files the bundles were made from (and the lock file, for the dependencies):
// any of them newer than the stamp makes the build stale.
const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(worker.metafile.inputs)])]
  .map((input) => relative(root, join(process.cwd(), input)))
  .filter((input) => !input.startsWith('node_modules'))
  .concat(['package-lock.json', 'scripts/build-cli.mjs'])
  .sort();

const blob = join(out, 'regola.blob');
const snapshot = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', join(out, 'regola.cjs')], {
  cwd: out, encoding: 'utf8',
});
// Node warns that readline is "not yet fully verified" in snapshots: the snapshot never uses it
// (the prompt is opened after the start), so that one warning is not shown.
const snapshotOk = snapshot.status === 0;
if (!snapshotOk) {
  rmSync(blob, { force: true });
  console.warn(`build:cli: no startup snapshot (node ${process.version} could not build one), regola will load build/regola.cjs instead:\n${snapshot.stderr}`);
}

writeFileSync(join(out, 'stamp.json'), `${JSON.stringify({
  builtAt: new Date().toISOString(),
  node: process.version,
  execPath: process.execPath,
  snapshot: snapshotOk ? 'regola.blob' : null,
  inputs,
}, null, 2)}\n`);
console.log(`build:cli: build/regola.cjs${snapshotOk ? ' and build/regola.blob' : ''} from ${inputs.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
