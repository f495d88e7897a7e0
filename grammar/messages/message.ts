/**
 * What a message of the catalogue is: its code, its severity and its text, made by a function of
 * the values it names. Each function carries its code, so the codes of the catalogue can be listed
 * (and checked against docs/diagnostics.md) without making a message.
 */
import type { Range } from '../ast.ts';
import type { Code, Diagnostic, Severity } from '../diagnostics.ts';

export interface Message { code: Code; severity: Severity; message: string }

export type MessageFunction<A extends unknown[]> = ((...args: A) => Message) & { readonly code: Code; readonly severity: Severity };

function make<A extends unknown[]>(severity: Severity, code: Code, text: (...args: A) => string): MessageFunction<A> {
  return Object.assign((...args: A): Message => ({ code, severity, message: text(...args) }), { code, severity });
}

/** A message that stops the game from being built. */
export const error = <A extends unknown[]>(code: Code, text: (...args: A) => string) => make('error', code, text);
/** A message about something probably not meant; the game still runs. */
export const warning = <A extends unknown[]>(code: Code, text: (...args: A) => string) => make('warning', code, text);

/** The message as a diagnostic at `range`, with a "did you mean" when there is one. */
export function at(message: Message, range: Range, suggestion?: string): Diagnostic {
  return suggestion ? { ...message, range, suggestion } : { ...message, range };
}
