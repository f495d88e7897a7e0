/**
 * Names as V8's one copy of each text. A rules file's names are cut out of its text, each cut a
 * string of its own, so `face === Ratto` between two of them compares their characters in a call;
 * between two internalized strings, optimized code compares their addresses inline. The values
 * are the same texts, so states, hashes and saves are unchanged.
 */
export function interned(text: string): string {
  // A property key is internalized; the object is thrown away.
  return Object.keys({ [text]: 0 })[0];
}
