/** What match/ offers: one game played on an XState actor, with its log, undo and redo, and its save file. */
export { Match, type SavedGame, type MoveResult, type PlainMatch } from './match.ts';
export { buildMachine, machineStates } from './machine.ts';
export { readSavedGame, savedGameSchema } from './save-file.ts';
