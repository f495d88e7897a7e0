/**
 * How a command stops short: each becomes a message and an exit code in cli/main.ts, never a
 * stack trace.
 */

/** The command line is wrong: its message and the usage, exit code 2. */
export class UsageError extends Error {}

/** A request the CLI understood but cannot carry out: its message, exit code 1, no usage. */
export class Refusal extends Error {}

/** The command has printed why it stops; only the exit code is left. */
export class ExitCode extends Error { constructor(readonly code: number) { super(`exit ${code}`); } }
