/**
 * The lean stepper: start a game, list the legal moves, apply one. It is the single source of
 * the game's behaviour; the XState machine (machine.ts) and the bots both drive it.
 * `advance` mutates the state it is given; `applyMove` leaves its input untouched.
 * It imports nothing from the code generator: a definition carries its generated code, if any.
 * Its parts: start.ts (a game's start), run.ts (the loop), moves.ts (legal moves, playing one),
 * copies.ts (copies of a state).
 */
export { startGame, startBeforeFirstTurn, type StartOptions, type StartResult, type PlayoutStartResult } from './start.ts';
export { advance } from './run.ts';
export { legalMoves, refusal, applyMoveInPlace, applyMove, choiceCount, applyChoiceIndex, type ApplyResult } from './moves.ts';
export { cloneState, cloneStateSharingBoard } from './copies.ts';
// Plain data, declared beside the state (program.ts) so selection.ts can name them without importing the engine.
export type { LegalMove, Move } from '../program/program.ts';
export { gameOverPhase } from '../program/program.ts';
export { internalFailure, stepLimit } from '../runtime/run-failure.ts';
