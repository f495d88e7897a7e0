/**
 * The limits a game played by bots stops at, and the random playout that generated code may play
 * on its own. A random bot's answer needs nothing the program does not already have at the
 * choice — the number of candidates and the bot's generator — so while `playOnRandomly` runs a
 * batch game, generated code asks `playoutPick` at each `choose` and goes straight on with the
 * answer, instead of stopping the frame and going back through the bot loop, `applyChoiceIndex`,
 * `decide`, `advance` and `run` for every decision. The game is the same one, decision for
 * decision: the same limit checks before each decision, the same draw of the bot's generator, the
 * same move count; where a limit stops the game the choice is set pending first, as it would be.
 * No engine import here: the generated code's helpers use it (codegen → helpers → this).
 */
import { advanceBot } from './bot-random.ts';
import type { GameDefinition, GameState } from '../program/program.ts';
import { finish } from './runtime.ts';
import { scratchOf, type Playout } from './scratch.ts';

export type { Playout, PlayoutPolicy } from './scratch.ts';

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
  switch (limitReached(definition, state, maxRounds, turnStart)) {
    case 'turn-decisions':
      finish(state, 'aborted', [], `stopped by the simulation: ${maxDecisionsPerTurn} decisions in one turn`, -1, state.pending?.at ?? 0);
      return 'decisions';
    case 'game-decisions':
      finish(state, 'aborted', [], `stopped by the simulation: ${maxDecisionsPerGame} decisions in the game`, -1, state.pending?.at ?? 0);
      return 'decisions';
    case 'stated-length':
      finish(state, 'aborted', [], `longer than the length the rules state (${definition.statedLength!.text})`, -1, 0);
      return 'stated-length';
    case 'round-limit':
      finish(state, 'aborted', [], roundLimitReason(maxRounds), -1, 0);
      return 'round-limit';
    case null:
      return null;
  }
}

/** Which limit, checked in this order, the game has reached before its next decision, or null (it changes nothing). */
function limitReached(definition: GameDefinition, state: GameState, maxRounds: number, turnStart: number): 'turn-decisions' | 'game-decisions' | 'stated-length' | 'round-limit' | null {
  if (state.moveCount - turnStart >= maxDecisionsPerTurn) return 'turn-decisions';
  if (state.moveCount >= maxDecisionsPerGame) return 'game-decisions';
  if (pastStatedLength(definition, state)) return 'stated-length';
  return state.round > maxRounds ? 'round-limit' : null;
}

/** Before a decision: notes a new turn's start, as the bot loop counts the decisions of a turn. */
export function noteTurn(playout: Playout): void {
  const state = playout.state;
  if (state.turn !== playout.turn) {
    playout.turn = state.turn;
    playout.turnStart = state.moveCount;
  }
}

/**
 * Runs `play` with `playout` answering the choices generated code meets (`playoutPick`), noted in
 * the game's scratch (scratch.ts); the one answering before is back afterwards (a search's
 * imagined game, a copy of the game, may run inside another's loop).
 * Only a game without moves open at any time: those count among a bot's choices and change at
 * every pause, so each decision goes through the engine.
 */
export function whilePlaying<T>(playout: Playout, play: () => T): T {
  const scratch = scratchOf(playout.state);
  const before = scratch.playout;
  if (playout.definition.anyTime.length === 0) scratch.playout = playout;
  try {
    return play();
  } finally {
    scratch.playout = before;
  }
}

/**
 * Asked by generated code at a choice among `candidates` (two or more, or one where forced moves
 * stop): the bot's answer, the decision counted; or -1 when the choice must be set pending as usual
 * — no playout is running on this state, a simultaneous block is open, or a limit would stop the
 * game before this decision (the bot loop then stops it, with the choice pending).
 */
export function playoutPick(state: GameState, candidates: number, player = -1, at = -1, kind: 0 | 1 | 2 | 3 = 0, list: readonly unknown[] | null = null, bits = 0): number {
  const playout = scratchOf(state).playout;
  if (playout === null || playout.state !== state || state.simultaneous !== undefined) return -1;
  noteTurn(playout);
  if (limitReached(playout.definition, state, playout.maxRounds, playout.turnStart) !== null) return -1;
  // A guided playout's policy answers (bots/guided.ts), with what the choice offers; the random bot draws.
  const pick = playout.policy ? playout.policy.pick(state, candidates, player, at, kind, list, bits) : advanceBot(playout.random, candidates);
  state.moveCount++;
  return pick;
}
