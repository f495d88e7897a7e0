/**
 * The codes of docs/diagnostics.md and the codes the project reports are the same list: every code
 * a message of the grammar's catalogue (grammar/messages.ts) carries, and every code of the table
 * of codes, has its section in the doc; every section is a code that exists. And the grammar writes
 * its messages only in the catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codes } from '../../grammar/index.ts';
import * as catalogue from '../../grammar/messages.ts';
import { coverageCodes } from '../../rulebook/index.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(join(root, 'docs/diagnostics.md'), 'utf8');
/** The codes with a section of their own (`### \`name/unknown\``). */
const documented = new Set([...doc.matchAll(/^### `([a-z]+\/[a-z-]+)`$/gm)].map((m) => m[1]));
/** The codes listed in the summary table. */
const summarised = new Set([...doc.matchAll(/^\| \[`([a-z]+\/[a-z-]+)`\]\(#[a-z-]+\)/gm)].map((m) => m[1]));

const messages = Object.entries(catalogue).filter((entry): entry is [string, catalogue.MessageFunction<unknown[]>] =>
  typeof entry[1] === 'function' && 'code' in entry[1]);
const catalogueCodes = new Set(messages.map(([, message]) => message.code));
const known = new Set<string>([...Object.values(codes), ...Object.values(coverageCodes)]);

describe('the codes of docs/diagnostics.md', () => {
  it('the catalogue has its messages, each with a code and a severity', () => {
    expect(messages.length).toBeGreaterThan(150);
    for (const [name, message] of messages) expect(['error', 'warning'], name).toContain(message.severity);
  });

  it('every code a message of the catalogue carries is documented, in a section and in the summary', () => {
    expect([...catalogueCodes].filter((code) => !documented.has(code))).toEqual([]);
    expect([...catalogueCodes].filter((code) => !summarised.has(code))).toEqual([]);
  });

  it('every code of the table of codes is documented', () => {
    expect([...known].filter((code) => !documented.has(code))).toEqual([]);
  });

  it('every documented code exists', () => {
    expect(documented.size).toBeGreaterThan(40);
    expect([...documented].filter((code) => !known.has(code))).toEqual([]);
    expect([...summarised].filter((code) => !known.has(code))).toEqual([]);
  });
});

describe('the messages of the grammar', () => {
  // The parser's messages (parse-messages.ts) and the misspelt declaration word go with the
  // words of the constructs (declaration-words.ts): these two calls make them.
  const passedOn = ['misspelt-declaration.ts', 'parse.ts'];

  it('are written only in the catalogue: no file of grammar/ makes a diagnostic of its own text', () => {
    const grammar = join(root, 'grammar');
    const inline: string[] = [];
    for (const file of readdirSync(grammar)) {
      if (!file.endsWith('.ts') || file === 'diagnostics.ts') continue;
      const source = readFileSync(join(grammar, file), 'utf8');
      for (const _ of source.matchAll(/\bdiagnostic\(|\b(?:error|warn)\(codes\./g)) inline.push(file);
    }
    expect(inline.sort()).toEqual(passedOn);
  });
});
