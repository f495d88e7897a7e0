/**
 * The error a rule raises at run time (`none` where a player is needed, a division by zero): the
 * engine turns it into the game's `run/error`. A module of its own, so the expression compiler,
 * the grids and the engine can all throw it without importing one another.
 */
export class RuleError extends Error {
  /** A run error with a code of its own (`run/selection-limit`); otherwise `run/error`. */
  constructor(message: string, readonly code?: string) { super(message); }
}
