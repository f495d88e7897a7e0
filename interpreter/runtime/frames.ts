/**
 * Frames and pending choices of batch mode, reused instead of made anew: a random playout or a
 * search makes one of each per decision, and the garbage they leave was most of what a Connect
 * Four playout allocated. A frame that returned (or a pending choice that was answered) is kept
 * with the state it belonged to, and handed back to that same state's next turn (or choice); in
 * a logged match, a simultaneous block or a move open at any time nothing is kept, since there
 * frames and choices are also held elsewhere (undo history, threads, the interrupted turn).
 * Copies of a state (cloneState) copy frames and choices, so they never share one. What is kept
 * lives in the state's scratch (scratch.ts), which its copies share: each spare says whose it is.
 */
import type { Frame, GameState, Pending, Value } from '../program/program.ts';
import { scratchOf, Spares } from './scratch.ts';

/** Whether `state` may have its frames and choices reused (batch mode, no block or interruption open). */
function reusable(state: GameState): boolean {
  return state.quiet && !state.simultaneous && !state.interrupted;
}

function sparesOf(state: GameState): Spares {
  const scratch = scratchOf(state);
  return scratch.spares ?? (scratch.spares = new Spares());
}

/** A frame of `program` with `size` locals, all none, at its start. */
export function newFrame(state: GameState, program: number, size: number): Frame {
  const spares = sparesOf(state);
  const spare = spares.frame;
  if (spare !== null && spares.frameOf === state && spare.program === program && spare.locals.length === size) {
    spares.frame = null;
    spares.frameOf = null;
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
  const spares = sparesOf(state);
  spares.frameOf = state;
  spares.frame = frame;
}

/** `pending` was answered (it is no longer `state.pending`): kept for the state's next choice. */
export function choiceDone(state: GameState, pending: Pending): void {
  if (!reusable(state)) return;
  const spares = sparesOf(state);
  spares.pendingOf = state;
  spares.pending = pending;
}

/** The answered choice of `state` of this kind, to fill in again (every field, in order), or null. */
export function spareChoice<K extends Pending['kind']>(state: GameState, kind: K): Extract<Pending, { kind: K }> | null {
  const spares = sparesOf(state);
  const spare = spares.pending;
  if (spare === null || spares.pendingOf !== state || spare.kind !== kind) return null;
  spares.pending = null;
  spares.pendingOf = null;
  return spare as Extract<Pending, { kind: K }>;
}

/**
 * One list per state, emptied and handed back at each of its choices. Only that state's pending
 * choice can hold it, and while the state runs to its next choice it holds none (the answer was
 * taken into a local); a copy of the state copies the list. Another state gets a list of its own.
 */
function emptied<T>(list: T[]): T[] {
  // Emptied by pops: `length = 0` would drop the list's backing store, and the next push allocate one.
  while (list.length > 0) list.pop();
  return list;
}

/** A list for the values a choice of `state` offers (`choose x from L where …` fills it). */
export function choiceValues(state: GameState): unknown[] {
  if (!reusable(state)) return [];
  const spares = sparesOf(state);
  if (spares.valuesOf !== state) {
    spares.valuesOf = state;
    spares.values = [];
  }
  return emptied(spares.values);
}

/** The same for the open options of a `choose { option … }` (their targets). */
export function choiceTargets(state: GameState): number[] {
  if (!reusable(state)) return [];
  const spares = sparesOf(state);
  if (spares.targetsOf !== state) {
    spares.targetsOf = state;
    spares.targets = [];
  }
  return emptied(spares.targets);
}
