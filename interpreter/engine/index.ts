/** What engine/ offers: the lean stepper (start a game, list the legal moves, apply one), its batch API for search, and a player's view. */
export {
  startGame, legalMoves, applyMove, applyMoveInPlace, refusal, cloneState, stepLimit, choiceCount, applyChoiceIndex,
  type Move, type LegalMove, type StartOptions, type StartResult, type ApplyResult,
} from './engine.ts';
export { startState, copyState, startMove, undoMove, toMove, isOver, type MoveTrial } from './batch-api.ts';
export { viewFor, type PlayerView, type Viewer, type BoardView, type GridView, type PieceView } from './view.ts';
