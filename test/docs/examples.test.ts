/**
 * Every ```rules example in docs/language.md, docs/planned.md and docs/diagnostics.md is checked
 * against the real grammar and engine, so the documentation cannot drift from the language. The
 * HTML comment before an example says how:
 *   <!-- check: file -->      a whole file            <!-- check: decl -->  declarations (prelude added)
 *   <!-- check: stmt -->      statements in the turn  <!-- check: setup --> statements in the setup
 *   <!-- check: planned -->   a planned construct (declarations; `planned stmt`: statements; `planned file`: a whole file):
 *                             reported as language/planned, citing an anchor of docs/planned.md, with no syntax
 *                             error and no unknown function beside it
 *   … expect CODE[,CODE]      exactly these codes must be reported
 *   <!-- check: run players=N variant=V moves=SEAT:choice|… expect CODE -->  start it, play, expect the code
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { applyMove, compileRules, startGame } from '../../interpreter/index.ts';

const prelude = `game "Esempio" { players 2 to 5 }
tokens Popolo, Torre, Libro, Mortadella reserve 40
die Dado faces Popolo, Torre, Libro, Mortadella, Vino, Ratto
dice Dadi: 5 Dado marks tenuto, passato, risolto
player var salta = false
var deus = none
option regoleAggiuntive = true
`;

interface Example { where: string; directive: string; snippet: string }

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');

/** The anchors docs/planned.md declares (`<a id="hand-limit"></a>`), which messages cite. */
const plannedAnchors = new Set([...read('docs/planned.md').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));

function examples(file: string): Example[] {
  const text = read(file);
  const pattern = /(?:<!--\s*check:\s*([^>]*?)\s*-->\s*\n)?```rules\n([\s\S]*?)```/g;
  return [...text.matchAll(pattern)].map((m) => ({
    where: `${file}:${text.slice(0, m.index).split('\n').length}`, directive: (m[1] ?? '').trim(), snippet: m[2],
  }));
}

function runCode(example: Example): string | undefined {
  const { directive, snippet } = example;
  const players = Number(/players=(\d+)/.exec(directive)?.[1] ?? 2);
  const variant = /variant=(\S+)/.exec(directive)?.[1] ?? null;
  const moves = (/moves=(\S+)/.exec(directive)?.[1] ?? '').split('|').filter(Boolean)
    .map((m) => ({ player: Number(m.split(':')[0]), choice: m.split(':').slice(1).join(':').replace(/_/g, ' ') }));
  const compiled = compileRules(snippet);
  expect(compiled.definition, `${example.where} compiles`).not.toBeNull();
  const started = startGame(compiled.definition!, { players, variant, seed: 1 });
  if (!started.ok) return started.diagnostic.code;
  let state = started.state;
  let code = state.error?.code;
  for (const move of moves) {
    const result = applyMove(compiled.definition!, state, move);
    if (!result.ok) return result.diagnostic.code;
    state = result.state;
    code = state.error?.code;
  }
  return code;
}

for (const file of ['docs/language.md', 'docs/planned.md', 'docs/diagnostics.md']) {
  describe(`the examples of ${file}`, () => {
    for (const example of examples(file)) {
      it(`${example.where}: ${example.directive || '(no check directive)'}`, () => {
        expect(example.directive, 'every example says how to check it').not.toBe('');
        const [mode] = example.directive.split(/\s+/);
        const expected = /expect\s+(\S+)/.exec(example.directive)?.[1].split(',') ?? [];
        if (mode === 'run') {
          expect(expected).toContain(runCode(example) ?? '');
          return;
        }
        const { snippet } = example;
        const plannedMode = mode === 'planned' ? example.directive.split(/\s+/)[1] ?? 'decl' : undefined;
        if (plannedMode) {
          const source = plannedMode === 'stmt' ? `${prelude}turns clockwise {\n${snippet}\n}\n`
            : plannedMode === 'file' ? `${snippet}\n${/^\s*turns\b/m.test(snippet) ? '' : 'turns clockwise { }\n'}`
              : `${prelude}${snippet}\n${/^\s*turns\b/m.test(snippet) ? '' : 'turns clockwise { }\n'}`;
          const found = analyze(source).diagnostics;
          expect(found.length, 'a planned construct does not check clean yet').toBeGreaterThan(0);
          const planned = found.filter((d) => d.code === 'language/planned');
          expect(planned.length, 'a planned construct is reported as language/planned').toBeGreaterThan(0);
          for (const d of planned) {
            const anchor = /planned \(docs\/planned\.md#([a-z0-9-]+)\)/.exec(d.message)?.[1];
            expect(anchor, `${d.message} cites docs/planned.md#anchor`).toBeDefined();
            expect(plannedAnchors.has(anchor!), `docs/planned.md has the anchor ${anchor}`).toBe(true);
          }
          // Nothing misleading beside it: no syntax error, no unknown function (names the fragment does not declare may be unknown).
          expect(found.filter((d) => d.code.startsWith('syntax/') || d.code === 'name/unknown-function' || d.code === 'flow/turns-missing')
            .map((d) => `${d.code}: ${d.message}`)).toEqual([]);
          return;
        }
        const source = mode === 'stmt' ? `${prelude}turns clockwise {\n${snippet}\n}\n`
          : mode === 'setup' ? `${prelude}setup {\n${snippet}\n}\nturns clockwise { }\n`
            : mode === 'decl' ? `${prelude}${snippet}\n${/^\s*turns\b/m.test(snippet) ? '' : 'turns clockwise { }\n'}`
              : snippet;
        const diagnostics = analyze(source).diagnostics;
        expect(diagnostics.filter((d) => !expected.includes(d.code)).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
        for (const code of expected) expect(diagnostics.map((d) => d.code)).toContain(code);
      });
    }
  });
}
