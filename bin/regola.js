#!/usr/bin/env node
/**
 * Starts the `regola` command from its build (build/, made by `npm run build:cli`, which `npm ci`
 * runs): a V8 startup snapshot where the parser is already built, or the bundle itself. Compiling
 * the TypeScript sources at every start took 2–3 s.
 *
 * A build older than the sources is never used: the sources then run through tsx, with one line on
 * stderr saying so and how to make the start fast again (a stale build would silently run rules
 * with the old behaviour; refusing to run would stop whoever is editing the sources).
 * REGOLA_SOURCES=1 runs the sources without that line (the tests do); REGOLA_NO_SNAPSHOT=1 loads
 * the bundle in this process instead of the snapshot.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  if (!existsSync(join(build, 'regola.cjs'))) return 'build/regola.cjs is missing';
  for (const input of stamp.inputs) {
    let changed;
    try {
      changed = statSync(join(root, input)).mtimeMs;
    } catch {
      return `${input}, one of its sources, is gone`;
    }
    if (changed > builtAt) return `the build is older than ${input}`;
  }
  return { stamp };
}

async function fromSources(reason) {
  if (reason) process.stderr.write(`regola: ${reason}; running the TypeScript sources (slow start). \`npm run build:cli\` makes the start fast again.\n`);
  const { register } = await import('tsx/esm/api');
  register();
  process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });
  const { main } = await import('../cli/main.ts');
  process.exitCode = await main(args);
}

/** The snapshot in a child node (a snapshot can only be given when node starts); its exit is ours. */
function fromSnapshot(blob) {
  const child = spawn(process.execPath, ['--snapshot-blob', blob, fileURLToPath(import.meta.url), ...args], { stdio: 'inherit' });
  // The terminal sends Ctrl-C to both; a signal sent to this process alone is passed on.
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(s, forward);
      process.kill(process.pid, signal);
      return;
    }
    process.exitCode = code ?? 1;
  });
}

const usable = process.env.REGOLA_SOURCES === '1' ? null : staleBuild();
if (usable === null || typeof usable === 'string') {
  await fromSources(usable);
} else {
  const { stamp } = usable;
  const blob = stamp.snapshot && join(build, stamp.snapshot);
  // A snapshot only starts on the node binary that made it. A simulation starts worker threads,
  // which node cannot start from a snapshot; its start time is small beside its run anyway.
  const threads = args[0] === 'simulate';
  if (blob && !threads && stamp.node === process.version && stamp.execPath === process.execPath && process.env.REGOLA_NO_SNAPSHOT !== '1' && existsSync(blob)) {
    fromSnapshot(blob);
  } else {
    await createRequire(import.meta.url)(join(build, 'regola.cjs')).run(args);
  }
}
