/**
 * What "cited" and "interpreted" must mean: an interpretation names the sentence it reads (its whole
 * quote, or the id the report prints) and gives a reading; a fragment of it inside an entry about
 * something else counts for nothing and is reported; a citation that stops before the end of its
 * sentence is reported; declarations cite the sentences they implement. `strictlyCovered` is what
 * `regola coverage --strict` asks, and every seed game passes it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { coverage, readCitations, SourceIndex, strictlyCovered } from '../../rulebook/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(root + path, 'utf8');

const rulebook = 'REGOLE\n\nSi gioca in 2, 3 o 4. Ogni giocatore prende 2 Ori. Al suo turno prende 1 Oro e poi passa la mano.\nVince chi ha 5 Ori.\n';
const rules = (setupCite: string, declarationCite = '') => `game "Prova" {\n  players 2 to 4\n  source "regolamento.txt"\n}\n${declarationCite}tokens Oro\nsetup {\n  cite "${setupCite}"\n  for each p in players { gain 2 Oro to p }\n}\nturns clockwise {\n  cite "Al suo turno prende 1 Oro e poi passa la mano."\n  gain 1 Oro to current\n  cite "Vince chi ha 5 Ori."\n  if current.Oro >= 5 { win current }\n}\n`;
const statusOf = (report: ReturnType<typeof coverage>, text: string) => report.units.find((u) => u.unit.text.startsWith(text))!;

describe('interpreted: an entry that names the sentence and reads it', () => {
  const cited = rules('Ogni giocatore prende 2 Ori.');

  it('a fragment quoted in an entry about something else counts for nothing, and is reported', () => {
    const markdown = '**I-1 — The board.**\n> «gioca in 2»\n\nThe game is played on the table.\n';
    const report = coverage(cited, rulebook, markdown);
    const unit = statusOf(report, 'Si gioca');
    expect(unit).toMatchObject({ status: 'uncovered', interpretedBy: [], fragmentOf: ['I-1'] });
    expect(report.fragmentOnly).toEqual([unit.unit.index]);
    expect(strictlyCovered(report)).toBe(false);
  });

  it('the whole sentence quoted, or its printed id, with a reading, interprets it', () => {
    for (const naming of ['> «Si gioca in 2, 3 o 4.»', '> «Si gioca … 3 o 4.»', `> ${'§3.1'}`]) {
      const report = coverage(cited, rulebook, `**I-1 — How many players?**\n${naming}\n\nTwo to four: players 2 to 4.\n`);
      expect(statusOf(report, 'Si gioca'), naming).toMatchObject({ id: '§3.1', status: 'interpreted', interpretedBy: ['I-1'] });
      expect(strictlyCovered(report), naming).toBe(true);
    }
  });

  it('an entry that quotes the sentence but gives no reading interprets nothing', () => {
    const report = coverage(cited, rulebook, '**I-1 — How many players?**\n> «Si gioca in 2, 3 o 4.»\n\n**I-2 — Next.**\n> «Vince chi ha 5 Ori.»\n\nAt once.\n');
    expect(statusOf(report, 'Si gioca')).toMatchObject({ status: 'uncovered', fragmentOf: ['I-1'] });
  });
});

describe('cited: a rule or a declaration names the sentence', () => {
  it('a declaration carries the cites after it, and its sentence is cited by it', () => {
    const text = rules('Ogni giocatore prende 2 Ori.', 'tokens Argento\n  cite "Si gioca in 2, 3 o 4."\n');
    expect(analyze(text).diagnostics).toEqual([]);
    const declaration = analyze(text).ast.declarations.find((d) => d.kind === 'tokens')!;
    expect(declaration.cites ?? [(declaration as { cite?: string }).cite]).toEqual(['Si gioca in 2, 3 o 4.']);
    const report = coverage(text, rulebook);
    expect(statusOf(report, 'Si gioca').status).toBe('cited');
    expect(report.citations.find((c) => c.text.startsWith('Si gioca'))!.holder).toBe('tokens');
  });

  it('any declaration may cite, several times, and so may the game block', () => {
    const text = 'game "Prova" {\n  players 2\n  cite "Si gioca in 2, 3 o 4."\n}\nplayer pile Mano public\n  cite "Ogni giocatore prende 2 Ori."\n  cite "Vince chi ha 5 Ori."\nturns { end turn }\n';
    const { ast, diagnostics } = analyze(text);
    expect(diagnostics).toEqual([]);
    expect(ast.declarations.map((d) => d.cites)).toEqual([['Si gioca in 2, 3 o 4.'], ['Ogni giocatore prende 2 Ori.', 'Vince chi ha 5 Ori.'], undefined]);
    expect(readCitations(text).citations.map((c) => c.holder)).toEqual(['game', 'pile', 'pile']);
  });

  it('a citation that stops before the end of its sentence is reported, with the words it leaves out', () => {
    const text = rules('Ogni giocatore prende 2 Ori.').replace('cite "Al suo turno prende 1 Oro e poi passa la mano."', 'cite "Al suo turno prende 1 Oro"');
    const report = coverage(text, rulebook);
    expect(report.shortCitations).toHaveLength(1);
    expect(report.shortCitations[0].missing).toBe('e poi passa la mano');
    const warning = report.diagnostics.find((d) => d.code === 'cite/stops-short')!;
    expect(warning.message).toContain('(§3.3), short of «e poi passa la mano»');
    expect(strictlyCovered(report)).toBe(false);
    // The rest cited elsewhere, by another rule, completes the sentence.
    const completed = text.replace('  gain 1 Oro to current\n', '  gain 1 Oro to current\n  cite "e poi passa la mano."\n');
    expect(coverage(completed, rulebook).shortCitations).toEqual([]);
  });
});

describe('the seed games', () => {
  it.each(['mortadella', 'notav', 'risiko', '1984', 'percorsi'])('%s passes --strict: every rule sentence cited or interpreted, no citation stopping short', (name) => {
    const text = read(`rules/${name}.rules`);
    const report = coverage(text, new SourceIndex(read(`rules/${readCitations(text).source!.name}`)), read(`docs/interpretations/${name}.md`));
    expect(report.units.filter((u) => u.status === 'uncovered').map((u) => `${u.id} ${u.unit.text.slice(0, 60)}`)).toEqual([]);
    expect(report.shortCitations).toEqual([]);
    expect(strictlyCovered(report)).toBe(true);
  });
});
