/**
 * "Did you mean" is bounded (issue 16): a misspelt name of 100,000 letters took check 115 s, and
 * 3,000 typos in one file 20 s. Only behaviour is asserted here, never time: what is suggested,
 * what is not, and that the same text always gets the same suggestions.
 */
import { describe, expect, it } from 'vitest';
import { analyze, closest, editDistance, maxSuggestedLength } from '../../grammar/index.ts';

describe('did you mean', () => {
  it('still suggests the near name for an ordinary typo', () => {
    expect(closest('Mortadela', ['Popolo', 'Mortadella', 'Torre'])).toBe('Mortadella');
    expect(closest('Torr', ['Popolo', 'Mortadella', 'Torre'])).toBe('Torre');
    expect(closest('Xyz', ['Popolo', 'Mortadella', 'Torre'])).toBeUndefined();
  });

  it('the cut-off distance gives the same answer as the full distance when within it', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a'.repeat(50), 'b', 4)).toBe(5);
  });

  it(`a name longer than ${maxSuggestedLength} letters gets a plain message, without a suggestion`, () => {
    const long = `${'O'.repeat(100_000)}x`;
    const analysis = analyze(`game "G" { players 2 }\ntokens ${'O'.repeat(100_000)}\nturns { gain 1 ${long} }\n`);
    const unknown = analysis.diagnostics.find((d) => d.code === 'name/unknown');
    expect(unknown?.suggestion).toBeUndefined();
    expect(unknown?.range.start).toBeGreaterThan(100_000);
  });

  it('thousands of typos: the first ones get suggestions, every one is reported, the same on every run', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `Alfa${i}`);
    const text = `game "G" { players 2 }\ntokens ${names.join(', ')}\nturns {\n${Array.from({ length: 3000 }, (_, i) => `  gain 1 Alfx${i}\n`).join('')}}\n`;
    const first = analyze(text).diagnostics.filter((d) => d.code === 'name/unknown');
    const second = analyze(text).diagnostics.filter((d) => d.code === 'name/unknown');
    expect(first).toHaveLength(3000);
    expect(first[0].suggestion).toBe('Alfa0');
    expect(first.filter((d) => d.suggestion).length).toBeGreaterThan(100);
    expect(second.map((d) => d.suggestion)).toEqual(first.map((d) => d.suggestion));
  });
});
