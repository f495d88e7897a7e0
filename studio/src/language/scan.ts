/**
 * A tolerant scanner for the editor's services, built from the grammar's own token classes
 * (`highlightClasses`, derived from grammar/tokens.ts): completion needs the words before the
 * cursor even where the file does not parse, and the formatter needs to tell braces from braces
 * inside texts and comments. It never fails: an unterminated text runs to the end of its line.
 */
import { highlightClasses } from '../../../grammar/index.ts';

export type TokenKind = 'keyword' | 'identifier' | 'string' | 'number' | 'comment' | 'operator' | 'punctuation' | 'unknown';

export interface ScannedToken {
  kind: TokenKind;
  text: string;
  start: number;
  /** Exclusive. */
  end: number;
  /** A text with no closing quote on its line. */
  unterminated?: boolean;
}

const sticky = (pattern: RegExp) => new RegExp(pattern.source, 'y');
const whitespace = /[ \t\r\n\f\v\u00a0\ufeff]+/y;
const comment = sticky(highlightClasses.comment);
const string = sticky(highlightClasses.string);
const unterminatedString = /"(?:[^"\\\n\r]|\\.)*/y;
const number = sticky(highlightClasses.number);
const identifier = sticky(highlightClasses.identifier);
/** Longest first, so that `<=` is not read as `<` then `=`. */
const operators = [...highlightClasses.operators].sort((a, b) => b.length - a.length);
const punctuation = new Set(['{', '}', '(', ')', '[', ']', ',', ':', '.']);

export const keywordSet: ReadonlySet<string> = new Set(highlightClasses.keywords);

/** True when `text` can be written as a plain (unquoted) name. */
export function isPlainName(text: string): boolean {
  const match = sticky(highlightClasses.identifier).exec(text);
  return match !== null && match[0].length === text.length && !keywordSet.has(text);
}

/** A name as it must be written in the file: plain when it can be, quoted otherwise. */
export function writeName(text: string): string {
  return isPlainName(text) ? text : quote(text);
}

export function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function scan(text: string): ScannedToken[] {
  const tokens: ScannedToken[] = [];
  let offset = 0;
  const at = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = offset;
    const match = pattern.exec(text);
    return match && match[0].length > 0 ? match[0] : undefined;
  };
  const push = (kind: TokenKind, image: string, extra: Partial<ScannedToken> = {}) => {
    tokens.push({ kind, text: image, start: offset, end: offset + image.length, ...extra });
    offset += image.length;
  };
  while (offset < text.length) {
    let image: string | undefined;
    if ((image = at(whitespace))) { offset += image.length; continue; }
    if ((image = at(comment))) { push('comment', image); continue; }
    if ((image = at(string))) { push('string', image); continue; }
    if ((image = at(unterminatedString))) { push('string', image, { unterminated: true }); continue; }
    if ((image = at(number))) { push('number', image); continue; }
    if ((image = at(identifier))) { push(keywordSet.has(image) ? 'keyword' : 'identifier', image); continue; }
    const operator = operators.find((op) => text.startsWith(op, offset));
    if (operator) { push('operator', operator); continue; }
    const character = text[offset];
    push(punctuation.has(character) ? 'punctuation' : character === '!' ? 'operator' : 'unknown', character);
  }
  return tokens;
}

/** The index of the last token that starts before `offset` (or -1). */
export function tokenIndexBefore(tokens: ScannedToken[], offset: number): number {
  let low = 0;
  let high = tokens.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (tokens[mid].start < offset) { found = mid; low = mid + 1; } else high = mid - 1;
  }
  return found;
}
