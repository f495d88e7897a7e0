/**
 * `sum of L by a + b`: the seed games and the examples say which reading they mean, so none of
 * them is left with the warning (each one was bracketed by hand, the reading named in the commit).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';

const folders = ['rules', 'rules/examples'].map((dir) => new URL(`../../${dir}/`, import.meta.url));
const files = folders.flatMap((folder) => readdirSync(folder).filter((f) => f.endsWith('.rules')).map((f) => new URL(f, folder)));

describe('aggregates whose score runs on past an operator', () => {
  it('finds the rule files', () => expect(files.length).toBeGreaterThan(10));

  it('are bracketed one way or the other in every seed game and example', () => {
    const left = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const index = new LineIndex(text);
      return analyze(text).diagnostics.filter((d) => d.code === 'expression/ambiguous-aggregate')
        .map((d) => `${file.pathname.split('/rules/')[1]}:${index.position(d.range.start).line}`);
    });
    expect(left).toEqual([]);
  });
});
