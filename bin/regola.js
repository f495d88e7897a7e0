#!/usr/bin/env node
/**
 * Starts the `regola` command from its build (build/, made by `npm run build:cli`, which `npm ci`
 * runs): the bundle, loaded in this process with V8's code cache and the V8 flags of the command
 * (bin/load-bundle.js: `check` runs without the optimizing compiler), its parser built from the
 * grammar tables the build made. Compiling the TypeScript sources at every start
 * was many times slower; starting a second node from a V8 startup snapshot (the previous build)
 * cost a whole node start more than this.
 *
 * A build older than the sources is never used: the sources then run through tsx, with one line on
 * stderr saying so and how to make the start fast again (a stale build would silently run rules
 * with the old behaviour; refusing to run would stop whoever is editing the sources).
 * REGOLA_SOURCES=1 runs the sources without that line.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = join(root, 'build');
const args = process.argv.slice(2);

/** Why the build cannot be used (missing, or older than one of its sources), or null when it can. */
function staleBuild() {
  let stamp;
  let builtAt;
  try {
    stamp = JSON.parse(readFileSync(join(build, 'stamp.json'), 'utf8'));
    builtAt = statSync(join(build, 'stamp.json')).mtimeMs;
  } catch {
    return 'there is no build in build/';
  }
  try {
    statSync(join(build, 'regola.cjs'));
  } catch {
    return 'build/regola.cjs is missing';
  }
  for (const input of stamp.inputs) {
    let changed;
    try {
      changed = statSync(join(root, input)).mtimeMs;
    } catch {
      return `${input}, one of its sources, is gone`;
    }
    if (changed > builtAt) return `the build is older than ${input}`;
  }
  return null;
}

async function fromSources(reason) {
  if (reason) process.stderr.write(`regola: ${reason}; running the TypeScript sources (slow start). \`npm run build:cli\` makes the start fast again.\n`);
  const { register } = await import('tsx/esm/api');
  register();
  process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });
  const { main } = await import('../cli/main.ts');
  process.exitCode = await main(args);
}

const stale = process.env.REGOLA_SOURCES === '1' ? 'sources' : staleBuild();
if (stale) {
  await fromSources(stale === 'sources' ? null : stale);
} else {
  const { loadBundle, profileOf } = await import('./load-bundle.js');
  await loadBundle(build, { profile: profileOf(args) }).exports.run(args);
}
