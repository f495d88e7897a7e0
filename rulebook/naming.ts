/**
 * Whether a quotation names a sentence or only touches it. An interpretation entry interprets a
 * sentence when one of its quotes is the sentence whole (cuts marked "…" allowed inside it) or when
 * it writes the sentence's id, the `§LINE` (or `§LINE.N`, the N-th unit of a line) the report
 * prints; a quote that covers only part of a sentence is a fragment and interprets nothing. A
 * citation that stops before the end of its sentence is reported, unless another one reaches it.
 */
import type { Span } from './locate.ts';
import type { Unit } from './split.ts';

/** Letters and digits: what a quote must reach; punctuation, quotes and brackets at the edges do not count. */
const meaningful = /[\p{L}\p{N}]/u;

/** The part of a unit between its first and its last letter or digit. */
export function contentOf(unit: Unit): Span {
  let start = unit.start, end = unit.end;
  while (start < end && !meaningful.test(unit.text[start - unit.start])) start++;
  while (end > start && !meaningful.test(unit.text[end - 1 - unit.start])) end--;
  return { start, end };
}

/** The spans that touch a unit, by more than its edges. */
function touching(unit: Unit, spans: Span[]): Span[] {
  const content = contentOf(unit);
  return spans.filter((span) => span.start < content.end && span.end > content.start);
}

/** Whether the spans, taken together, reach from the unit's first letter to its last. */
export function namesWhole(unit: Unit, spans: Span[]): boolean {
  const content = contentOf(unit);
  const inside = touching(unit, spans);
  return inside.length > 0 && Math.min(...inside.map((s) => s.start)) <= content.start && Math.max(...inside.map((s) => s.end)) >= content.end;
}

/** The text of the unit after the furthest of the spans, when they stop before its last letter; else undefined. */
export function missingTail(unit: Unit, spans: Span[]): string | undefined {
  const content = contentOf(unit);
  const inside = touching(unit, spans);
  if (inside.length === 0) return undefined;
  const reached = Math.max(...inside.map((s) => s.end));
  if (reached >= content.end) return undefined;
  const tail = unit.text.slice(reached - unit.start, content.end - unit.start).trim();
  return meaningful.test(tail) ? tail : undefined;
}

/** The id the report prints for each unit: `§LINE`, or `§LINE.N` when the line holds more than one unit. */
export function unitIds(units: Unit[]): string[] {
  const perLine = new Map<number, number>();
  for (const unit of units) perLine.set(unit.line, (perLine.get(unit.line) ?? 0) + 1);
  const seen = new Map<number, number>();
  return units.map((unit) => {
    const n = (seen.get(unit.line) ?? 0) + 1;
    seen.set(unit.line, n);
    return perLine.get(unit.line)! > 1 ? `§${unit.line}.${n}` : `§${unit.line}`;
  });
}
