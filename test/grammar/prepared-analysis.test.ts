/**
 * The CLI's bundle parses with lookahead tables made at build time instead of Chevrotain's
 * self-analysis (grammar/prepared-analysis.ts). A parser built from the tables must read every
 * file exactly as one that analysed itself: same tree, same diagnostics, the syntax errors' messages
 * and recovery included (those read the grammar of a parser analysed in full, made on demand).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from '../../grammar/parse.ts';
import { analyze } from '../../grammar/index.ts';
import { RulesParser } from '../../grammar/parser.ts';
import { grammarTables, type GrammarTables } from '../../grammar/prepared-analysis.ts';

const root = join(import.meta.dirname, '..', '..');
const files = (dir: string, suffix: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith(suffix)).map((f) => join(root, dir, f));
const texts = [
  ...files('rules', '.rules'), ...files('rules/examples', '.rules'), ...files('test/fuzz/corpus', '.rules'),
  ...readdirSync(join(root, 'test/grammar/cases')).map((c) => join(root, 'test/grammar/cases', c, 'input.rules')),
].map((file) => readFileSync(file, 'utf8'));

/** Broken copies: cut short at a few places, a brace taken out, a word doubled, so recovery and messages run. */
function broken(text: string): string[] {
  const out: string[] = [];
  for (const at of [0.13, 0.37, 0.61, 0.89]) out.push(text.slice(0, Math.floor(text.length * at)));
  const brace = text.indexOf('}', text.length >> 1);
  if (brace > 0) out.push(text.slice(0, brace) + text.slice(brace + 1));
  const space = text.indexOf(' ', text.length >> 2);
  if (space > 0) out.push(`${text.slice(0, space)} choose if ${text.slice(space)}`);
  return out;
}

async function preparedGraph(tables: GrammarTables) {
  vi.resetModules();
  const prepared = await import('../../grammar/prepared-analysis.ts');
  prepared.useGrammarTables(tables);
  const parser = await import('../../grammar/parser.ts');
  const made = new parser.RulesParser();
  return {
    restored: typeof Object.getOwnPropertyDescriptor(made, 'gastProductionsCache')?.get === 'function',
    parse: (await import('../../grammar/parse.ts')).parse,
    analyze: (await import('../../grammar/index.ts')).analyze,
  };
}

describe('a parser built from the grammar tables', () => {
  const tables = grammarTables(new RulesParser(), texts);

  it('covers every choice and every repetition of the grammar, and survives JSON', () => {
    expect(tables.choices.length).toBeGreaterThan(100);
    expect(tables.afterRepetitions.length).toBe(tables.choices.filter((c) => c[1].startsWith('Repetition')).length);
    expect(JSON.parse(JSON.stringify(tables))).toEqual(tables);
  });

  it('reads every rules file, fuzz seed and golden case as the analysed parser does, broken copies too', async () => {
    const prepared = await preparedGraph(JSON.parse(JSON.stringify(tables)));
    expect(prepared.restored).toBe(true);
    let compared = 0;
    for (const text of texts) {
      for (const variant of [text, ...broken(text)]) {
        expect(JSON.parse(JSON.stringify(prepared.parse(variant)))).toEqual(JSON.parse(JSON.stringify(parse(variant))));
        expect(prepared.analyze(variant).diagnostics).toEqual(analyze(variant).diagnostics);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(400);
  }, 300_000);

  it('is not used when it does not fit the grammar: the parser analyses itself', async () => {
    const prepared = await preparedGraph({ ...tables, rules: tables.rules.slice(1) });
    expect(prepared.restored).toBe(false);
    const text = readFileSync(join(root, 'rules/mortadella.rules'), 'utf8');
    expect(prepared.analyze(text).diagnostics).toEqual(analyze(text).diagnostics);
  });
});
