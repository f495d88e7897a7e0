/**
 * Finding a quotation in a rulebook: first exactly (after `normalise`, so spaces, quotes,
 * apostrophes, mojibake and case do not matter; a quote cut with "…" is found piece by piece, in
 * order), then approximately, with a score, so a slightly edited quote still counts and is flagged.
 */
import { normalise, quotePieces, type Normalised } from './normalise.ts';
import { splitSource, type Unit } from './split.ts';

export interface Span { start: number; end: number }

export interface Located {
  /** The pieces of the source the quote stands for (several when it was cut with "…"). */
  spans: Span[];
  /** 1 for an exact match; below 1, how close the closest passage is (1 − edits / length). */
  score: number;
  exact: boolean;
}

/** Below this score a passage is not the quote's source: the citation is reported as not found. */
export const fuzzyThreshold = 0.8;
/** Quotes shorter than this (normalised) are not searched approximately: too many passages come close. */
const fuzzyMinimumLength = 12;

/**
 * Where `query` fits best inside `text` with the fewest edits (Sellers' algorithm: an edit distance
 * in which the passage may start and end anywhere). O(query × text), run only for quotes not found
 * exactly, and cached by the index.
 */
export function closestPassage(query: string, text: string): { start: number; end: number; distance: number } {
  const m = query.length, n = text.length;
  let previous = new Int32Array(n + 1), current = new Int32Array(n + 1);
  let previousStart = new Int32Array(n + 1), currentStart = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) previousStart[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    currentStart[0] = 0;
    const q = query.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      let best = previous[j - 1] + (q === text.charCodeAt(j - 1) ? 0 : 1);
      let start = previousStart[j - 1];
      if (previous[j] + 1 < best) { best = previous[j] + 1; start = previousStart[j]; }
      if (current[j - 1] + 1 < best) { best = current[j - 1] + 1; start = currentStart[j - 1]; }
      current[j] = best;
      currentStart[j] = start;
    }
    [previous, current] = [current, previous];
    [previousStart, currentStart] = [currentStart, previousStart];
  }
  let end = 0;
  for (let j = 1; j <= n; j++) if (previous[j] < previous[end]) end = j;
  return { start: previousStart[end], end, distance: previous[end] };
}

export interface SourceIndexOptions {
  /** Called once, before the first quotation is searched approximately (quadratic; the CLI lets V8 optimize from there). */
  beforeApproximate?: () => void;
}

/**
 * A rulebook ready to be searched: its normalised text, with a cache of lookups, and its units,
 * cut on first need (`regola check` only looks citations up, and cutting the rulebook would lengthen its start).
 */
export class SourceIndex {
  readonly normalised: Normalised;
  private cut: Unit[] | undefined;
  private readonly cache = new Map<string, Located | undefined>();
  private approximated = false;

  constructor(readonly text: string, private readonly options: SourceIndexOptions = {}) {
    this.normalised = normalise(text);
  }

  get units(): Unit[] {
    return this.cut ??= splitSource(this.text);
  }

  /** The original span of a span of the normalised text. */
  private original(start: number, end: number): Span {
    return { start: this.normalised.offsets[start], end: this.normalised.offsets[Math.max(start, end - 1)] + 1 };
  }

  locate(quote: string): Located | undefined {
    if (this.cache.has(quote)) return this.cache.get(quote);
    const found = this.search(quote);
    this.cache.set(quote, found);
    return found;
  }

  private search(quote: string): Located | undefined {
    const query = normalise(quote).text;
    // A quote of a few characters ("-", "2+") would be found anywhere.
    if (query.replace(/[^\p{L}\p{N}]/gu, '').length < 3) return undefined;
    const haystack = this.normalised.text;
    // A sentence the rulebook repeats word for word is covered wherever it stands.
    const spans: Span[] = [];
    for (let at = haystack.indexOf(query); at >= 0; at = haystack.indexOf(query, at + query.length)) spans.push(this.original(at, at + query.length));
    if (spans.length) return { spans, score: 1, exact: true };
    const pieces = quotePieces(query);
    if (pieces.length === 0) return undefined;
    if (pieces.length > 1 || pieces[0] !== query) {
      let from = 0;
      for (const piece of pieces) {
        const at = haystack.indexOf(piece, from);
        if (at < 0) break;
        spans.push(this.original(at, at + piece.length));
        from = at + piece.length;
      }
      if (spans.length === pieces.length) return { spans, score: 1, exact: true };
      spans.length = 0;
    }
    // Approximately: each piece on its own, the score weighted by length.
    if (!this.approximated) { this.approximated = true; this.options.beforeApproximate?.(); }
    let edits = 0, length = 0;
    for (const piece of pieces) {
      if (piece.length < fuzzyMinimumLength && pieces.length === 1) return undefined;
      const passage = closestPassage(piece, haystack);
      edits += passage.distance;
      length += piece.length;
      if (passage.end > passage.start) spans.push(this.original(passage.start, passage.end));
    }
    const score = length ? 1 - edits / length : 0;
    return { spans, score, exact: false };
  }

  /** The units a span of the text touches (by more than white space). */
  unitsIn(spans: Span[]): Unit[] {
    return this.units.filter((unit) => spans.some((span) => span.start < unit.end && span.end > unit.start));
  }

  /** The unit holding an offset of the text, if any. */
  unitAt(offset: number): Unit | undefined {
    return this.units.find((unit) => unit.start <= offset && offset < unit.end);
  }
}
