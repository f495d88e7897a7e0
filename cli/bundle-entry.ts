/**
 * The entry of the CLI's build (scripts/build-cli.mjs bundles it into build/regola.cjs), which
 * bin/regola.js loads in its own process (bin/load-bundle.js, with V8's code cache). The parser
 * takes its lookahead tables from build/grammar-tables.json, made by the build with
 * `makeGrammarTables`: analysing the grammar was most of what a start of `regola` cost.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from './main.ts';
import { RulesParser, grammarTables, useGrammarTables, type GrammarTables } from '../grammar/index.ts';

export { main };

/** The grammar's lookahead tables, as scripts/build-cli.mjs writes them to build/grammar-tables.json (`samples`: rules files to parse, see grammarTables). */
export function makeGrammarTables(samples: string[]): GrammarTables {
  return grammarTables(new RulesParser(), samples);
}

/**
 * Parsers built from now on take their analysis from build/grammar-tables.json (beside this
 * bundle) instead of making it (grammar/prepared-analysis.ts); without the file they make it.
 */
function loadGrammarTables(): void {
  try {
    useGrammarTables(JSON.parse(readFileSync(join(__dirname, 'grammar-tables.json'), 'utf8')) as GrammarTables);
  } catch {
    useGrammarTables(null);
  }
}

/** Runs the command line `argv` and sets the exit code. */
export async function run(argv: string[]): Promise<void> {
  loadGrammarTables();
  // `regola … | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });
  process.exitCode = await main(argv);
}
