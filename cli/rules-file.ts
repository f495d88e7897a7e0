/** Reading a file named on the command line, and a rules file compiled or its diagnostics printed. */
import { readFileSync } from 'node:fs';
import { formatDiagnostic, LineIndex, type Diagnostic } from '../grammar/index.ts';
import { compileRules, type GameDefinition } from '../interpreter/index.ts';
import { ExitCode, UsageError } from './failures.ts';
import { printable } from './printable.ts';

export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Each diagnostic as `file:line:col: severity code: message`. */
export function printDiagnostics(file: string, text: string, diagnostics: Diagnostic[], out: (line: string) => void) {
  const index = new LineIndex(text);
  for (const d of diagnostics) out(printable(formatDiagnostic(file, index, d)));
}

/** Compiles or prints why not. */
export function load(file: string, text = readText(file)): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) {
    printDiagnostics(file, text, diagnostics, (line) => console.error(printable(line)));
    throw new ExitCode(1);
  }
  return definition;
}
