/**
 * Loads build/regola.cjs in this process with V8's code cache (build/regola.code-cache): compiling
 * the 1.2 MB bundle, and each function of the checker and the compiler the first time it runs, was a
 * third of a start of `regola` (node 20 has no `module.enableCompileCache`). scripts/build-cli.mjs
 * makes the cache with `makeCodeCache` after running a few commands, so that it holds the compiled
 * functions a command needs, not only the top level. A cache V8 refuses (another node, other flags)
 * only makes the start slower: the source is compiled as without one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** The same text must be compiled when the cache is made and when it is used. */
const wrap = (source) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

/** The bundle's exports, and the script it was compiled as (for `makeCodeCache`). */
export function loadBundle(build, { useCache = true } = {}) {
  const file = join(build, 'regola.cjs');
  let cachedData;
  if (useCache) {
    try { cachedData = readFileSync(join(build, 'regola.code-cache')); } catch { /* no cache: compile */ }
  }
  const script = new vm.Script(wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, script };
}

/** Writes the code cache of `script` (after the commands that should find their functions compiled have run). */
export function makeCodeCache(build, script) {
  writeFileSync(join(build, 'regola.code-cache'), script.createCachedData());
}
