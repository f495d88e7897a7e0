/**
 * Random bots and batch playouts. They drive the lean stepper in place (no copies, no actor),
 * which is what makes batch playouts fast; see docs/architecture.md.
 */
import { advanceBot, type BotRandom } from '../runtime/bot-random.ts';
import { advance, applyChoiceIndex, applyMoveInPlace, choiceCount, legalMoves, type LegalMove, type Move } from '../engine/engine.ts';
import { playoutStart, startState } from '../engine/batch-api.ts';
import { DefinitionMemo } from '../program/definition-memo.ts';
import { botRandomFor } from '../runtime/seeds.ts';
import { backEndOf, withGeneratedCode, withStepper } from '../codegen/index.ts';
import type { GameDefinition, GameState, Outcome } from '../program/program.ts';
import { noteTurn, stopAtLimits, whilePlaying, type Playout, type Stopped } from '../runtime/playout.ts';

export type { BotRandom } from '../runtime/bot-random.ts';
export { botRandomFor } from '../runtime/seeds.ts';
export { maxDecisionsPerGame, maxDecisionsPerTurn, pastStatedLength, roundLimitReason, stopAtLimits, type Stopped } from '../runtime/playout.ts';

/**
 * A random bot: any legal move with equal chance, except taking back a pick (it would wander
 * forever). Moves with a weight (a selection under a condition) count that many times, so that
 * every valid selection is equally likely; the same count as `choiceCount` in batch mode.
 */
export function randomMove(moves: LegalMove[], random: BotRandom): LegalMove {
  const weight = (move: LegalMove) => (move.kind === 'unpick' ? 0 : move.weight ?? 1);
  let count = 0;
  for (const move of moves) count += weight(move);
  let index = advanceBot(random, count);
  for (const move of moves) {
    index -= weight(move);
    if (index < 0) return move;
  }
  return moves[0];
}

export interface PlayoutResult {
  state: GameState;
  moves: Move[];
  outcome: Outcome;
  /** The playout's own round limit stopped the game (its outcome is then 'aborted'). */
  stoppedAtRoundLimit: boolean;
  /** The game went past the length its rules state (`length up to …`), and was stopped (aborted). */
  stoppedAtStatedLength: boolean;
}

export interface PlayoutOptions {
  players: number;
  seed: number;
  variant?: string | null;
  keepMoves?: boolean;
  /**
   * Stop a game still going once it reaches round `maxRounds + 1`: a random bot can make a war
   * game go round the table for ever. No limit when left out (the game's own turn limit still holds).
   */
  maxRounds?: number;
  /**
   * The back end: 'stepper' (the reference) or 'generated' (compiled to JavaScript at once).
   * Unset: the definition's own (by default the generated code once a definition's playouts are many).
   */
  engine?: 'stepper' | 'generated';
}

/**
 * Random bots play on from `state` (in place) to the end of the game or a limit: the loop of
 * `randomPlayout`, and of the search's imagined games (search/), which continue a game from the
 * middle. With `moves` the moves are chosen among the named legal moves and kept; without, in
 * batch mode by number (the same game, faster). Says which limit stopped the game, if one did.
 */
export function playOnRandomly(definition: GameDefinition, state: GameState, random: BotRandom, maxRounds: number, moves: Move[] | null = null): Stopped {
  return playFrom(definition, state, random, maxRounds, moves, null);
}

/**
 * `playOnRandomly`, from a start stopped before its first turn too (playoutStart): `setupSteps`,
 * the steps its setup counted, or null for a state waiting for a decision.
 */
function playFrom(definition: GameDefinition, state: GameState, random: BotRandom, maxRounds: number, moves: Move[] | null, setupSteps: number | null): Stopped {
  const playout: Playout = { definition, state, random, maxRounds, turn: state.turn, turnStart: state.moveCount };
  if (moves) return playOn(playout, moves);
  // In batch mode generated code answers its choices itself (playout.ts), so one decision here can
  // play many: the loop only takes the decisions it leaves pending; the first turn of a start
  // stopped before it, too.
  return whilePlaying(playout, () => {
    if (setupSteps !== null) advance(definition, state, setupSteps);
    return playOn(playout, null);
  });
}

function playOn(playout: Playout, moves: Move[] | null): Stopped {
  const { definition, state, random, maxRounds } = playout;
  while (!state.outcome) {
    noteTurn(playout);
    const stopped = stopAtLimits(definition, state, maxRounds, playout.turnStart);
    if (stopped) return stopped;
    if (moves) {
      const move = randomMove(legalMoves(state), random);
      moves.push({ player: move.player, choice: move.choice });
      applyMoveInPlace(definition, state, move);
    } else {
      applyChoiceIndex(definition, state, advanceBot(random, choiceCount(state)));
    }
  }
  return null;
}

/**
 * Plays one game with random bots; the bots' generator is seeded apart from the game's dice.
 * Without `keepMoves` it runs in batch mode (no log, no labels): the same game, faster.
 */
export function randomPlayout(definition: GameDefinition, options: PlayoutOptions): PlayoutResult {
  const keepMoves = options.keepMoves !== false;
  const maxRounds = options.maxRounds ?? Infinity;
  if (!(maxRounds === Infinity || (Number.isInteger(maxRounds) && maxRounds >= 1))) throw new Error(`the round limit must be a whole number of at least 1, not ${options.maxRounds}`);
  if (options.engine !== undefined && options.engine !== backEndOf(definition)) definition = onEngine(definition, options.engine);
  // The start is built once per definition and copied (batch-api.ts): a game's setup is not run again.
  const settings = { players: options.players, seed: options.seed, variant: options.variant, quiet: !keepMoves };
  const started = keepMoves ? { ...startState(definition, settings), steps: 0, beforeFirstTurn: false } : playoutStart(definition, settings);
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = botRandomFor(options.seed);
  const moves: Move[] = [];
  const stopped = playFrom(definition, state, random, maxRounds, keepMoves ? moves : null, started.beforeFirstTurn ? started.steps : null);
  const stoppedAtRoundLimit = stopped === 'round-limit';
  const stoppedAtStatedLength = stopped === 'stated-length';
  return { state, moves, outcome: state.outcome!, stoppedAtRoundLimit, stoppedAtStatedLength };
}

/**
 * One copy of a definition per back end, kept: the start state is built once per definition object
 * (batch-api.ts). In the definition's memo, not a WeakMap keyed by it: the copies lead back to it.
 */
const engineCopies = new DefinitionMemo<GameDefinition, Map<'stepper' | 'generated', GameDefinition>>();
function onEngine(definition: GameDefinition, engine: 'stepper' | 'generated'): GameDefinition {
  let copies = engineCopies.get(definition, definition);
  if (!copies) copies = engineCopies.set(definition, definition, new Map());
  let copy = copies.get(engine);
  if (!copy) copies.set(engine, copy = engine === 'generated' ? withGeneratedCode(definition) : withStepper(definition));
  return copy;
}
