/**
 * Every message the grammar reports, one function per message (its code, its severity, its text),
 * in families by what they are about. Call sites write `m.phaseOutsideTurns()` and say where; the
 * words live here, so they can be read, reviewed and kept consistent in one place.
 */
export * from './messages/internal.ts';
export { at, type Message, type MessageFunction } from './messages/message.ts';
export * from './messages/statements.ts';
export * from './messages/expressions.ts';
export * from './messages/effects.ts';
export * from './messages/planned.ts';
export * from './messages/declarations.ts';
export * from './messages/boards.ts';
export * from './messages/syntax.ts';
