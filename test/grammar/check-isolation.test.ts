/**
 * A check that throws is a bug of Regola: it becomes one diagnostic on the node it was checking,
 * and every other diagnostic of the file is still reported. The checks are made to fail through
 * `analyzeWith`, which runs more checks after each kind's own.
 */
import { describe, expect, it } from 'vitest';
import { analyze, analyzeWith, LineIndex, type Analysis, type ExtraChecks } from '../../grammar/index.ts';

const text = `game "G" { players 2 }
tokens Oro
var conta = 0
turns {
  gain 1 Oro
  set cont = 1
  if conta > 0 { gain 2 Oro to current }
  end turn
  log "mai"
}
rule inutile { gain 1 Oro }
`;

function report(analysis: Analysis): string[] {
  const lines = new LineIndex(text);
  return analysis.diagnostics.map((d) => {
    const { line, column } = lines.position(d.range.start);
    return `${line}:${column} ${d.severity} ${d.code}`;
  });
}

const fail = () => { throw new TypeError('a bug'); };
const clean = report(analyze(text));

describe('a check that throws', () => {
  it('the file has mistakes of its own to lose', () => {
    expect(clean).toEqual(['6:7 error name/unknown', '9:3 warning flow/unreachable', '11:6 warning rule/unused']);
  });

  it('on a statement: one diagnostic at each statement it failed on, and every other diagnostic of the file', () => {
    const extra: ExtraChecks = { statements: { gain: [fail] } };
    expect(report(analyzeWith(text, extra))).toEqual([
      '5:3 error internal/check-failed', '6:7 error name/unknown', '7:18 error internal/check-failed',
      '9:3 warning flow/unreachable', '11:6 warning rule/unused', '11:16 error internal/check-failed',
    ]);
  });

  it('names the check and says the bug is Regola\'s, not the rules\'', () => {
    const failed = analyzeWith(text, { statements: { 'end-turn': [fail] } }).diagnostics.filter((d) => d.code === 'internal/check-failed');
    expect(failed.map((d) => d.message)).toEqual([
      "the check of the 'end-turn' statement failed here (TypeError): this is a bug in Regola, not a mistake in the rules; please report it with the file. Every other check of the file still ran",
    ]);
  });

  it('on a declaration: one diagnostic on that declaration, the others still declared and checked', () => {
    const analysis = analyzeWith(text, { declarations: { tokens: [fail] } });
    expect(report(analysis)).toEqual(['2:1 error internal/check-failed', ...clean]);
    // The failing check ran after the kind's own: the token is declared, so `gain 1 Oro` is clean.
    expect(analysis.schema.tokens).toEqual(['Oro']);
    expect(analysis.ok).toBe(false);
  });

  it('leaves what ends the turn to the checks that did not fail', () => {
    // `end turn` still ends the turn, so the log after it is still unreachable.
    expect(report(analyzeWith(text, { statements: { 'end-turn': [fail] } }))).toContain('9:3 warning flow/unreachable');
  });

  it('is not kept as the last analysis: the same text analysed plainly has no such diagnostic', () => {
    analyzeWith(text, { statements: { gain: [fail] } });
    expect(report(analyze(text))).toEqual(clean);
  });
});
