/**
 * How a run stops on its own: a rule that fails, or loops that never reach a choice. Shared by the
 * stepper (engine.ts) and the generated code (codegen/), so both stop a game the same way.
 */
import { codes } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import type { GameState, Instruction } from '../program/program.ts';
import { finish } from './runtime.ts';

/**
 * Loop passes and rule calls the rules may make between two choices before they are declared stuck
 * in a loop. Only those are counted: every endless run goes round a loop or calls rules forever,
 * and the count does not change with how many instructions a statement is lowered to.
 */
export const stepLimit = 200_000;

/** The message of a failure the checker should have prevented (a bug of Regola, not of the rules). */
export const internalFailure = 'Regola could not carry out this rule (an internal error: please report it with the rules file)';

/** The step limit was passed at `instruction`: the game stops, aborted. */
export function stopAtStepLimit(state: GameState, instruction: Instruction): void {
  state.error = { code: codes.runStepLimit, message: `the rules went round loops or called rules ${stepLimit} times without a choice: a loop never ends`, at: instruction.at };
  finish(state, 'aborted', [], 'the rules loop forever (step limit)', instruction.cite, instruction.at);
}

/** A rule failed while `instruction` ran: the game stops with the rule's reason. Anything but a rule's failure is rethrown. */
export function stopAtFailure(state: GameState, instruction: Instruction | undefined, error: unknown): void {
  if (!(error instanceof RuleError) && !(error instanceof TypeError) && !(error instanceof RangeError)) throw error;
  const at = instruction?.at ?? 0;
  // A JavaScript message means nothing to a designer: only the rule's own reason is shown.
  state.error = { code: error instanceof RuleError && error.code ? error.code : codes.runError, message: error instanceof RuleError ? error.message : internalFailure, at };
  finish(state, 'aborted', [], `a rule could not be carried out (${state.error.message})`, instruction?.cite ?? -1, at);
}
