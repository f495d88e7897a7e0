/** What interpreter/ offers: compile rules, start and play matches, run bots. */
export { compileRules, type CompileResult } from './compile.ts';
export { formatValue } from './format-value.ts';
export {
  startGame, legalMoves, applyMove, applyMoveInPlace, refusal, cloneState, stepLimit, choiceCount, applyChoiceIndex,
  type Move, type LegalMove, type StartOptions, type StartResult, type ApplyResult,
} from './engine.ts';
// The engine for search and analysis: docs/api.md.
export { startState, copyState, startMove, undoMove, toMove, isOver, type MoveTrial } from './batch-api.ts';
export { Match, type SavedGame, type MoveResult, type PlainMatch } from './match.ts';
export { buildMachine, machineStates } from './machine.ts';
export { viewFor, type PlayerView, type Viewer, type BoardView, type GridView, type PieceView } from './view.ts';
export { type Layout } from './grids.ts';
export { lookOf, type Look } from './compile-look.ts';
export { randomPlayout, randomMove, playOnRandomly, botRandomFor, type PlayoutResult, type Stopped } from './bots.ts';
export { stateHash } from './hash.ts';
export { simulate, type SimulationReport } from './simulate.ts';
export * from './program.ts';
// What the code generator made of a definition, and what it leaves to closures or the stepper.
export { codegenReport, type CodegenReport, type ProgramReport } from './codegen/index.ts';
export { generatedCodeAvailable, generatedCodeAvailability, type GeneratedCodeAvailability } from './codegen/availability.ts';
