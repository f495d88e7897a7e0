/**
 * The entry of the CLI's build (scripts/build-cli.mjs bundles it into build/regola.cjs). It is
 * loaded two ways by bin/regola.js: required in the process (`run`), or, built into a V8
 * startup snapshot (`node --snapshot-blob build/regola.blob`), already initialised: the parser
 * built, its grammar analysed, and a small game checked so that every module has run once.
 * That analysis is most of what a start of `regola` cost.
 */
import v8 from 'node:v8';
import { main } from './main.ts';
import { compileRules } from '../interpreter/index.ts';

export { main };

/** A small complete game, compiled once while the snapshot is built. */
const warmUp = `game "Warm" {
  players 2
  turn limit 10
}
tokens Passo reserve 10
turns clockwise {
  choose by current prompt "quanti?" {
    option "uno" { gain 1 Passo }
    option "due" { gain 2 Passo }
  }
  if current.Passo >= 3 { win current "arrivato" }
}
`;

/** Runs the command line `argv` and sets the exit code. */
export async function run(argv: string[]): Promise<void> {
  // `regola … | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });
  process.exitCode = await main(argv);
}

if (v8.startupSnapshot?.isBuildingSnapshot()) {
  // Nothing read from the environment, the clock or the terminal is kept: only the grammar's tables.
  compileRules(warmUp);
  // bin/regola.js starts the snapshot as `node --snapshot-blob BLOB bin/regola.js ARGS…`.
  v8.startupSnapshot.setDeserializeMainFunction(() => run(process.argv.slice(2)));
}
