/**
 * The `regola` command: check, play, simulate, tournament, balance, replay, coverage, each in
 * cli/commands/. This module reads the command's name, hands it the rest of the line, and turns
 * every failure into a message and an exit code, never a stack trace.
 */
import { availableParallelism } from 'node:os';
import { defaultIterations, defaultMaxRounds } from '../interpreter/index.ts';
import { balance } from './commands/balance.ts';
import { check } from './commands/check.ts';
import { coverage } from './commands/coverage.ts';
import { play } from './commands/play.ts';
import { replay } from './commands/replay.ts';
import { simulate } from './commands/simulate.ts';
import { tournament } from './commands/tournament.ts';
import { ExitCode, Refusal, UsageError } from './failures.ts';
import { printable } from './printable.ts';

const usage = `usage:
  regola check FILE [--verbose]
      --verbose  also what the code generator made of each program, and what it left to closures
  regola play FILE [--players N] [--seed S] [--variant V] [--bots P2=mcts,P3=random] [--save LOG.json] [--continue LOG.json]
      --continue LOG.json  start from the tiles a saved game ended with (a grid with 'carry layout');
                           the players and variant are the saved game's unless given
      --bots SEATS         bots at the seats named (P2=mcts,P3=random); people at the others
  regola simulate FILE --games N [--players N] [--seed S] [--variant V] [--max-rounds R] [--bots B,…] [--workers W] [--json] [--compare V2]
      --compare V2    also play variant V2 on the same seeds: each win rate of A (--variant, or default)
                      and B (V2) with its 95% interval, and B − A with its 95% interval (★ beyond chance)
      --max-rounds R  stop a game still going after R rounds, counted as aborted (default ${defaultMaxRounds},
                      none when the rules state their length with 'length up to …')
      --bots B,…      one bot per seat, or one for all (default random): mcts:200,random,random
      --workers W     play the games on W threads (default: one per core, here ${availableParallelism()});
                      the report is the same for any W
  regola tournament FILE [--bots mcts:100] [--games N] [--players N] [--seed S] [--variant V] [--max-rounds R] [--json]
      the bot at one seat (each seat in turn) against random bots; its win rate with a 95% interval,
      beside a random bot's at the same seats on the same seeds, and its iterations per second
  regola balance FILE [--players 5-9] [--games N] [--bots random,mcts:50] [--seed S] [--variant V] [--max-rounds R]
                [--workers W] [--out REPORT.html] [--json] [--resume]
      win shares by seat, team, role and faction at each player count, with 95% intervals and fair
      shares, how games ended, their length and the first player's advantage, for each kind of bot
      (each at every seat; default random,mcts:50); --players default: every count (at most 6);
      --games per count and bot (default 100); an HTML page with charts (default FILE-balance.html
      here; with --json only when --out names one); --json prints the same data; progress is kept
      in .regola-balance/ as the run goes, and --resume takes it up where it stopped
  regola replay FILE LOG.json
  regola coverage FILE [--source TEXT] [--interpretations FILE.md] [--json] [--strict]
      each sentence of the rulebook (the rules' 'source'), by its id (§LINE): cited by which rules,
      interpreted by which entry (one that quotes it whole or names its id, with a reading), or not;
      --strict exits 1 when a sentence that carries a rule is neither, or a citation stops before
      the end of its sentence
bots: random; mcts (information-set Monte Carlo tree search, ${defaultIterations} iterations a move); mcts:N
      (N iterations a move: the same moves for the same seed); mcts:Nms (N milliseconds a move)`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'check': return check(args);
      case 'play': return await play(args);
      case 'simulate': return await simulate(args);
      case 'tournament': return tournament(args);
      case 'balance': return await balance(args);
      case 'replay': return replay(args);
      case 'coverage': return coverage(args);
      case undefined: case '--help': case 'help': console.log(usage); return command === undefined ? 2 : 0;
      default: throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof ExitCode) return error.code;
    if (error instanceof Refusal) {
      console.error(`regola: ${printable(error.message)}`);
      return 1;
    }
    if (error instanceof UsageError) {
      console.error(`regola: ${printable(error.message)}\n${usage}`);
      return 2;
    }
    throw error;
  }
}
