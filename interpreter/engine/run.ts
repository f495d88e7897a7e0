/**
 * The stepper's loop: runs a game's instructions, frame by frame, until a player must choose or
 * the game ends, starting each turn as the rules seat it. The frames of programs handed generated
 * code (`definition.generatedCode`) run as that code; every other, and a turn whose player is out,
 * instruction by instruction here.
 */
import { playerName, type Frame, type GameDefinition, type GameState, type Instruction, type Program } from '../program/program.ts';
import { finish, log, neighbour } from '../runtime/runtime.ts';
import { refreshOpenMoves, resume } from '../runtime/any-time.ts';
import { switchToRunnable } from '../runtime/simultaneous.ts';
import { stepLimit, stopAtFailure, stopAtStepLimit } from '../runtime/run-failure.ts';
import { runStarts } from '../runtime/scratch.ts';
import { frameDone, newFrame } from '../runtime/frames.ts';
import { beginTurn, nextSeat, passToNextSeat } from '../runtime/turn-order.ts';

/** Batch mode runs the programs with their calls inlined; a logged match keeps a frame per call. */
export function programsOf(definition: GameDefinition, state: GameState): Program[] {
  return state.quiet ? definition.batchPrograms() : definition.programs;
}

export function frameFor(state: GameState, programs: Program[], program: number): Frame {
  return newFrame(state, program, programs[program].frameSize);
}

/**
 * Runs instructions until a player must choose or the game ends. `steps`: those already counted
 * towards the step limit since the last decision (a start stopped before its first turn).
 */
export function advance(definition: GameDefinition, state: GameState, steps = 0): void {
  advanceFrom(definition, state, steps, false);
}

/**
 * `advance`, or with `beforeFirstTurn` stopped where the first turn would begin: then the steps
 * counted, or -1 when it stopped earlier (a choice of the setup, the game over).
 */
export function advanceFrom(definition: GameDefinition, state: GameState, steps: number, beforeFirstTurn: boolean): number {
  // What the state's scratch may keep from one run to the next (scratch.ts).
  runStarts(state);
  const counted = run(definition, state, steps, beforeFirstTurn);
  if (beforeFirstTurn && state.turn === 0 && state.stack.length === 0 && state.pending === null && state.outcome === null) return counted;
  refreshOpenMoves(definition, state);
  return -1;
}

/** `beforeFirstTurn`: stops, returning the steps counted, where the first turn would begin. */
function run(definition: GameDefinition, state: GameState, steps: number, beforeFirstTurn: boolean): number {
  const programs = programsOf(definition, state);
  // Each program written out as one JavaScript function, when the definition was handed generated
  // code (codegen/) and this match asks for it; a null one, or none at all, the stepper below runs.
  const back = definition.generatedCode;
  const generated = back !== undefined && (state.quiet || back.kind === 'generated') ? back.programs(definition, programs) : null;
  while (state.outcome === null) {
    // In a simultaneous block, a thread paused at a choice makes way for one that has not reached its first.
    if (state.pending !== null) {
      if (state.simultaneous && switchToRunnable(state)) continue;
      return steps;
    }
    const stack = state.stack;
    const depth = stack.length;
    if (depth === 0) {
      if (state.interrupted) { resume(state); continue; }
      if (beforeFirstTurn && state.turn === 0) return steps;
      startNextTurn(definition, state, programs);
      continue;
    }
    const frame = stack[depth - 1];
    // Out of the game: the turn ends once control is back in the turn itself, out of every rule it
    // called. Within a rule inlined into the turn, it goes one instruction at a time to see when.
    let stepping = false;
    if (state.turnOver && frame.program === definition.turnProgram) {
      if (!programs[frame.program].instructions[frame.pc]?.insideCall) {
        state.stack = [];
        continue;
      }
      stepping = true;
    }
    const code = stepping || generated === null ? null : generated[frame.program];
    if (code) {
      // The same loop as below, written out for this program: it returns the steps counted, or -1 once the game stopped.
      steps = code(state, frame, stack, depth, steps);
      if (steps < 0) return steps;
      continue;
    }
    const instructions = programs[frame.program].instructions;
    let instruction: Instruction | undefined;
    try {
      // Run this frame until it pauses, calls a rule, returns, or the turn or game ends.
      for (;;) {
        if (frame.pc >= instructions.length) { stack.pop(); frameDone(state, frame); break; }
        instruction = instructions[frame.pc];
        if (instruction.counted && ++steps > stepLimit) {
          stopAtStepLimit(state, instruction);
          return steps;
        }
        if (instruction.target >= 0) {
          const test = instruction.test;
          frame.pc = test !== null && test(state, frame) ? frame.pc + 1 : instruction.target;
          if (stepping) break;
          continue;
        }
        instruction.run(state, frame);
        if (stepping || instruction.yields && (state.pending !== null || state.outcome !== null || state.stack !== stack || stack.length !== depth || state.turnOver)) break;
      }
    } catch (error) {
      stopAtFailure(state, instruction, error);
      return steps;
    }
  }
  return steps;
}

/** `programs`: the ones `run` runs (batch mode's or the logged match's). */
function startNextTurn(definition: GameDefinition, state: GameState, programs: Program[]): void {
  if (definition.turnProgram < 0) {
    finish(state, 'draw', [], 'the game has no turns', -1, 0);
    return;
  }
  const limit = state.turnLimit ?? definition.turnLimit;
  if (state.turn >= limit) {
    // `at turn limit { … }` runs once, instead of the next turn; if it ends nothing, the game stops.
    if (definition.limitProgram >= 0 && state.limitReached === undefined) {
      state.limitReached = true;
      state.turnOver = false;
      if (!state.quiet) log(state, { player: null, kind: 'turn', text: `the turn limit of ${limit} is reached`, cite: -1, at: 0 });
      state.stack.push(frameFor(state, programs, definition.limitProgram));
      return;
    }
    finish(state, 'aborted', [], `the turn limit of ${limit} was reached`, -1, 0);
    return;
  }
  // The first turn goes to the player the setup chose (or seat 0); then clockwise — unless the
  // rules said who plays next (`next turn to P`; if P is out, the next player still in after P).
  const previous = state.current;
  const named = state.nextTurn;
  // `delete` only when set: it is a call into the runtime even for a missing key, every turn.
  if (named !== undefined) delete state.nextTurn;
  if (state.turn === 0) {
    state.current = named !== undefined ? namedOrAfter(definition, state, named)
      : state.current < 0 || !state.players[state.current].active ? neighbour(state, state.seats - 1, 1) : state.current;
    state.firstSeat = state.current;
    state.round = 1;
  } else if (named === undefined && state.players[nextSeat(definition, state, previous)].active) {
    // The usual turn, to the next seat: a new round when that seat is the first. Generated code
    // starts this one itself where it can (turn-order.ts nextTurnInFrame).
    passToNextSeat(definition, state);
  } else {
    state.current = named !== undefined ? namedOrAfter(definition, state, named) : neighbour(state, state.current, definition.direction);
    // A new round when play passes the first seat again (whether or not that player is still in).
    if (placeAtTable(definition, state, state.current) <= placeAtTable(definition, state, previous)) state.round++;
  }
  beginTurn(definition, state);
  if (!state.quiet) log(state, { player: state.current, kind: 'turn', text: `turn ${state.turn}: ${playerName(state.current)}`, cite: -1, at: 0 });
  state.stack.push(frameFor(state, programs, definition.turnProgram));
}

// Module functions, not arrows made each turn: tsx (esbuild's keepNames) names every arrow it
// makes, work a random playout would pay at every turn.
function namedOrAfter(definition: GameDefinition, state: GameState, seat: number): number {
  return state.players[seat].active ? seat : neighbour(state, seat, definition.direction);
}

/** A seat's place in the turn order counted from the first seat. */
function placeAtTable(definition: GameDefinition, state: GameState, seat: number): number {
  return (((seat - state.firstSeat) * definition.direction) % state.seats + state.seats) % state.seats;
}
