/** `regola check FILE [--verbose]`: every diagnostic of a rules file, and a count of them. */
import { compileRules } from '../../interpreter/index.ts';
import { renderCodegenReport } from '../codegen-report.ts';
import { citationWarnings } from '../coverage.ts';
import { UsageError } from '../failures.ts';
import { parseFlags } from '../flags.ts';
import { say } from '../output.ts';
import { printDiagnostics, readText } from '../rules-file.ts';

export function check(args: string[]): number {
  const flags = parseFlags(args, [], ['verbose']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('check needs a FILE');
  const text = readText(file);
  const { diagnostics: compiled, definition } = compileRules(text);
  // Citations are checked against the rulebook when the rules' `source` file is there.
  const diagnostics = [...compiled, ...citationWarnings(file, text)].sort((a, b) => a.range.start - b.range.start);
  printDiagnostics(file, text, diagnostics, say);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (flags.switches.has('verbose') && definition) for (const line of renderCodegenReport(file, text, definition)) say(line);
  say(errors === 0 ? `${file}: no errors${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}` : `${file}: ${errors} error${errors === 1 ? '' : 's'}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
  return errors === 0 ? 0 : 1;
}
