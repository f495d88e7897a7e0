#!/usr/bin/env node
/**
 * `npm run build:cli` (also run by `npm ci` / `npm install` through `prepare`): the CLI as
 * compiled JavaScript in build/, so that `regola` starts at once instead of compiling the
 * TypeScript sources through tsx at every start.
 *   build/regola.cjs    one bundle of cli/bundle-entry.ts and what it imports (esbuild)
 *   build/grammar-tables.json  the parser's lookahead tables (grammar/prepared-analysis.ts), so a
 *                       start does not analyse the grammar
 *   build/regola.code-cache, build/regola.short.code-cache
 *                       V8's code caches of the bundle after a few checks (bin/load-bundle.js), for
 *                       long commands and for `check`/`coverage` (their own V8 flags), so a start does
 *                       not compile it (only valid for the node binary that made it)
 *   build/simulate-worker.cjs  the thread of `regola simulate --workers` (cli/simulate-workers.ts
 *                       looks for it beside the bundle)
 *   build/stamp.json    what the build was made from, for bin/regola.js to tell a stale build
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  // CommonJS: bin/load-bundle.js compiles it as one script, with V8's code cache.
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
  .concat(['package-lock.json', 'scripts/build-cli.mjs', 'bin/load-bundle.js'])
  .sort();

// The grammar's lookahead tables, made once here instead of at every start (grammar/prepared-analysis.ts).
// The seed games are parsed for it: they reach every kind of repetition of the grammar.
const samples = readdirSync(join(root, 'rules')).filter((f) => f.endsWith('.rules')).map((f) => join(root, 'rules', f));
const tables = spawnSync(process.execPath, ['-e', `const fs = require('node:fs'); process.stdout.write(JSON.stringify(require(${JSON.stringify(join(out, 'regola.cjs'))}).makeGrammarTables(${JSON.stringify(samples)}.map((f) => fs.readFileSync(f, 'utf8')))))`], { encoding: 'utf8', maxBuffer: 1 << 26 });
if (tables.status !== 0) throw new Error(`build:cli: the grammar tables could not be made:\n${tables.stderr}`);
writeFileSync(join(out, 'grammar-tables.json'), tables.stdout);
const { choices, afterRepetitions } = JSON.parse(tables.stdout);
const repetitions = choices.filter(([, kind]) => kind.startsWith('Repetition')).length;
if (afterRepetitions.length < repetitions) console.warn(`build:cli: the seed games reach ${afterRepetitions.length} of the grammar's ${repetitions} repetitions: a file with the others analyses the grammar at its start`);

// V8's code caches of the bundle (bin/load-bundle.js), one per profile of V8 flags, each made in
// a node of its own under its flags after running the commands that use it on the seed games.
const examples = readdirSync(join(root, 'rules', 'examples')).filter((f) => f.endsWith('.rules')).sort().map((f) => join(root, 'rules', 'examples', f));
const checks = [...samples, ...examples].map((file) => ['check', file]);
const cacheRuns = { long: checks, short: [...checks, ['coverage', samples[0]]] };
const caches = Object.entries(cacheRuns).map(([profile, runs]) => {
  const script = `import { loadBundle, makeCodeCache } from ${JSON.stringify(join(root, 'bin', 'load-bundle.js'))};
const { exports, script } = loadBundle(${JSON.stringify(out)}, { useCache: false, profile: ${JSON.stringify(profile)} });
for (const args of ${JSON.stringify(runs)}) await exports.run(args);
process.exitCode = 0;
makeCodeCache(${JSON.stringify(out)}, script, ${JSON.stringify(profile)});`;
  const made = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (made.status !== 0) console.warn(`build:cli: no code cache for ${profile} commands (regola will compile its bundle at each start):\n${made.stderr}`);
  return made.status === 0;
});

writeFileSync(join(out, 'stamp.json'), `${JSON.stringify({
  builtAt: new Date().toISOString(),
  node: process.version,
  execPath: process.execPath,
  inputs,
}, null, 2)}\n`);
console.log(`build:cli: build/regola.cjs${caches.every(Boolean) ? ' and its code caches' : ''} from ${inputs.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
