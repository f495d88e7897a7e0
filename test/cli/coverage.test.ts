/** `regola coverage` and the citation warnings of `regola check`, run as a user runs them (issue 13). */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const scratch = mkdtempSync(join(tmpdir(), 'regola-coverage-'));

function regola(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A small game and its rulebook in a folder of their own (the source is found beside the rules). */
function smallGame(cite: string, withSource = true): string {
  const folder = mkdtempSync(join(scratch, 'game-'));
  if (withSource) writeFileSync(join(folder, 'regolamento.txt'), 'REGOLE\n\nOgni giocatore prende 2 Ori. Al suo turno prende 1 Oro.\nVince chi ha 5 Ori.\n');
  const file = join(folder, 'prova.rules');
  writeFileSync(file, `game "Prova" {\n  players 2 to 4\n  source "regolamento.txt"\n}\ntokens Oro\nsetup {\n  cite "Ogni giocatore prende 2 Ori."\n  for each p in players { gain 2 Oro to p }\n}\nturns clockwise {\n  do Prendi(current)\n  if current.Oro >= 5 { win current }\n}\nrule Prendi(p) {\n  cite "${cite}"\n  gain 1 Oro to p\n}\n`);
  return file;
}

describe('regola coverage', () => {
  it('prints each sentence of the Mortadella rulebook by its id, with the rules citing it or the interpretation reading it, and a summary with none uncovered', () => {
    const { code, out } = regola(['coverage', 'rules/mortadella.rules', '--strict']);
    expect(code).toBe(0);
    expect(out).toContain('rules/mortadella.rules against rules/sources/003_bad29c3c42759900.txt (interpretations: docs/interpretations/mortadella.md)');
    expect(out).toMatch(/^ +§17\.2 {2}cited {8}«All’inizio della partita si trovano tutti al centro del tavolo \(riserva…» {2}← rules 13 tokens; interpretation I-1$/m);
    expect(out).toMatch(/^ +§272 {2}interpreted {2}«Quando un numero è seguito da “\+” .*← interpretation I-30$/m);
    expect(out).toMatch(/^ +§3\.1 {2}not a rule {3}«Bologna, XIII secolo\.»$/m);
    expect(out).toMatch(/cited \d+ · interpreted \d+ · not covered 0 · not rules \d+ \(198 sentences and lines\)\n$/);
    expect(out).not.toMatch(/(?<!not )covered \d/);
  });

  it('gives the same report as JSON', () => {
    const { code, out } = regola(['coverage', 'rules/risiko.rules', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.counts.uncovered).toBe(0);
    expect(Object.keys(report.counts)).toEqual(['cited', 'interpreted', 'uncovered', 'notRules']);
    expect(report.units).toHaveLength(80);
    const twoWays = report.units.find((unit: { text: string }) => unit.text.startsWith('Esistono due modi'));
    expect(twoWays).toMatchObject({ id: '§35', line: 35, status: 'interpreted', interpretedBy: ['R-35'] });
    expect(report.shortCitations).toEqual([]);
    expect(report.fragmentOnly).toEqual([]);
    expect(report.citations.every((c: { status: string }) => c.status === 'exact' || c.status === 'marker')).toBe(true);
    expect(report.uncitedRules).toEqual([]);
  });

  it('with --strict exits 1 while a sentence carrying a rule is uncovered, and lists the rules citing nothing', () => {
    const file = smallGame('Al suo turno prende 1 Oro.');
    const plain = regola(['coverage', file]);
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^ +§4 {2}NOT COVERED {2}«Vince chi ha 5 Ori\.»$/m);
    expect(plain.out).toContain('cited 2 · interpreted 0 · not covered 1 · not rules 1 (4 sentences and lines)');
    expect(regola(['coverage', file, '--strict']).code).toBe(1);
  });

  it('with --strict exits 1 on a citation that stops before the end of its sentence, naming the words left out', () => {
    const file = smallGame('Al suo turno prende 1');
    const plain = regola(['coverage', file]);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain(`${file}:15:8: warning cite/stops-short: this citation stops before the end of its sentence (§3.2), short of «Oro»`);
    expect(plain.out).toContain('· citations stopping short 1 (4 sentences and lines)');
    expect(regola(['coverage', file, '--strict']).code).toBe(1);
  });

  it('with --strict exits 1 on a sentence whose only link is a fragment quoted in an entry about something else', () => {
    const file = smallGame('Al suo turno prende 1 Oro.');
    const interpretations = join(scratch, 'prova.md');
    writeFileSync(interpretations, '**I-1 — The gold.**\n> «Vince chi»\n\nWhoever reaches 5 gold first.\n');
    const strict = regola(['coverage', file, '--interpretations', interpretations, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/^ +§4 {2}NOT COVERED {2}«Vince chi ha 5 Ori\.» {2}← only a fragment in I-1, which counts for nothing$/m);
    expect(strict.out).toContain('sentences whose only link is a fragment quoted in an entry about something else: §4 (I-1)');
    writeFileSync(interpretations, '**I-1 — The gold.**\n> «Vince chi ha 5 Ori.»\n\nWhoever reaches 5 gold first.\n');
    expect(regola(['coverage', file, '--interpretations', interpretations, '--strict']).code).toBe(0);
  });

  it('passes --strict on every seed game', () => {
    for (const game of ['mortadella', 'notav', 'risiko', '1984', 'percorsi']) expect(regola(['coverage', `rules/${game}.rules`, '--strict']).code, game).toBe(0);
  });

  it('warns of a citation that is not in the source at its file:line:col', () => {
    const file = smallGame('Al suo turno ruba 3 Ori.');
    const { out } = regola(['coverage', file]);
    expect(out).toContain(`${file}:15:8: warning cite/not-in-source: this citation is not in the source`);
  });

  it('refuses a rules file whose source cannot be read, and takes --source instead', () => {
    const file = smallGame('Al suo turno prende 1 Oro.', false);
    const refused = regola(['coverage', file]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('names no source text that can be read');
    const other = join(scratch, 'altro.txt');
    writeFileSync(other, 'Al suo turno prende 1 Oro.\n');
    expect(regola(['coverage', file, '--source', other]).out).toContain('cited 1 · interpreted 0 · not covered 0');
  });
});

describe('regola check and the rulebook', () => {
  it('warns of a citation not in the source when the source is beside the rules, and is silent when it is not', () => {
    const wrong = smallGame('Al suo turno ruba 3 Ori.');
    const { code, out } = regola(['check', wrong]);
    expect(code).toBe(0);
    expect(out).toContain(`${wrong}:15:8: warning cite/not-in-source: this citation is not in the source`);
    expect(out).toContain('no errors, 1 warning');
    expect(regola(['check', smallGame('Al suo turno ruba 3 Ori.', false)]).out).toMatch(/no errors\n$/);
  });

  it('finds the seed games\' citations all in their rulebooks', () => {
    for (const game of ['mortadella', 'notav', 'risiko']) {
      expect(regola(['check', `rules/${game}.rules`]).out).toBe(`rules/${game}.rules: no errors\n`);
    }
  });

  it('flags a quote edited by one word as inexact, with the passage it is close to', () => {
    const folder = join(scratch, 'risiko');
    mkdirSync(join(folder, 'sources'), { recursive: true });
    copyFileSync(join(root, 'rules/sources/001_878e845fee3870af.txt'), join(folder, 'sources/001_878e845fee3870af.txt'));
    const file = join(folder, 'risiko.rules');
    writeFileSync(file, readFileSync(join(root, 'rules/risiko.rules'), 'utf8').replace('si impadronisce anche delle sue parte.', 'si impadronisce anche delle sue carte.'));
    const { out } = regola(['check', file]);
    expect(out).toMatch(/warning cite\/inexact: this citation differs from the source \(a 99% match, line 57: «Quando lâattaccante distrugge/);
  });
});
