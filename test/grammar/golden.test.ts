/**
 * Golden tests for the checker: one folder per case under test/grammar/cases/, holding
 * `input.rules` and `expected.txt`. expected.txt lists each diagnostic on its own line as
 *
 *     line:col severity code: message (did you mean 'X'?)
 *
 * (1-based line and column of the diagnostic's start; the hint only when there is a suggestion),
 * followed, for a diagnostic with quick fixes, by one indented `fix TITLE: LINE` per fix: the
 * diagnostic's line as the fix leaves it.
 * A clean case has an empty expected.txt.
 *
 * On a mismatch the runner writes `actual.txt` beside the case and fails; on a match it removes a
 * stale actual.txt. With UPDATE_GOLDEN=1 it rewrites expected.txt instead of comparing.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex, type Diagnostic } from '../../grammar/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const casesDir = join(here, 'cases');
const update = process.env.UPDATE_GOLDEN === '1';

function formatGolden(text: string, diagnostics: Diagnostic[]): string {
  const index = new LineIndex(text);
  return diagnostics.map((d) => {
    const { line, column } = index.position(d.range.start);
    const hint = d.suggestion ? ` (did you mean '${d.suggestion}'?)` : '';
    const fixes = (d.fixes ?? []).map((fix) => `\n    fix ${fix.title}: ${fixedLine(text, fix.edits, line)}`).join('');
    return `${line}:${column} ${d.severity} ${d.code}: ${d.message}${hint}${fixes}`;
  }).join('\n');
}

/** The diagnostic's line as a quick fix leaves it (the edits applied from the last backwards). */
function fixedLine(text: string, edits: { range: { start: number; end: number }; text: string }[], line: number): string {
  let fixed = text;
  for (const edit of [...edits].sort((a, b) => b.range.start - a.range.start)) fixed = fixed.slice(0, edit.range.start) + edit.text + fixed.slice(edit.range.end);
  return fixed.split(/\r\n?|\n/)[line - 1].trim();
}

/** Line endings and a final newline are not part of the expectation. */
const normalize = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');

const cases = readdirSync(casesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(casesDir, entry.name, 'input.rules')))
  .map((entry) => entry.name)
  .sort();

describe('golden cases', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of cases) {
    it(name, () => {
      const dir = join(casesDir, name);
      const text = readFileSync(join(dir, 'input.rules'), 'utf8');
      const analysis = analyze(text);
      for (const d of analysis.diagnostics) {
        expect(d.range.start, `${d.code} start`).toBeGreaterThanOrEqual(0);
        expect(d.range.end, `${d.code} end`).toBeGreaterThanOrEqual(d.range.start);
        expect(d.range.end, `${d.code} end`).toBeLessThanOrEqual(text.length);
      }
      const actual = formatGolden(text, analysis.diagnostics);
      const expectedPath = join(dir, 'expected.txt');
      const actualPath = join(dir, 'actual.txt');
      if (update) {
        writeFileSync(expectedPath, actual ? `${actual}\n` : '');
        rmSync(actualPath, { force: true });
        return;
      }
      if (!existsSync(expectedPath)) {
        writeFileSync(actualPath, actual ? `${actual}\n` : '');
        expect.fail(`${name}: no expected.txt (run with UPDATE_GOLDEN=1 to create it; actual.txt written)`);
      }
      const expected = normalize(readFileSync(expectedPath, 'utf8'));
      if (actual !== expected) {
        writeFileSync(actualPath, actual ? `${actual}\n` : '');
      } else {
        rmSync(actualPath, { force: true });
      }
      expect(actual, `${name}: diagnostics differ from expected.txt (see actual.txt)`).toBe(expected);
    });
  }
});

describe('golden cases: properties beyond the listing', () => {
  const read = (name: string) => readFileSync(join(casesDir, name, 'input.rules'), 'utf8');

  it('rules/mortadella.rules checks clean', () => {
    const analysis = analyze(readFileSync(join(here, '../../rules/mortadella.rules'), 'utf8'));
    expect(formatGolden('', analysis.diagnostics)).toBe('');
    expect(analysis.ok).toBe(true);
  });

  for (const name of cases.filter((c) => c.startsWith('clean-'))) {
    it(`${name} is ok and has no diagnostics`, () => {
      const analysis = analyze(read(name));
      expect(analysis.diagnostics).toEqual([]);
      expect(analysis.ok).toBe(true);
    });
  }

  it('several-errors reports errors on at least 3 distinct lines in one pass', () => {
    const text = read('several-errors');
    const index = new LineIndex(text);
    const analysis = analyze(text);
    const lines = new Set(analysis.diagnostics.filter((d) => d.severity === 'error').map((d) => index.position(d.range.start).line));
    expect(lines.size).toBeGreaterThanOrEqual(3);
    expect(analysis.diagnostics.some((d) => d.code.startsWith('syntax/'))).toBe(true);
    expect(analysis.ok).toBe(false);
  });

  // Regression (was a bug in grammar/parse.ts + parser.ts): the unclosed rule at the end of the file makes the `file` rule return no AST, so the name erro…
  it('several-errors reports its name errors too, and no false game/missing', () => {
    const analysis = analyze(read('several-errors'));
    const codes = analysis.diagnostics.map((d) => d.code);
    expect(codes).not.toContain('game/missing');
    expect(codes).toContain('name/unknown');
    expect(codes).toContain('name/unknown-attribute');
    expect(codes).toContain('type/expected-dice');
  });

  it('truncated-mortadella is reported as broken', () => {
    const analysis = analyze(read('truncated-mortadella'));
    expect(analysis.ok).toBe(false);
    expect(analysis.diagnostics.some((d) => d.code.startsWith('syntax/'))).toBe(true);
  });

  it('warnings alone keep the game buildable (ok)', () => {
    for (const name of ['unused-rule', 'unreachable-after-win']) {
      const analysis = analyze(read(name));
      expect(analysis.diagnostics.length, name).toBeGreaterThan(0);
      expect(analysis.diagnostics.every((d) => d.severity === 'warning'), name).toBe(true);
      expect(analysis.ok, name).toBe(true);
    }
  });
});
