/**
 * `regola simulate FILE --games N`: games played by bots on worker threads, reported as win rates
 * by seat and more; with `--compare V2` the same seeds under a second variant, and the differences.
 */
import { availableParallelism } from 'node:os';
import { compareReports, type GameDefinition, type SimulationReport } from '../../interpreter/index.ts';
import { Refusal, UsageError } from '../failures.ts';
import { integer, parseFlags, playerCount, positive, seatBots } from '../flags.ts';
import { say } from '../output.ts';
import { Progress } from '../progress.ts';
import { renderComparison, variantName } from '../render-compare.ts';
import { renderReport } from '../render.ts';
import { load, readText } from '../rules-file.ts';
import { simulateOnWorkers, SimulationFailed, SimulationInterrupted, workersAvailable } from '../simulate-workers.ts';

/** More threads than this is a typo, not a machine. */
const maxWorkers = 256;

export async function simulate(args: string[]): Promise<number> {
  const flags = parseFlags(args, ['games', 'players', 'seed', 'variant', 'compare', 'max-rounds', 'bots', 'workers'], ['json']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('simulate needs a FILE');
  // The numbers are checked before the file is read: a mistyped flag is told at once.
  const games = positive(flags, 'games', undefined);
  // Left out: the rules' stated length bounds the games, or else the default round limit.
  const maxRounds = flags.values.has('max-rounds') ? positive(flags, 'max-rounds', undefined) : undefined;
  const seed = integer(flags, 'seed', 1);
  let workers = positive(flags, 'workers', availableParallelism());
  if (workers > maxWorkers) throw new UsageError(`--workers must be at most ${maxWorkers}, not ${workers}`);
  const text = readText(file);
  const definition = load(file, text);
  const players = playerCount(flags, definition);
  const variant = variantFlag(definition, flags.values.get('variant'));
  const compared = flags.values.has('compare') ? variantFlag(definition, flags.values.get('compare')) : undefined;
  if (compared !== undefined && compared === variant) throw new UsageError(`--compare needs a variant other than the one simulated ('${variantName(variant)}')`);
  const named = flags.values.has('bots') ? seatBots(flags, players, true) : undefined;
  const bots = named?.map((bot) => bot ?? { kind: 'random' as const });
  if (workers > 1 && !workersAvailable()) {
    console.error('regola: this build has no simulation worker module; playing the games on one thread');
    workers = 1;
  }
  const showProgress = process.stderr.isTTY && !flags.switches.has('json');
  const started = performance.now();
  const progress = new Progress();
  // Ctrl-C stops the workers between two games and says how far the run got.
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once('SIGINT', onInterrupt);
  // Compared: A's games, then B's on the same seeds (the same `seed`: game i has seed simulationGameSeed(seed, i) in both).
  const variants = compared === undefined ? [variant] : [variant, compared];
  const reports: SimulationReport[] = [];
  try {
    for (const [i, v] of variants.entries()) {
      reports.push(await simulateOnWorkers(text, definition, { games, players, seed, variant: v, maxRounds, bots }, {
        workers,
        signal: interrupt.signal,
        onProgress: showProgress ? (done, total) => process.stderr.write(`\r\x1b[K${progress.line(i * total + done, variants.length * total, performance.now())}`) : undefined,
      }));
    }
  } catch (error) {
    if (error instanceof SimulationInterrupted) {
      if (showProgress) process.stderr.write('\r\x1b[K');
      console.error(`regola: ${error.message}${reports.length ? ` of ${variantName(compared ?? null)} (B)` : ''}`);
      return 130;
    }
    if (error instanceof SimulationFailed) throw new Refusal(`${compared !== undefined ? `${variantName(variants[reports.length])}: ` : ''}${error.message}`);
    throw error;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  if (showProgress) process.stderr.write('\r\x1b[K');
  const json = flags.switches.has('json');
  if (compared === undefined) {
    if (json) console.log(JSON.stringify(reports[0], null, 2));
    else say(renderReport(reports[0]));
  } else {
    const comparison = compareReports(reports[0], reports[1]);
    if (json) console.log(JSON.stringify(comparison, null, 2));
    else say(renderComparison(comparison));
  }
  if (!json) console.log(`(${((performance.now() - started) / 1000).toFixed(2)} s)`);
  return 0;
}

/**
 * A variant named on the command line: null for `default` (the options as written, unless the
 * rules have a variant of that name); a name the rules do not declare is refused with the known ones.
 */
export function variantFlag(definition: GameDefinition, name: string | undefined): string | null {
  if (name === undefined || (name === 'default' && !definition.variants.has(name))) return null;
  if (definition.variants.has(name)) return name;
  const known = [...definition.variants.keys()];
  throw new UsageError(`there is no variant '${name}'${known.length ? `; the variants are ${known.map((v) => `'${v}'`).join(', ')}` : ''}`);
}
