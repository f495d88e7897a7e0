/** `regola coverage FILE`: each sentence of the rules' rulebook, covered by which rules or interpretation entry, or not. */
import { coverage as coverageOf, strictlyCovered } from '../../rulebook/index.ts';
import { coverageJson, interpretationsPath, renderCoverage, rulebookIndex, sourcePath } from '../coverage.ts';
import { Refusal, UsageError } from '../failures.ts';
import { parseFlags } from '../flags.ts';
import { say } from '../output.ts';
import { readText } from '../rules-file.ts';

export function coverage(args: string[]): number {
  const flags = parseFlags(args, ['source', 'interpretations'], ['json', 'strict']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('coverage needs a FILE');
  const text = readText(file);
  const source = flags.values.get('source') ?? sourcePath(file, text);
  if (!source) throw new Refusal(`${file} names no source text that can be read (write source "FILE" in its game block, or give --source)`);
  const interpretations = flags.values.get('interpretations') ?? interpretationsPath(file);
  const report = coverageOf(text, rulebookIndex(readText(source)), interpretations ? readText(interpretations) : '');
  const files = { source, interpretations };
  if (flags.switches.has('json')) console.log(JSON.stringify(coverageJson(report, file, text, files), null, 2));
  else say(renderCoverage(report, file, text, files).join('\n'));
  return flags.switches.has('strict') && !strictlyCovered(report) ? 1 : 0;
}
