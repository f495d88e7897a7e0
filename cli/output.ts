/** What the commands print to standard output, made safe for the terminal. */
import { reasonText, winText, type Outcome } from '../interpreter/index.ts';
import { printable } from './printable.ts';

/** Prints to standard output, each line made safe for the terminal (texts come from the rules file). */
export function say(text: string): void {
  console.log(text.split('\n').map(printable).join('\n'));
}

/** "Rossi (P1, P3) wins (punti)", "draw (finito il mazzo)". */
export function outcomeLine(outcome: Outcome): string {
  return outcome.kind === 'win' ? `${winText(outcome)} (${reasonText(outcome)})` : `${outcome.kind} (${reasonText(outcome)})`;
}
