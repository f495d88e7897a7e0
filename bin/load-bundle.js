/**
 * Loads build/regola.cjs in this process with V8's code cache: compiling the bundle, and each
 * function of the checker and the compiler the first time it runs, was a large share of a start of
 * `regola` (node 20 has no `module.enableCompileCache`). scripts/build-cli.mjs makes the caches with
 * `makeCodeCache` after running a few commands, so that they hold the compiled functions a command
 * needs, not only the top level. A cache V8 refuses (another node, other flags) only makes the
 * start slower: the source is compiled as without one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * How a command runs: the V8 flags it sets before the bundle is compiled, and the code cache made
 * under the same flags (V8 refuses a cache made under other flags). `check` and `coverage` read a
 * file, report and exit soon: V8's optimizing compiler, busy with the parser's and the checker's
 * functions on a background thread, cost more than it saved and finished too late to pay off. Every other command (play, simulate, replay…) runs long enough to need it.
 */
const profiles = {
  short: { flags: '--no-opt', cache: 'regola.short.code-cache', commands: ['check', 'coverage'] },
  long: { flags: '', cache: 'regola.code-cache', commands: [] },
};

/** The profile of a command line (its first word). */
export function profileOf(args) {
  return profiles.short.commands.includes(args[0]) ? 'short' : 'long';
}

/** The same text must be compiled when the cache is made and when it is used. */
const wrap = (source) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

/**
 * The bundle's exports, and the script it was compiled as (for `makeCodeCache`). The profile's
 * flags are set first (in this process, for good: call it once, before anything else runs).
 */
export function loadBundle(build, { useCache = true, profile = 'long' } = {}) {
  const { flags, cache } = profiles[profile];
  if (flags) v8.setFlagsFromString(flags);
  const file = join(build, 'regola.cjs');
  let cachedData;
  if (useCache) {
    try { cachedData = readFileSync(join(build, cache)); } catch { /* no cache: compile */ }
  }
  const script = new vm.Script(wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, script };
}

/**
 * Writes the code cache of `script` for `profile` (after the commands that should find their
 * functions compiled have run). The profile's flags are set again first: the cache carries the
 * flags it was made under, and a command may have changed them (cli/coverage.ts `rulebookIndex` turns the optimizing compiler back on).
 */
export function makeCodeCache(build, script, profile = 'long') {
  const { flags } = profiles[profile];
  if (flags) v8.setFlagsFromString(flags);
  writeFileSync(join(build, profiles[profile].cache), script.createCachedData());
}
