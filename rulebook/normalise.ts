/**
 * The form in which a citation and a rulebook are compared: quotes, apostrophes (also the mojibake
 * ones a rulebook went through, `unâarmata`), dashes and ellipses made one character each, runs of
 * white space one space, letters lower case and without accents. The text itself is never changed: a normalised text
 * keeps, for each of its characters, the offset of the original character it came from.
 */

export interface Normalised {
  text: string;
  /** `offsets[i]` is where `text[i]` came from in the original; one more entry for the end. */
  offsets: number[];
}

/**
 * Characters read as an apostrophe. `â` stands for ’ in texts whose UTF-8 was read as Latin-1 and
 * lost its two control bytes (the Risiko! rulebook: `unâarmata`, `Eâ`); the control bytes
 * U+0080–U+009F, when they survived, are dropped.
 */
const apostrophes = new Set(['\u2019', '\u2018', '\u02bc', '`', '\u00b4', "'", '\u00e2']);
const quotes = new Set(['\u201c', '\u201d', '\u201e', '\u00ab', '\u00bb', '"']);
const dashes = new Set(['\u2013', '\u2014', '\u2212']);
/** No space is kept before these, so `carte , se` and `carte, se` compare equal. */
const closing = new Set([',', '.', ';', ':', '!', '?', ')']);

export function normalise(original: string): Normalised {
  // Characters in an array and the last one apart: testing a growing string would flatten it each time.
  const chars: string[] = [];
  const offsets: number[] = [];
  let last = '';
  let pendingSpace = -1;
  const push = (piece: string, at: number) => {
    if (pendingSpace >= 0) {
      if (chars.length > 0 && !closing.has(piece[0]) && last !== '(') { chars.push(' '); offsets.push(pendingSpace); }
      pendingSpace = -1;
    }
    for (let k = 0; k < piece.length; k++) { chars.push(piece[k]); offsets.push(at); }
    if (piece.length) last = piece[piece.length - 1];
  };
  for (let i = 0; i < original.length; i++) {
    const char = original[i];
    const code = char.charCodeAt(0);
    // Printable ASCII but quotes and apostrophes, most of a rulebook: lower case is all that
    // changes, without the per-character regular expressions below (a cold `regola check` reads the
    // whole rulebook through this loop).
    if (code > 0x20 && code < 0x80 && code !== 0x22 && code !== 0x27 && code !== 0x60) {
      // `push` written out for one character (it runs for nearly every character).
      if (pendingSpace >= 0) {
        if (chars.length > 0 && !closing.has(char) && last !== '(') { chars.push(' '); offsets.push(pendingSpace); }
        pendingSpace = -1;
      }
      last = code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : char;
      chars.push(last);
      offsets.push(i);
      continue;
    }
    if (/\s/.test(char) || char === '\u00a0' || char === '\ufeff') {
      if (pendingSpace < 0) pendingSpace = i;
      continue;
    }
    // Control bytes left by a bad conversion, and bullets, which only start list items.
    if ((code >= 0x80 && code <= 0x9f) || char === '\u2022') continue;
    if (apostrophes.has(char)) {
      // An accent written as an apostrophe after a vowel (`però` as `pero'`, `È` as `E'`, the
      // mojibake `peroâ`) reads as the accented vowel, whose accent is dropped below.
      let next = i + 1;
      while (next < original.length && original.charCodeAt(next) >= 0x80 && original.charCodeAt(next) <= 0x9f) next++;
      if ('aeiou'.includes(last) && last !== '' && !/\p{L}/u.test(original[next] ?? '')) continue;
      push("'", i);
    }
    else if (quotes.has(char)) push('"', i);
    else if (dashes.has(char)) push('-', i);
    else if (char === '\u2026') push('...', i);
    else push(char.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''), i);
  }
  offsets.push(original.length);
  return { text: chars.join(''), offsets };
}

/**
 * The pieces of a quotation cut with an ellipsis («A … B»), each to be found in order. A quote with
 * no cut is one piece. Pieces of under four characters carry no information and are dropped.
 */
export function quotePieces(normalisedQuote: string): string[] {
  return normalisedQuote.split(/\s*\.{3,}\s*|\s*\[\.\.\.\]\s*/).map((piece) => piece.trim()).filter((piece) => piece.length >= 4);
}
