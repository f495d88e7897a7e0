/**
 * One version of a `.rules` text and what the services need from it, each computed once and only
 * when asked: the analysis (grammar's `analyze`), the scanned tokens and the symbol index.
 */
import { analyze, walk, type Analysis, type Type } from '../../../grammar/index.ts';
import { scan, type ScannedToken } from './scan.ts';
import { indexSymbols, type SymbolIndex } from './symbols.ts';

export class RegolaDocument {
  private cachedAnalysis?: Analysis;
  private cachedTokens?: ScannedToken[];
  private cachedSymbols?: SymbolIndex;
  private cachedLineStarts?: number[];
  private cachedTypesByEnd?: Map<number, { type: Type; length: number }>;

  constructor(readonly text: string) {}

  get analysis(): Analysis { return (this.cachedAnalysis ??= analyze(this.text)); }
  get tokens(): ScannedToken[] { return (this.cachedTokens ??= scan(this.text)); }
  get symbols(): SymbolIndex { return (this.cachedSymbols ??= indexSymbols(this.analysis)); }

  /** Offsets where each line starts. */
  get lineStarts(): number[] {
    if (!this.cachedLineStarts) {
      const starts = [0];
      for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) starts.push(i + 1);
      this.cachedLineStarts = starts;
    }
    return this.cachedLineStarts;
  }

  /** 0-based line number of an offset. */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The text of the line holding an offset, without its line break. */
  lineText(offset: number): string {
    const line = this.lineOf(offset);
    const start = this.lineStarts[line];
    const end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
    return this.text.slice(start, end).replace(/\r$/, '');
  }

  /** The type the checker gave the longest expression that ends at `end` (e.g. the object before a dot). */
  typeOfExpressionEndingAt(end: number): Type | undefined {
    if (!this.cachedTypesByEnd) {
      const byEnd = new Map<number, { type: Type; length: number }>();
      const { types } = this.analysis.annotations;
      walk(this.analysis.ast, { expression: (expression) => {
        const type = types.get(expression);
        const length = expression.range.end - expression.range.start;
        const previous = byEnd.get(expression.range.end);
        if (type && (!previous || previous.length < length)) byEnd.set(expression.range.end, { type, length });
      } });
      this.cachedTypesByEnd = byEnd;
    }
    return this.cachedTypesByEnd.get(end)?.type;
  }
}

let latest: RegolaDocument | undefined;

/** The document for a text, reusing the last one when the text has not changed (hover, then definition…). */
export function documentFor(text: string): RegolaDocument {
  if (latest?.text !== text) latest = new RegolaDocument(text);
  return latest;
}
