/**
 * Random bots and batch playouts. They drive the lean stepper in place (no copies, no actor),
 * which is what makes thousands of games per second possible; see docs/architecture.md.
 */
import { advanceBot, type BotRandom } from './bot-random.ts';
import { applyChoiceIndex, applyMoveInPlace, choiceCount, legalMoves, type LegalMove, type Move } from './engine.ts';
import { startState } from './batch-api.ts';
import type { GameDefinition, GameState, Outcome } from './program.ts';
import { finish } from './runtime.ts';

export type { BotRandom } from './bot-random.ts';

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
 * Decisions a playout lets one turn, and one game, take before it stops the game as aborted: a
 * turn can offer choices for ever (`while true { choose … }`), and a bot would take them for ever.
 * Far above what the games in rules/ need: over 200 random-bot games each, the longest turn took
 * 74 decisions (No Tav) and the longest game 3,971.
 */
export const maxDecisionsPerTurn = 10_000;
export const maxDecisionsPerGame = 1_000_000;

/** Whether a game has gone past the length its rules state; checked before each decision, like the round limit. */
export function pastStatedLength(definition: GameDefinition, state: GameState): boolean {
  const length = definition.statedLength;
  if (!length) return false;
  const reached = length.unit === 'rounds' ? state.round : length.unit === 'turns' ? state.turn : state.globals[length.variable];
  return typeof reached === 'number' && reached > length.limit;
}

/** The outcome's reason for a game stopped by a playout's round limit. */
export function roundLimitReason(maxRounds: number): string {
  return `stopped by the simulation after ${maxRounds} round${maxRounds === 1 ? '' : 's'}`;
}

/** Which limit stopped a game played by bots: the decisions bound, the rules' stated length, or the round limit. */
export type Stopped = 'decisions' | 'stated-length' | 'round-limit' | null;

/**
 * Checks, before a decision, the limits a game played by bots stops at, and stops the game there
 * (aborted, with the reason). One check for the random playouts, the search's imagined games and
 * a table of bots. The engine has no round limit, so the check comes before each decision: a game
 * stops at its first choice in round maxRounds + 1 (what that round did before it stays done).
 * `turnStart`: the move count when the current turn began.
 */
export function stopAtLimits(definition: GameDefinition, state: GameState, maxRounds: number, turnStart: number): Stopped {
  const bound = state.moveCount - turnStart >= maxDecisionsPerTurn ? `${maxDecisionsPerTurn} decisions in one turn`
    : state.moveCount >= maxDecisionsPerGame ? `${maxDecisionsPerGame} decisions in the game` : null;
  if (bound) {
    finish(state, 'aborted', [], `stopped by the simulation: ${bound}`, -1, state.pending?.at ?? 0);
    return 'decisions';
  }
  if (pastStatedLength(definition, state)) {
    finish(state, 'aborted', [], `longer than the length the rules state (${definition.statedLength!.text})`, -1, 0);
    return 'stated-length';
  }
  if (state.round > maxRounds) {
    finish(state, 'aborted', [], roundLimitReason(maxRounds), -1, 0);
    return 'round-limit';
  }
  return null;
}

/**
 * Random bots play on from `state` (in place) to the end of the game or a limit: the loop of
 * `randomPlayout`, and of the search's imagined games (search/), which continue a game from the
 * middle. With `moves` the moves are chosen among the named legal moves and kept; without, in
 * batch mode by number (the same game, faster). Says which limit stopped the game, if one did.
 */
export function playOnRandomly(definition: GameDefinition, state: GameState, random: BotRandom, maxRounds: number, moves: Move[] | null = null): Stopped {
  let turn = state.turn;
  let turnStart = state.moveCount;
  while (!state.outcome) {
    if (state.turn !== turn) { turn = state.turn; turnStart = state.moveCount; }
    const stopped = stopAtLimits(definition, state, maxRounds, turnStart);
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

export function botRandomFor(seed: number): BotRandom {
  return { state: (seed * 2654435761) >>> 0 || 1 };
}

/**
 * Plays one game with random bots; the bots' generator is seeded apart from the game's dice.
 * Without `keepMoves` it runs in batch mode (no log, no labels): the same game, faster.
 */
export function randomPlayout(definition: GameDefinition, options: PlayoutOptions): PlayoutResult {
  const keepMoves = options.keepMoves !== false;
  const maxRounds = options.maxRounds ?? Infinity;
  if (!(maxRounds === Infinity || (Number.isInteger(maxRounds) && maxRounds >= 1))) throw new Error(`the round limit must be a whole number of at least 1, not ${options.maxRounds}`);
  if (options.engine !== undefined && options.engine !== definition.engine) definition = onEngine(definition, options.engine);
  // The start is built once per definition and copied (batch-api.ts): a game's setup is not run again.
  const started = startState(definition, { players: options.players, seed: options.seed, variant: options.variant, quiet: !keepMoves });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = botRandomFor(options.seed);
  const moves: Move[] = [];
  const stopped = playOnRandomly(definition, state, random, maxRounds, keepMoves ? moves : null);
  const stoppedAtRoundLimit = stopped === 'round-limit';
  const stoppedAtStatedLength = stopped === 'stated-length';
  return { state, moves, outcome: state.outcome!, stoppedAtRoundLimit, stoppedAtStatedLength };
}

/** One copy of a definition per back end, kept: the start state is built once per definition object (batch-api.ts). */
const engineCopies = new WeakMap<GameDefinition, Map<'stepper' | 'generated', GameDefinition>>();
function onEngine(definition: GameDefinition, engine: 'stepper' | 'generated'): GameDefinition {
  let copies = engineCopies.get(definition);
  if (!copies) engineCopies.set(definition, copies = new Map());
  let copy = copies.get(engine);
  if (!copy) copies.set(engine, copy = { ...definition, engine });
  return copy;
}
