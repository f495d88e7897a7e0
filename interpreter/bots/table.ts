/**
 * A game played to its end by a bot at every seat, random or searching, in batch mode. With a
 * random bot at every seat it is the very game `randomPlayout` plays (the same generator, drawn the
 * same way), so a simulation with `--bots random` reports what a plain one does.
 */
import { advanceBot } from '../runtime/bot-random.ts';
import { botRandomFor, stopAtLimits, type PlayoutResult } from './bots.ts';
import { applyChoiceIndex, choiceCount, cloneState, startGame } from '../engine/engine.ts';
import type { GameDefinition } from '../program/program.ts';
import type { BotSpec } from './bot-spec.ts';
import { engineIndex, playChoice, type PlayLimits } from './decisions.ts';
import type { History, Step } from './observed.ts';
import { hiddenPriors } from './determinize.ts';
import { searchMove, searchSeed } from './mcts.ts';
import { SealedAnswers } from './sealed.ts';

export interface TableOptions {
  players: number;
  seed: number;
  variant?: string | null;
  /** One bot per seat. */
  bots: BotSpec[];
  /** Stop a game still going at round `maxRounds + 1` (aborted), for the real game and the bots' imagined ones. */
  maxRounds?: number;
}

export interface TableResult extends PlayoutResult {
  /** Per seat: the search bot's iterations and the time it spent searching (zeros for a random bot). */
  search: { iterations: number; milliseconds: number; decisions: number }[];
}

export function playTable(definition: GameDefinition, options: TableOptions): TableResult {
  if (options.bots.length !== options.players) throw new Error(`${options.bots.length} bots for ${options.players} players`);
  const started = startGame(definition, { players: options.players, seed: options.seed, variant: options.variant, quiet: true });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = botRandomFor(options.seed);
  const limits: PlayLimits = { maxRounds: options.maxRounds ?? Infinity };
  const searching = options.bots.some((b) => b.kind === 'mcts');
  const priors = searching ? hiddenPriors(definition, options.players, options.variant ?? null) : undefined;
  const sealed = new SealedAnswers(definition);
  // The game's past, for the search bots to imagine only worlds consistent with what they saw (worlds.ts).
  const moves: Step[] = [];
  const history: History | undefined = searching ? { start: cloneState(state), moves } : undefined;
  const search = options.bots.map(() => ({ iterations: 0, milliseconds: 0, decisions: 0 }));
  let stoppedAtRoundLimit = false;
  let stoppedAtStatedLength = false;
  let turn = state.turn;
  let turnStart = state.moveCount;
  while (!state.outcome) {
    if (state.turn !== turn) { turn = state.turn; turnStart = state.moveCount; }
    const stopped = stopAtLimits(definition, state, limits.maxRounds, turnStart);
    if (stopped) {
      stoppedAtRoundLimit = stopped === 'round-limit';
      stoppedAtStatedLength = stopped === 'stated-length';
      break;
    }
    const player = state.pending!.player;
    const bot = options.bots[player];
    // Before every decision, so a block is kept as it opened, before anyone answered.
    if (searching) sealed.observe(state, moves.length);
    if (bot.kind === 'random') {
      const index = advanceBot(random, choiceCount(state));
      if (searching) moves.push({ player, index });
      applyChoiceIndex(definition, state, index);
    } else {
      const result = searchMove(definition, sealed.stateFor(state, player), player, {
        iterations: bot.iterations, milliseconds: bot.milliseconds, rolloutRounds: bot.rolloutRounds, playouts: bot.playouts, seed: searchSeed(options.seed, player, state.moveCount), maxRounds: options.maxRounds, priors,
        history: history && sealed.historyFor(history, state, player),
      });
      search[player].iterations += result.iterations;
      search[player].milliseconds += result.milliseconds;
      search[player].decisions++;
      sealed.record(player, result.choice);
      moves.push({ player, index: engineIndex(state, result.choice) });
      playChoice(definition, state, result.choice);
    }
  }
  return { state, moves: [], outcome: state.outcome!, stoppedAtRoundLimit, stoppedAtStatedLength, search };
}
