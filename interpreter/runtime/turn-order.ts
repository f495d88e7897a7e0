/**
 * Who plays the next turn, and what starting it sets: shared by the engine (`startNextTurn`) and
 * by generated code, which starts the usual next turn in the frame of the one that ended
 * (`nextTurnInFrame`) instead of going back through the engine's loop for it.
 */
import type { Frame, GameDefinition, GameState, Value } from '../program/program.ts';
import { RuleError } from '../program/rule-error.ts';
import { restartFrame } from './frames.ts';

/** The seat next to `seat` in the turn order, whether or not its player is still in. */
export function nextSeat(definition: GameDefinition, state: GameState, seat: number): number {
  const next = seat + definition.direction;
  return next >= state.seats ? next - state.seats : next < 0 ? next + state.seats : next;
}

/** `next turn to P`: who plays the next turn instead of the next seat (the stepper's closure and generated code). */
export function setNextTurn(state: GameState, player: Value): void {
  if (typeof player !== 'number' || player < 0 || player >= state.seats) throw new RuleError('next turn to: a player was expected, but the value is none');
  state.nextTurn = player;
}

/** The usual turn's player: the next seat (still in: the caller checked), a new round when it is the first seat. */
export function passToNextSeat(definition: GameDefinition, state: GameState): void {
  state.current = nextSeat(definition, state, state.current);
  if (state.current === state.firstSeat) state.round++;
}

/** What the start of every turn sets, its player chosen. */
export function beginTurn(definition: GameDefinition, state: GameState): void {
  state.turn++;
  state.turnOver = false;
  state.phase = definition.phases[0] ?? 'turn';
}

/**
 * Batch mode, where the turn program's frame (the only one on `stack`) ends: when the next turn
 * is the usual one — the next seat's player still in, and nothing else to do first: no outcome,
 * no turn named by the rules, no move open at any time or simultaneous block to go back to, the
 * turn limit not reached — starts it in `frame`, as the engine's loop would start it in the
 * frame it reuses (engine/run.ts startNextTurn, frames.ts), and returns true. Otherwise false: the
 * frame returns and the engine starts the next turn.
 */
export function nextTurnInFrame(definition: GameDefinition, state: GameState, frame: Frame, stack: Frame[]): boolean {
  if (state.outcome !== null || state.pending !== null || state.nextTurn !== undefined || state.interrupted || state.simultaneous
    || state.turnOver || !state.quiet || state.turn >= (state.turnLimit ?? definition.turnLimit) || stack.length !== 1) return false;
  if (!state.players[nextSeat(definition, state, state.current)].active) return false;
  passToNextSeat(definition, state);
  beginTurn(definition, state);
  restartFrame(frame);
  return true;
}
