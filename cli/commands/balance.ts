/**
 * `regola balance FILE`: the game at each player count, played by random bots and by search bots
 * side by side, reported as win shares by seat, team, role and faction with their 95% intervals
 * and fair shares, how the games ended, how long they lasted and the first player's advantage:
 * an HTML page with charts (`--out`), or the same data as JSON (`--json`). The run's progress is
 * kept in `.regola-balance/` as it goes; `--resume` takes it up after an interruption.
 */
import { availableParallelism } from 'node:os';
import { basename, extname } from 'node:path';
import { existsSync, writeFileSync } from 'node:fs';
import {
  botName, defaultBalanceBots, defaultBalanceCounts, parseBotKinds, parsePlayerCounts, type BalanceReport, type BalancePlan,
} from '../../interpreter/index.ts';
import { runBalance, stateFile, stateKey, StateUnreadable } from '../balance-run.ts';
import { renderBalanceHtml } from '../balance-html.ts';
import { Refusal, UsageError } from '../failures.ts';
import { integer, parseFlags, positive } from '../flags.ts';
import { say } from '../output.ts';
import { Progress } from '../progress.ts';
import { load, readText } from '../rules-file.ts';
import { SimulationFailed, SimulationInterrupted, workersAvailable } from '../simulate-workers.ts';
import { variantFlag } from './simulate.ts';

const maxWorkers = 256;
const defaultGames = 100;

export async function balance(args: string[]): Promise<number> {
  const flags = parseFlags(args, ['games', 'players', 'seed', 'variant', 'bots', 'max-rounds', 'workers', 'out'], ['json', 'resume']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('balance needs a FILE');
  if (flags.positional.length > 1) throw new UsageError(`balance takes one FILE, not also '${flags.positional[1]}'`);
  const games = positive(flags, 'games', defaultGames);
  const seed = integer(flags, 'seed', 1);
  const maxRounds = flags.values.has('max-rounds') ? positive(flags, 'max-rounds', undefined) : undefined;
  let workers = positive(flags, 'workers', availableParallelism());
  if (workers > maxWorkers) throw new UsageError(`--workers must be at most ${maxWorkers}, not ${workers}`);
  const bots = parseBotKinds(flags.values.get('bots') ?? defaultBalanceBots.map(botName).join(','));
  if (!bots.ok) throw new UsageError(`--bots: ${bots.message}`);
  const text = readText(file);
  const definition = load(file, text);
  const playersText = flags.values.get('players');
  const counts = playersText === undefined ? { ok: true as const, value: defaultBalanceCounts(definition) } : parsePlayerCounts(playersText, definition);
  if (!counts.ok) throw new UsageError(`--players: ${counts.message}`);
  const plan: BalancePlan = {
    players: counts.value,
    bots: bots.value,
    games, seed,
    variant: variantFlag(definition, flags.values.get('variant')),
    ...(maxRounds !== undefined ? { maxRounds } : {}),
  };
  const json = flags.switches.has('json');
  const out = flags.values.get('out') ?? (json ? null : `${basename(file, extname(file))}-balance.html`);
  if (workers > 1 && !workersAvailable()) {
    console.error('regola: this build has no simulation worker module; playing the games on one thread');
    workers = 1;
  }
  const state = stateFile(process.cwd(), stateKey(text, plan));
  if (!flags.switches.has('resume') && existsSync(state)) console.error(`regola: starting again; the progress of an earlier run of these settings in ${state} is replaced (--resume takes it up)`);
  const showProgress = process.stderr.isTTY && !json;
  const progress = new Progress();
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once('SIGINT', onInterrupt);
  let report: BalanceReport;
  try {
    const run = await runBalance(text, definition, plan, {
      workers, file: state, resume: flags.switches.has('resume'), signal: interrupt.signal,
      onProgress: showProgress ? (done, total) => process.stderr.write(`\r\x1b[K${progress.line(done, total, performance.now())}`) : undefined,
    });
    report = run.report;
    if (showProgress) process.stderr.write('\r\x1b[K');
    if (flags.switches.has('resume')) {
      console.error(run.resumed ? `regola: resumed from ${state}: ${run.resumed} of ${plan.games * report.cells.length} games were played before`
        : `regola: no progress saved for this run (${state}); played it from the start`);
    }
  } catch (error) {
    if (showProgress) process.stderr.write('\r\x1b[K');
    if (error instanceof SimulationInterrupted) {
      console.error(`regola: interrupted; the games played so far are kept in ${state}: run the same command with --resume to go on`);
      return 130;
    }
    if (error instanceof SimulationFailed) throw new Refusal(`${error.message} (the games before it are kept in ${state})`);
    if (error instanceof StateUnreadable) throw new Refusal(error.message);
    throw error;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  if (out !== null) writeFileSync(out, renderBalanceHtml(report));
  if (json) console.log(JSON.stringify(report, null, 2));
  else say([...summaryLines(report), `report: ${out}`].join('\n'));
  return 0;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** A few lines for the terminal: each count and bot, the first player and the most favoured side. */
function summaryLines(report: BalanceReport): string[] {
  const lines = [`${report.title}: ${report.games} games for each count and bot (seed ${report.seed}${report.variant ? `, variant ${report.variant}` : ''})`];
  for (const cell of report.cells) {
    const f = cell.firstPlayer;
    const rows = [...cell.seats, ...cell.teams, ...cell.roles, ...cell.cards];
    const best = rows.reduce<(typeof rows)[number] | null>((b, r) => (!b || r.rate - r.fair > b.rate - b.fair ? r : b), null);
    lines.push(`  ${cell.players} players, ${cell.bot}: first player ${percent(f.rate)} (95% ${percent(f.low)}–${percent(f.high)}) vs fair ${percent(f.fair)}${f.unfair ? ' ★' : ''}`
      + `${best ? `; most favoured ${best.label} ${percent(best.rate)} vs fair ${percent(best.fair)}${best.unfair ? ' ★' : ''}` : ''}`
      + `; ${cell.draws} drawn, ${cell.aborted} stopped; median ${cell.length.rounds.median} rounds`);
  }
  return lines;
}
