/**
 * `regola tournament FILE`: one bot at each seat in turn against random bots, its win rate beside
 * a random bot's at the same seats on the same seeds.
 */
import { parseSeatBots, renderTournament, tournament as playTournament } from '../../interpreter/index.ts';
import { UsageError } from '../failures.ts';
import { integer, parseFlags, playerCount, positive } from '../flags.ts';
import { say } from '../output.ts';
import { load } from '../rules-file.ts';

export function tournament(args: string[]): number {
  const flags = parseFlags(args, ['games', 'players', 'seed', 'variant', 'max-rounds', 'bots'], ['json']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('tournament needs a FILE');
  const games = positive(flags, 'games', 20);
  const maxRounds = flags.values.has('max-rounds') ? positive(flags, 'max-rounds', undefined) : undefined;
  const seed = integer(flags, 'seed', 1);
  const spec = parseSeatBots(flags.values.get('bots') ?? 'mcts:100', 1);
  if (!spec.ok) throw new UsageError(`--bots: ${spec.message}`);
  const bot = spec.value[0]!;
  const definition = load(file);
  const players = playerCount(flags, definition);
  const variant = flags.values.get('variant') ?? null;
  if (variant !== null && !definition.variants.has(variant)) throw new UsageError(`there is no variant '${variant}'`);
  const showProgress = process.stderr.isTTY && !flags.switches.has('json');
  const report = playTournament(definition, {
    games, players, seed, variant, bot, maxRounds,
    onProgress: showProgress ? (done, total) => process.stderr.write(`\r  ${done}/${total} games`) : undefined,
  });
  if (showProgress) process.stderr.write('\r\x1b[K');
  if (flags.switches.has('json')) console.log(JSON.stringify(report, null, 2));
  else say(renderTournament(report));
  return 0;
}
