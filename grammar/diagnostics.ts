/**
 * One diagnostic shape for the whole project (STYLE lesson 3): parse errors, checker errors and
 * refused moves at run time all use it. Offsets inside; line:col only when printing (lesson 4).
 */
import type { Range } from './ast.ts';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  suggestion?: string;
  citation?: string;
  /** Edits that resolve it, each offered by the editor as a quick fix. */
  fixes?: Fix[];
}

/** One quick fix: a title and the text edits that make it. */
export interface Fix { title: string; edits: { range: Range; text: string }[] }

/** Every code the project emits, with the plain-language meaning documented in docs/diagnostics.md. */
export const codes = {
  lexUnexpected: 'syntax/unexpected-character',
  parseUnexpected: 'syntax/unexpected-token',
  parseMissing: 'syntax/missing-token',
  parseTooDeep: 'syntax/too-deep',
  textInText: 'syntax/text-in-text',
  keywordAsName: 'syntax/keyword-as-name',
  nameUnknown: 'name/unknown',
  nameDuplicate: 'name/duplicate',
  nameUnknownAttribute: 'name/unknown-attribute',
  nameUnknownMark: 'name/unknown-mark',
  nameUnknownRole: 'name/unknown-role',
  nameUnknownFunction: 'name/unknown-function',
  typeExpectedDice: 'type/expected-dice',
  typeExpectedToken: 'type/expected-token',
  typeExpectedPlayer: 'type/expected-player',
  typeExpectedNumber: 'type/expected-number',
  typeExpectedList: 'type/expected-list',
  typeNotAssignable: 'type/not-assignable',
  typeMismatch: 'type/mismatch',
  typeExpectedCondition: 'type/expected-condition',
  optionNotConstant: 'option/not-constant',
  typeExpectedPile: 'type/expected-pile',
  planned: 'language/planned',
  mapBorder: 'map/border',
  gridLayout: 'grid/layout',
  lookInvalid: 'look/invalid',
  simultaneous: 'flow/simultaneous',
  expectedWord: 'syntax/expected-word',
  argumentCount: 'rule/argument-count',
  ruleUnused: 'rule/unused',
  defineRecursive: 'define/recursive',
  defineUnused: 'define/unused',
  numberInvalid: 'number/invalid',
  numberTooLarge: 'number/too-large',
  gameMissing: 'game/missing',
  gameDuplicate: 'game/duplicate',
  turnsMissing: 'flow/turns-missing',
  unreachable: 'flow/unreachable',
  endTurnOutsideTurns: 'flow/end-turn-outside-turns',
  phaseOutsideTurns: 'flow/phase-outside-turns',
  phaseName: 'flow/phase-name',
  moveNotYourTurn: 'move/not-your-turn',
  moveForbiddenByStatus: 'move/forbidden-by-status',
  moveIllegal: 'move/illegal',
  moveGameOver: 'move/game-over',
  runStepLimit: 'run/step-limit',
  runError: 'run/error',
  selectionSize: 'selection/size',
  runSelectionLimit: 'run/selection-limit',
  moveSelectionInvalid: 'move/selection-invalid',
  variantUnknown: 'variant/unknown',
  playersOutOfRange: 'setup/players-out-of-range',
  internalError: 'internal/error',
  checkFailed: 'internal/check-failed',
  ambiguousAggregate: 'expression/ambiguous-aggregate',
} as const;

export type Code = (typeof codes)[keyof typeof codes];

export function diagnostic(code: Code, message: string, range: Range, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { code, severity: 'error', message, range, ...extra };
}

/** Turns offsets into 1-based line and column, once per file. */
export class LineIndex {
  private readonly lineStarts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }
  position(offset: number): { line: number; column: number } {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - this.lineStarts[low] + 1 };
  }
}

/** `file:line:col: error CODE: message (did you mean …?)` — the format of `regola check`. */
export function formatDiagnostic(file: string, index: LineIndex, d: Diagnostic): string {
  const { line, column } = index.position(d.range.start);
  const hint = d.suggestion ? ` (did you mean '${d.suggestion}'?)` : '';
  return `${file}:${line}:${column}: ${d.severity} ${d.code}: ${d.message}${hint}`;
}

let distanceRow = new Uint32Array(65);

/** Edit distance, for "did you mean"; above `cutoff` it stops early and returns cutoff + 1. */
export function editDistance(a: string, b: string, cutoff = Infinity): number {
  if (Math.abs(a.length - b.length) > cutoff) return cutoff + 1;
  if (distanceRow.length <= b.length) distanceRow = new Uint32Array(b.length + 1);
  const row = distanceRow;
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    let smallest = row[0];
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
      if (row[j] < smallest) smallest = row[j];
    }
    // Every later row is at least the smallest of this one: the distance can only grow.
    if (smallest > cutoff) return cutoff + 1;
  }
  return row[b.length];
}

/** Names longer than this get no suggestion: nobody mistypes a name that long, and comparing them costs. */
export const maxSuggestedLength = 64;

/**
 * Letter-by-letter comparisons "did you mean" may make in one analysis, so a file cannot make it slow:
 * a file of thousands of typos gets suggestions for the first hundreds, then plain messages.
 * `analyze` resets it, so the same text always gets the same suggestions.
 */
export const suggestionBudget = 20_000_000;
let comparisonsLeft = suggestionBudget;
export function resetSuggestionBudget(): void { comparisonsLeft = suggestionBudget; }

/**
 * The closest candidate, if it is close enough to be a likely typo (a third of the name's letters).
 * Linear in the candidates: a candidate whose length alone rules it out is skipped, and a distance
 * is only computed up to the best found so far.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > maxSuggestedLength) return undefined;
  const allowed = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    comparisonsLeft -= name.length * candidate.length;
    if (comparisonsLeft < 0) return undefined;
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) { best = candidate; bestDistance = distance; }
  }
  return best;
}
