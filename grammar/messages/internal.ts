/** Failures of Regola itself: a bug to report, never a mistake in the rules. */
import { codes } from '../diagnostics.ts';
import { error } from './message.ts';

const errorName = (failure: unknown) => (failure instanceof Error ? failure.name : 'error');

export const internalError = error(codes.internalError, (failure: unknown) =>
  `Regola failed on this text (an internal error, please report it with the file: ${errorName(failure)}); your text is kept as it is`);

/** `checked`: what the check was checking ("the 'gain' statement", "the piles"). */
export const checkFailed = error(codes.checkFailed, (checked: string, failure: unknown) =>
  `the check of ${checked} failed here (${errorName(failure)}): this is a bug in Regola, not a mistake in the rules; please report it with the file. Every other check of the file still ran`);
