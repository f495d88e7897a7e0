/**
 * Text from a rules file made safe for a terminal. A quoted text in the rules may hold any
 * character but a line break, so a title, a prompt or a log line could carry an escape sequence
 * that clears the screen or rewrites earlier lines; a right-to-left override would reorder what
 * follows it. Each such character is printed as a visible escape instead.
 */

// C0 and C1 controls, DEL, and the invisible characters that reorder or break a line.
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

export function printable(text: string): string {
  return text.replace(unsafe, (character) => {
    const code = character.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
