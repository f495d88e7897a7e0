/**
 * Frames and pending choices of batch mode, reused instead of made anew: a random playout or a
 * search makes one of each per decision, and the garbage they leave was most of what a Connect
 * Four playout allocated. A frame that returned (or a pending choice that was answered) is kept
 * with the state it belonged to, and handed back to that same state's next turn (or choice); in
 * a logged match, a simultaneous block or a move open at any time nothing is kept, since there
 * frames and choices are also held elsewhere (undo history, threads, the interrupted turn).
 * Copies of a state (cloneState) copy frames and choices, so they never share one.
 */
import type { Frame, GameState, Pending, Value } from '../program/program.ts';

let frameOf: GameState | null = null;
let spareFrame: Frame | null = null;
let pendingOf: GameState | null = null;
let sparePending: Pending | null = null;

/** Whether `state` may have its frames and choices reused (batch mode, no block or interruption open). */
function reusable(state: GameState): boolean {
  return state.quiet && !state.simultaneous && !state.interrupted;
}

/** A frame of `program` with `size` locals, all none, at its start. */
export function newFrame(state: GameState, program: number, size: number): Frame {
  const spare = spareFrame;
  if (spare !== null && frameOf === state && spare.program === program && spare.locals.length === size) {
    spareFrame = null;
    frameOf = null;
    spare.pc = 0;
    clear(spare.locals);
    return spare;
  }
  return { program, pc: 0, locals: clear(new Array(size)) };
}

/** `frame` back at its start, every local none: its program runs again from the top (turn-order.ts). */
export function restartFrame(frame: Frame): void {
  frame.pc = 0;
  clear(frame.locals);
}

/**
 * Every local back to none. A loop, not `fill`: V8 runs `fill` in C++, and for a frame's few
 * locals, once a turn, the call costs more than the loop.
 */
function clear(locals: Value[]): Value[] {
  for (let i = 0; i < locals.length; i++) locals[i] = null;
  return locals;
}

/** `frame` returned (it is off `state`'s stack): kept for its next turn. */
export function frameDone(state: GameState, frame: Frame): void {
  if (!reusable(state)) return;
  frameOf = state;
  spareFrame = frame;
}

/** `pending` was answered (it is no longer `state.pending`): kept for the state's next choice. */
export function choiceDone(state: GameState, pending: Pending): void {
  if (!reusable(state)) return;
  pendingOf = state;
  sparePending = pending;
}

/** The answered choice of `state` of this kind, to fill in again (every field, in order), or null. */
export function spareChoice<K extends Pending['kind']>(state: GameState, kind: K): Extract<Pending, { kind: K }> | null {
  const spare = sparePending;
  if (spare === null || pendingOf !== state || spare.kind !== kind) return null;
  sparePending = null;
  pendingOf = null;
  return spare as Extract<Pending, { kind: K }>;
}

/**
 * One list per state, emptied and handed back at each of its choices. Only that state's pending
 * choice can hold it, and while the state runs to its next choice it holds none (the answer was
 * taken into a local); a copy of the state copies the list. Another state gets a list of its own.
 */
function listPerState<T>(): (state: GameState) => T[] {
  let owner: GameState | null = null;
  let list: T[] = [];
  return (state) => {
    if (!reusable(state)) return [];
    if (owner !== state) {
      owner = state;
      list = [];
    }
    // Emptied by pops: \`length = 0\` would drop the list's backing store, and the next push allocate one.
    while (list.length > 0) list.pop();
    return list;
  };
}

/** A list for the values a choice of `state` offers (`choose x from L where …` fills it). */
export const choiceValues: (state: GameState) => unknown[] = listPerState<unknown>();

/** The same for the open options of a `choose { option … }` (their targets). */
export const choiceTargets: (state: GameState) => number[] = listPerState<number>();
