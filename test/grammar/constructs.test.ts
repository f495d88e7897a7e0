/**
 * The catalogue of constructs (grammar/constructs.ts) and its walker: every construct of the AST has
 * its entry, the walker reaches every node a file has, and the parser's message names every way of
 * starting a declaration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  analyze, declarationCatalogue, declarationForms, declarationWords, statementCatalogue, statementForms, walk, walkExpression,
  type AST, type StatementCatalogue, type DeclarationCatalogue,
} from '../../grammar/index.ts';

const rulesDirectory = new URL('../../rules/', import.meta.url);
const casesDirectory = new URL('./cases/', import.meta.url);
const files: [string, string][] = [
  ...readdirSync(rulesDirectory).filter((f) => f.endsWith('.rules')).map((f): [string, string] => [f, readFileSync(new URL(f, rulesDirectory), 'utf8')]),
  ...readdirSync(new URL('examples/', rulesDirectory)).map((f): [string, string] => [f, readFileSync(new URL(`examples/${f}`, rulesDirectory), 'utf8')]),
  ...readdirSync(casesDirectory).map((c): [string, string] => [c, readFileSync(new URL(`${c}/input.rules`, casesDirectory), 'utf8')]),
];

// A catalogue that misses one kind's entry is not a catalogue: this is how a new kind of the AST
// without its entry fails to compile (tsc reports an unused directive if the type ever stops requiring it).
const { shuffle: _shuffle, ...withoutShuffle } = statementCatalogue;
// @ts-expect-error a statement kind without its entry
const incompleteStatements: StatementCatalogue = withoutShuffle;
const { grid: _grid, ...withoutGrid } = declarationCatalogue;
// @ts-expect-error a declaration kind without its entry
const incompleteDeclarations: DeclarationCatalogue = withoutGrid;
void incompleteStatements; void incompleteDeclarations;

interface Reached { declarations: Set<object>; statements: Set<object>; expressions: Set<object>; names: Set<object>; clauses: Set<object> }
const reached = (): Reached => ({ declarations: new Set(), statements: new Set(), expressions: new Set(), names: new Set(), clauses: new Set() });

/** Every node of a file, found by looking into every field of every object (what the walker must match). */
function everyNode(file: AST.RulesFile): Reached {
  const found = reached();
  const visit = (value: unknown, key: string): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) { for (const item of value) visit(item, key); return; }
    const node = value as Record<string, unknown>;
    if (key === 'declarations') found.declarations.add(node);
    else if (key === 'statements') found.statements.add(node);
    else if (typeof node.kind === 'string' && node.kind !== 'detail') found.expressions.add(node);
    else if (typeof node.text === 'string' && typeof node.quoted === 'boolean') found.names.add(node);
    else if (typeof node.label === 'string' && node.body) found.clauses.add(node);
    for (const field in node) if (field !== 'range') visit(node[field], field);
  };
  visit(file, '');
  return found;
}

function walked(file: AST.RulesFile): Reached {
  const found = reached();
  walk(file, {
    declaration: (n) => { found.declarations.add(n); },
    statement: (n) => { found.statements.add(n); },
    expression: (n) => { found.expressions.add(n); },
    name: (n) => { found.names.add(n); },
    clause: (n) => { found.clauses.add(n); },
  });
  return found;
}

const describeNode = (text: string, node: object) => {
  const range = (node as { range?: AST.Range }).range;
  return `${(node as { kind?: string }).kind ?? 'node'} '${range ? text.slice(range.start, range.end).slice(0, 60) : ''}'`;
};

describe('the walker', () => {
  it.each(files)('reaches every declaration, statement, expression, name and option clause of %s', (_, text) => {
    const { ast } = analyze(text);
    const all = everyNode(ast);
    const seen = walked(ast);
    for (const part of ['declarations', 'statements', 'expressions', 'names', 'clauses'] as const) {
      const missed = [...all[part]].filter((node) => !seen[part].has(node)).map((node) => describeNode(text, node));
      expect(missed, part).toEqual([]);
      expect(seen[part].size, part).toBe(all[part].size);
    }
  });

  it('visits parents before their parts, in the order written, and skips the parts when told', () => {
    const { ast } = analyze('game "G" { players 2 }\ntokens Oro\nturns {\n  if current.Oro > 1 { gain 1 Oro } else { shuffle Mazzo }\n}\n');
    const order: string[] = [];
    walk(ast, { statement: (s) => { order.push(s.kind); }, expression: (e) => { order.push(e.kind); } });
    expect(order).toEqual(['if', 'binary', 'member', 'current', 'number', 'gain', 'number', 'name', 'shuffle', 'name']);
    const skipped: string[] = [];
    walk(ast, { statement: (s) => { skipped.push(s.kind); return s.kind === 'if' ? false : undefined; } });
    expect(skipped).toEqual(['if']);
    const inside: string[] = [];
    walkExpression((ast.declarations[2] as AST.TurnsDecl).body.statements[0].kind === 'if' ? ((ast.declarations[2] as AST.TurnsDecl).body.statements[0] as AST.IfStmt).condition : { kind: 'none', range: { start: 0, end: 0 } }, { expression: (e) => { inside.push(e.kind); } });
    expect(inside).toEqual(['binary', 'member', 'current', 'number']);
  });
});

describe('the catalogue', () => {
  it('every form of a declaration, as its snippet writes it, parses as that kind of declaration', () => {
    for (const form of declarationForms) {
      const text = `game "G" { players 2 }\n${expand(form.snippet)}\n`;
      const { ast, diagnostics } = analyze(text);
      expect(diagnostics.filter((d) => d.code.startsWith('syntax')), form.words).toEqual([]);
      expect(ast.declarations.map((d) => d.kind), form.words).toContain(form.kind);
    }
  });

  it('every form of a statement, as its snippet writes it, parses as that kind of statement', () => {
    for (const form of statementForms) {
      const { ast, diagnostics } = analyze(`game "G" { players 2 }\nturns {\n${expand(form.snippet)}\n}\n`);
      expect(diagnostics.filter((d) => d.code.startsWith('syntax')), form.words).toEqual([]);
      const kinds: string[] = [];
      walk(ast, { statement: (s) => { kinds.push(s.kind); } });
      expect(kinds[0], form.words).toBe(form.kind);
    }
  });

  it('every way of starting a declaration starts with a declaration word', () => {
    for (const form of declarationForms) expect(declarationWords.has(form.words.split(' ')[0])).toBe(true);
    expect([...declarationWords]).toEqual(expect.arrayContaining(['game', 'player', 'secret', 'at', 'look', 'estimate', 'define', 'grid', 'pieces']));
  });
});

describe("the parser's message where no declaration starts", () => {
  it('names every way of starting a declaration', () => {
    const { diagnostics } = analyze('game "G" { players 2 }\n} 3\n');
    const message = diagnostics.find((d) => d.message.includes('expected a declaration'))?.message ?? '';
    expect(message).not.toBe('');
    for (const form of declarationForms) expect(message, form.words).toContain(form.words);
    for (const word of declarationWords) expect(message, word).toMatch(new RegExp(`\\b${word}\\b`));
  });
});

/** A snippet as inserted with its placeholders' defaults (`${1:Mazzo}` → `Mazzo`, `$0` → nothing). */
export function expand(snippet: string): string {
  return snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '').replace(/\t/g, '  ');
}
