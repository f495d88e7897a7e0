/**
 * `tokens Popolox` (one typo in a declaration) once gave 20 errors at the use sites and no
 * did-you-mean: now one error at the declaration, with the spelling the rules use.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';

const mortadella = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');
const errors = (text: string) => {
  const lines = new LineIndex(text);
  return analyze(text).diagnostics.filter((d) => d.severity === 'error').map((d) => {
    const at = lines.position(d.range.start);
    return { at: `${at.line}:${at.column}`, code: d.code, message: d.message, suggestion: d.suggestion };
  });
};

describe('a misspelt token declaration', () => {
  it('is one error at the declaration, with the spelling the rules use', () => {
    const text = mortadella.replace('tokens Popolo,', 'tokens Popolox,');
    expect(errors(text)).toEqual([{
      at: '12:8', code: 'name/unknown', suggestion: 'Popolo',
      message: "the token is declared as 'Popolox', but the rules use 'Popolo' (20 errors follow from it)",
    }]);
  });

  it('leaves another mistake of the file its own error', () => {
    const text = mortadella.replace('tokens Popolo,', 'tokens Popolox,').replace('gain 1 Mortadella to p', 'gain 1 Mortadela to p');
    const found = errors(text);
    expect(found.filter((e) => e.message.includes('Popolox'))).toHaveLength(1);
    expect(found.some((e) => e.message.includes('Mortadela'))).toBe(true);
  });

  it('changes nothing when the declared token is used', () => {
    expect(errors(mortadella)).toEqual([]);
    const typoAtUse = mortadella.replace('goal Popolo >= 2 and Torre >= 2 and Libro >= 2 and Mortadella >= 5', 'goal Popolo >= 2 and Torrre >= 2 and Libro >= 2 and Mortadella >= 5');
    expect(errors(typoAtUse).every((e) => !e.message.includes('declared as'))).toBe(true);
  });
});
