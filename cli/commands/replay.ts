/** `regola replay FILE LOG.json`: a saved game's moves played again on the rules, and whether its state hash still matches. */
import { Match, readSavedGame, type SavedGame } from '../../interpreter/index.ts';
import { Refusal, UsageError } from '../failures.ts';
import { parseFlags } from '../flags.ts';
import { outcomeLine, say } from '../output.ts';
import { load, readText } from '../rules-file.ts';
import { layoutProblem } from '../series.ts';

export function replay(args: string[]): number {
  const flags = parseFlags(args, [], []);
  const [file, logFile] = flags.positional;
  if (!file || !logFile) throw new UsageError('replay needs a FILE and a LOG.json');
  const definition = load(file);
  let data: unknown;
  try {
    data = JSON.parse(readText(logFile));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${logFile} is not valid JSON (cut short or edited?): ${(error as Error).message}`);
  }
  const read = readSavedGame(data);
  if (!read.ok) {
    console.error(`${logFile} is not a Regola saved game (format regola-save/1):\n${read.problems.map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  const saved: SavedGame = read.saved;
  if (saved.title !== definition.title) {
    console.error(`${logFile} is a save of '${saved.title}', not of '${definition.title}' (${file})`);
    return 1;
  }
  const problem = saved.layout && layoutProblem(definition, saved.layout);
  if (problem) throw new Refusal(`${logFile} cannot be replayed on these rules: ${problem}`);
  const restored = Match.restore(definition, saved);
  if (!restored.ok) {
    say(`replay stopped: ${restored.diagnostic.message}`);
    return 1;
  }
  const { match } = restored;
  const outcome = match.outcome;
  say(`${saved.moves.length} moves replayed`);
  say(outcome
    ? `outcome: ${outcomeLine(outcome)}`
    : 'outcome: the game is not finished');
  say(restored.hashMatches ? `state hash ${match.hash()} matches the save` : `state hash ${match.hash()} differs from the save (${saved.stateHash}): the rules or the save changed since it was written`);
  return restored.hashMatches ? 0 : 1;
}
