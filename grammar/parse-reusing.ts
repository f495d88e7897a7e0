/**
 * Parsing on every keystroke, reusing the declarations that did not change (issue 9: keystroke →
 * updated playtest within a task's budget at any game length, of which parsing a long game whole
 * was a large share: docs/performance.md).
 *
 * The text is cut at the lines that start a top-level declaration (outside braces, brackets,
 * parentheses, texts and comments), each piece is parsed on its own and kept by its text, and the
 * next text's pieces that are unchanged are taken from there, their positions moved to where the
 * piece now stands. The result is used only when every piece parses cleanly; otherwise — a
 * mistake, a planned form, anything the parser says — the whole text is parsed as before, so the
 * diagnostics are exactly the full parse's. A clean parse is the same tree either way (tested on
 * every bundled game and on edits of them).
 */
import type * as A from './ast.ts';
import { parse, type ParseResult } from './parse.ts';
import { declarationWords } from './declaration-words.ts';


interface Piece { start: number; text: string }

/** Where the declarations start: offsets of lines at depth 0 whose first word starts one. */
export function declarationPieces(text: string): Piece[] | null {
  const starts: number[] = [0];
  let depth = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) { lineStart = true; continue; }
    if (c === 32 || c === 9 || c === 13) continue;
    if (lineStart && depth === 0 && i > 0 && isLetter(c)) {
      let end = i;
      while (end < text.length && isLetter(text.charCodeAt(end))) end++;
      if (declarationWords.has(text.slice(i, end))) starts.push(lineStartOf(text, i));
    }
    lineStart = false;
    if (c === 35 || (c === 47 && text.charCodeAt(i + 1) === 47)) { // # or //: to the end of the line
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 10) i++;
    } else if (c === 34) { // a text: to its closing quote on the same line
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10) { if (text.charCodeAt(i) === 92) i++; i++; }
      if (text.charCodeAt(i) !== 34) return null;
    } else if (c === 123 || c === 40 || c === 91) depth++;
    else if (c === 125 || c === 41 || c === 93) { if (--depth < 0) return null; }
  }
  if (depth !== 0) return null;
  const unique = [...new Set(starts)];
  return unique.map((start, k) => ({ start, text: text.slice(start, unique[k + 1] ?? text.length) }));
}

function isLetter(c: number): boolean { return (c >= 97 && c <= 122) || (c >= 65 && c <= 90); }
function lineStartOf(text: string, i: number): number { return text.lastIndexOf('\n', i - 1) + 1; }

/**
 * A clean piece's declarations as the last text had them, with the offset they were moved by (a
 * piece that stays where it was, as every piece before the one being edited does, is given the
 * same declarations again; nothing after the parser changes a tree, and the facts later passes keep
 * by node live in each analysis's own maps), and the objects its tree holds in more than one place
 * (a product of cards shares nodes), found when it is first moved.
 */
interface Kept { offset: number; declarations: A.Declaration[]; plannedNames: Set<string>; shared: Set<object> | null }

/** The last text's clean pieces, by their text. */
let kept = new Map<string, Kept>();

export function parseReusing(text: string): ParseResult {
  const pieces = declarationPieces(text);
  if (!pieces || pieces.length < 2) { kept = new Map(); return parse(text); }
  // Nothing to reuse (the first text, or one after a mistake): parsed whole, which is quicker than
  // piece by piece, and its pieces kept from that tree.
  if (kept.size === 0) {
    const whole = parse(text);
    kept = piecesOf(whole, pieces);
    return whole;
  }
  const next = new Map<string, Kept>();
  const declarations: A.Declaration[] = [];
  const plannedNames = new Set<string>();
  for (const piece of pieces) {
    let entry = kept.get(piece.text) ?? next.get(piece.text);
    if (!entry) {
      const result = parse(piece.text);
      if (result.diagnostics.length || !result.complete) { kept = next; return parse(text); }
      entry = { offset: 0, declarations: result.ast.declarations, plannedNames: result.plannedNames, shared: null };
    }
    next.set(piece.text, entry);
    for (const name of entry.plannedNames) plannedNames.add(name);
    if (entry.offset !== piece.start) {
      const shared = entry.shared ??= sharedObjects(entry.declarations);
      const copies = shared.size ? new Map<object, unknown>() : null;
      const by = piece.start - entry.offset;
      entry.declarations = entry.declarations.map((declaration) => shifted(declaration, by, shared, copies));
      entry.offset = piece.start;
    }
    declarations.push(...entry.declarations);
  }
  kept = next;
  const last = declarations[declarations.length - 1];
  return { ast: { declarations, range: { start: 0, end: last ? last.range.end : 0 } }, diagnostics: [], complete: true, plannedNames };
}

/**
 * The pieces of a text parsed whole, each with the declarations that lie inside it (none when the
 * parse is not clean, or when a declaration runs across a cut: then no piece stands on its own).
 */
function piecesOf(whole: ParseResult, pieces: Piece[]): Map<string, Kept> {
  const found = new Map<string, Kept>();
  if (whole.diagnostics.length || !whole.complete) return found;
  const all = whole.ast.declarations;
  let d = 0;
  for (const piece of pieces) {
    const end = piece.start + piece.text.length;
    const own: A.Declaration[] = [];
    for (; d < all.length && all[d].range.start < end; d++) {
      if (all[d].range.start < piece.start || all[d].range.end > end) return new Map();
      own.push(all[d]);
    }
    if (!found.has(piece.text)) found.set(piece.text, { offset: piece.start, declarations: own, plannedNames: whole.plannedNames, shared: null });
  }
  return d === all.length ? found : new Map();
}

/** The objects reached more than once in a tree (found once per piece parsed, not at every copy). */
function sharedObjects(root: unknown): Set<object> {
  const seen = new Set<object>();
  const shared = new Set<object>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if (seen.has(value)) { shared.add(value); return; }
    seen.add(value);
    if (Array.isArray(value)) for (const item of value) visit(item);
    else for (const key in value) visit((value as Record<string, unknown>)[key]);
  };
  visit(root);
  return shared;
}

/**
 * A copy of a piece's tree with every range moved by `offset`. A fresh copy each time, since the
 * later passes keep facts by node; the nodes shared inside the tree stay shared (`copies`, looked
 * up only for the objects `shared` lists).
 */
function shifted<T>(value: T, offset: number, shared: Set<object>, copies: Map<object, unknown> | null): T {
  if (copies && shared.has(value as object)) {
    const known = copies.get(value as object);
    if (known) return known as T;
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    copies?.set(value, copy);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      copy.push(item !== null && typeof item === 'object' ? shifted(item, offset, shared, copies) : item);
    }
    return copy as T;
  }
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  copies?.set(source, copy);
  for (const key in source) {
    const field = source[key];
    copy[key] = field === null || typeof field !== 'object' ? field
      : isRange(field) ? { start: field.start + offset, end: field.end + offset }
      : shifted(field, offset, shared, copies);
  }
  return copy as T;
}

function isRange(value: unknown): value is A.Range {
  if (value === null || typeof value !== 'object' || typeof (value as A.Range).start !== 'number' || typeof (value as A.Range).end !== 'number' || Array.isArray(value)) return false;
  // Exactly those two keys (counted without making a list of them: this runs on every node of every piece).
  let keys = 0;
  for (const key in value) if (Object.hasOwn(value, key) && ++keys > 2) return false;
  return keys === 2;
}
