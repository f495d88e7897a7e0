/**
 * A rulebook cut into the units a citation can cover: sentences and list items. Headings, table
 * cells, image names and links are units too, marked as not rules, so every character of the
 * text belongs to exactly one shaded span in the studio and nothing is silently skipped.
 *
 * Real rulebooks are not tidy (the five seeds): bullets (`•`, `-`, `-Un mazzo`), headings with
 * dashes ("Fase 1 – Sveglia"), abbreviations ("ad es.", "N.B.:"), a sentence broken over two lines
 * or continued after a blank line with "..", and "sociale.. Agli" as a sentence end.
 */

export type UnitKind = 'sentence' | 'item' | 'heading' | 'other';

export interface Unit {
  /** Position in the text's list of units, from 0. */
  index: number;
  /** Offsets in the original text (end exclusive), trimmed of surrounding white space. */
  start: number;
  end: number;
  /** 1-based line of `start`. */
  line: number;
  text: string;
  kind: UnitKind;
  /** Whether the unit may carry a rule (sentences and list items); headings and the like do not. */
  rule: boolean;
}

interface Line { start: number; end: number; text: string }

const bullet = /^(?:[•·▪◦*]\s*|-\s*(?=[^\s-])|\d+[.)]\s+)/;
const terminal = /[.!?;:…]$/;
/** Words before a full stop that do not end a sentence (Italian rulebooks, and initials such as N.B.). */
const abbreviations = new Set(['es', 'ecc', 'pag', 'sig', 'sigg', 'etc', 'cfr', 'vs', 'ca', 'nr', 'n', 'p', 'pp', 'art', 'cap', 'fig', 'tab', 'vol', 'dott', 'prof', 'ing']);

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  const pattern = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) && match[0].length > 0) {
    const raw = match[0].replace(/[\r\n]+$/, '');
    lines.push({ start: match.index, end: match.index + raw.length, text: raw });
  }
  return lines;
}

function trimmed(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

function words(line: string): number {
  return line.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function upperRatio(line: string): number {
  const letters = line.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return 0;
  return letters.filter((letter) => letter !== letter.toLowerCase()).length / letters.length;
}

/** What a line is, read on its own. */
export function classifyLine(line: string): UnitKind {
  const text = line.trim();
  if (/^imgs?\//i.test(text) || /\.(png|jpe?g|gif|svg)$/i.test(text) || /^\[[^\]]*\]$/.test(text) || /^(https?:\/\/|www\.)\S+$/i.test(text)) return 'other';
  if (/^table \d+\./i.test(text)) return 'heading';
  if (bullet.test(text) && words(text) > 0) return 'item';
  const count = words(text);
  if (count === 0) return 'other';
  const innerSentence = /[.!?;]\s+\S/.test(text);
  const labelAndValue = /:\s*\S/.test(text);
  if (!terminal.test(text) && count <= 8 && !labelAndValue && !innerSentence) return 'heading';
  if (count <= 8 && /\s[-–—]\s/.test(text) && !innerSentence && !labelAndValue) return 'heading';
  if (upperRatio(text) >= 0.7 && count <= 12 && (/:$/.test(text) || !text.includes(':') || !/[\d.!?;]/.test(text))) return 'heading';
  if (count <= 3 && (/:$/.test(text) || /^\p{Lu}/u.test(text) && /\.$/.test(text))) return 'heading';
  return 'sentence';
}

/**
 * Logical lines: a line that does not end a sentence and is followed by one starting in lower case
 * (or with "..", across a blank line too) continues on it.
 */
function logicalLines(text: string): Line[] {
  const result: Line[] = [];
  let blankBefore = true;
  for (const line of linesOf(text)) {
    const body = line.text.trim();
    if (!body) { blankBefore = true; continue; }
    const previous = result[result.length - 1];
    const continuesDots = body.startsWith('..') && !body.startsWith('...') || /^\.\.\p{Ll}/u.test(body);
    const continuesLower = !blankBefore && /^\p{Ll}/u.test(body) && previous && !terminal.test(previous.text.trim()) && classifyLine(previous.text) !== 'other' && classifyLine(body) !== 'other' && !bullet.test(body);
    if (previous && (continuesDots || continuesLower)) {
      previous.end = line.end;
      previous.text = text.slice(previous.start, previous.end);
    } else result.push({ ...line });
    blankBefore = false;
  }
  return result;
}

/** Where sentences end inside a logical line: offsets (relative to the line) just past each end. */
function sentenceEnds(line: string): number[] {
  const ends: number[] = [];
  // "(solo per la partita a 7) - Sembra sempre solo …": a label in brackets, then a dash, is a unit of its own.
  const label = /^\([^)]*\)(?=\s+[-–]\s)/.exec(line);
  if (label) ends.push(label[0].length);
  const pattern = /[.!?…]+(?=\s+["“«(\p{Lu}\d])/gu;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(line))) {
    const end = match.index + match[0].length;
    if (match[0] === '.') {
      const before = line.slice(0, match.index).match(/([\p{L}]+)$/u);
      const word = before?.[1] ?? '';
      // "N.B." and single initials; "ad es." and the like.
      if (word.length === 1 || abbreviations.has(word.toLowerCase())) continue;
    }
    ends.push(end);
  }
  return ends;
}

/** Cuts a rulebook into units, in the order of the text. */
export function splitSource(text: string): Unit[] {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0, high = lineStarts.length - 1;
    while (low < high) { const mid = (low + high + 1) >> 1; if (lineStarts[mid] <= offset) low = mid; else high = mid - 1; }
    return low + 1;
  };
  const units: Unit[] = [];
  const add = (start: number, end: number, kind: UnitKind) => {
    const span = trimmed(text, start, end);
    if (span.end <= span.start) return;
    units.push({ index: units.length, ...span, line: lineOf(span.start), text: text.slice(span.start, span.end), kind, rule: kind === 'sentence' || kind === 'item' });
  };
  for (const line of logicalLines(text)) {
    const kind = classifyLine(line.text.split(/\r?\n/)[0]) === 'item' ? 'item' : classifyLine(line.text.replace(/\s+/g, ' '));
    if (kind === 'heading' || kind === 'other') { add(line.start, line.end, kind); continue; }
    let from = 0;
    for (const end of sentenceEnds(line.text)) { add(line.start + from, line.start + end, kind); from = end; }
    add(line.start + from, line.end, kind);
  }
  return units;
}
