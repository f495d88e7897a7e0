/**
 * The rulebook coverage tool (issue 13): the splitter on the five real rulebooks, matching
 * citations exactly and approximately (also through the Risiko! mojibake), the warning for a
 * citation that is not in the source, and the interpretation-file form.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../grammar/index.ts';
import { citationDiagnostics, coverage, normalise, readCitations, readInterpretations, SourceIndex, splitSource, type Unit } from '../../rulebook/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(root + path, 'utf8');
const sources = {
  notav: read('rules/sources/000_358d143e211edd95.txt'),
  risiko: read('rules/sources/001_878e845fee3870af.txt'),
  nineteen: read('rules/sources/002_914d3bf0a25f4919.txt'),
  mortadella: read('rules/sources/003_bad29c3c42759900.txt'),
  percorsi: read('rules/sources/004_451270dec6847a73.txt'),
};

const kinds = (units: Unit[]) => {
  const count: Record<string, number> = {};
  for (const unit of units) count[unit.kind] = (count[unit.kind] ?? 0) + 1;
  return count;
};
const unitWith = (units: Unit[], text: string) => units.find((unit) => unit.text.includes(text));

describe('the splitter on the real rulebooks', () => {
  it('cuts each rulebook into the same units (counts pinned)', () => {
    expect(kinds(splitSource(sources.notav))).toEqual({ heading: 4, sentence: 78 });
    expect(kinds(splitSource(sources.risiko))).toEqual({ heading: 11, item: 21, sentence: 48 });
    expect(kinds(splitSource(sources.nineteen))).toEqual({ sentence: 38, item: 6, heading: 8, other: 1 });
    expect(kinds(splitSource(sources.mortadella))).toEqual({ heading: 78, sentence: 96, other: 22, item: 2 });
    expect(kinds(splitSource(sources.percorsi))).toEqual({ sentence: 29, heading: 1, item: 7, other: 5 });
  });

  it('keeps every unit inside the text, in order, without overlaps, each the slice it says', () => {
    for (const text of Object.values(sources)) {
      let end = 0;
      for (const unit of splitSource(text)) {
        expect(unit.start).toBeGreaterThanOrEqual(end);
        expect(text.slice(unit.start, unit.end)).toBe(unit.text);
        end = unit.end;
      }
    }
  });

  it('marks headings ("Fase 1 – Sveglia", "FASE 2", "7 vizi capitali - Il troppo stroppia!") and links as not rules', () => {
    const nineteen = splitSource(sources.nineteen);
    expect(unitWith(nineteen, 'Fase 1 – Sveglia')).toMatchObject({ kind: 'heading', rule: false, text: 'Fase 1 – Sveglia' });
    const mortadella = splitSource(sources.mortadella);
    expect(mortadella.find((unit) => unit.text === 'FASE 2')).toMatchObject({ kind: 'heading', rule: false });
    expect(unitWith(mortadella, '7 vizi capitali - Il troppo stroppia!')?.kind).toBe('heading');
    expect(unitWith(mortadella, 'imgs/paesano.png')?.kind).toBe('other');
    expect(unitWith(splitSource(sources.percorsi), '[Home Page]')).toMatchObject({ kind: 'other', rule: false });
    expect(unitWith(splitSource(sources.risiko), 'PRIMA FASE: DISPOSIZIONE DELLE ARMATE')?.kind).toBe('heading');
  });

  it('does not end a sentence at an abbreviation ("ad es.", "N.B.:") but does at ".." before a capital', () => {
    const mortadella = splitSource(sources.mortadella);
    expect(unitWith(mortadella, '(ad es. 3 Ratti e 2 Vini)')?.text).toMatch(/^Se con il tiro dei dadi escono 5 simboli tra Ratto e Vino .* in gioco\.$/);
    const notav = splitSource(sources.notav);
    expect(unitWith(notav, 'N.B.: se entro')?.text).toMatch(/^N\.B\.: se entro .* \(azione e dotazione\)\.$/);
    expect(unitWith(notav, 'Agli effetti del gioco')?.text).toBe('Agli effetti del gioco non hanno valore alcuno.');
  });

  it('joins a sentence broken over lines, and one continued after a blank line with ".."', () => {
    const item = unitWith(splitSource(sources.nineteen), '-Un mazzo di 72 carte');
    expect(item?.kind).toBe('item');
    expect(item?.text).toContain('e carte “azione” (grigie e con effetti speciali);');
    const pawns = unitWith(splitSource(sources.percorsi), 'Occorre posizionare una pedina');
    expect(pawns?.text).toContain('..scegliendo una delle 4 caselle di cui è composto ogni tassello.');
  });

  it('reads bullets as list items, one unit per sentence', () => {
    const risiko = splitSource(sources.risiko);
    expect(unitWith(risiko, '• Ogni giocatore prende come dotazione iniziale 25 carri armati.')).toMatchObject({ kind: 'item', rule: true, line: 18 });
    expect(unitWith(risiko, 'Ogni carro armato rappresenta')).toMatchObject({ kind: 'item', line: 4 });
  });
});

describe('finding a citation in the source', () => {
  const risiko = new SourceIndex(sources.risiko);

  it('normalises spaces, quotes, apostrophes (the mojibake â too), accents and case, and keeps the offsets', () => {
    expect(normalise('Un’armata  “PIÙ” e\n«Però»').text).toBe(normalise("un'armata \"piu\" e \"pero'\"").text);
    expect(normalise('unâarmata').text).toBe("un'armata");
    const { text, offsets } = normalise('  A  b');
    expect(text).toBe('a b');
    expect(offsets).toEqual([2, 3, 5, 6]);
  });

  it('finds a quote exactly through the mojibake apostrophes of the Risiko! rulebook', () => {
    const found = risiko.locate("Il giocatore non è obbligato ad attaccare ad ogni turno di gioco, però deve lasciare sempre almeno un'armata di presidio");
    expect(found).toMatchObject({ exact: true, score: 1 });
    const [span] = found!.spans;
    expect(sources.risiko.slice(span.start, span.end)).toMatch(/^Il giocatore non eâ obbligato .* unâarmata di presidio$/);
    expect(risiko.unitsIn(found!.spans).map((unit) => unit.line)).toEqual([31]);
  });

  it('finds a quote cut with "…" piece by piece, covering the sentences of each piece', () => {
    const found = risiko.locate('Chi ottiene il punteggio più alto giocherà per primo … si ripeterà il tiro');
    expect(found?.exact).toBe(true);
    expect(risiko.unitsIn(found!.spans).map((unit) => unit.line)).toEqual([14, 15]);
  });

  it('finds a slightly edited quote approximately, with a score, and flags it (Risiko «parte» read as «carte»)', () => {
    const found = risiko.locate("Quando l'attaccante distrugge l'ultima armata dell'ultimo territorio di un avversario, si impadronisce anche delle sue carte.");
    expect(found?.exact).toBe(false);
    expect(found!.score).toBeGreaterThan(0.95);
    expect(found!.score).toBeLessThan(1);
    expect(risiko.unitsIn(found!.spans).map((unit) => unit.line)).toEqual([57]);
  });

  it('tells its caller before the first approximate search, once (the CLI lets V8 optimize from there), and never for quotes found exactly', () => {
    let told = 0;
    const index = new SourceIndex(sources.risiko, { beforeApproximate: () => { told++; } });
    const sentence = index.units.find((unit) => unit.rule && unit.text.length > 40)!.text;
    expect(index.locate(sentence)?.exact).toBe(true);
    expect(told).toBe(0);
    const edited = `${sentence.slice(0, 20)}x${sentence.slice(21)}`;
    expect(index.locate(edited)?.exact).toBe(false);
    expect(index.locate(`${edited} e poi`)?.exact).toBe(false);
    expect(told).toBe(1);
  });

  it('does not take a paraphrase for the source', () => {
    const found = new SourceIndex(sources.mortadella).locate('2 Popoli / 2 Vini / 2 Ratti: due dadi uguali tra i tre scelti si risolvono insieme.');
    expect(found!.score).toBeLessThan(0.8);
  });
});

const game = (body: string) => `game "Prova" {\n  players 2 to 4\n  source "regolamento.txt"\n}\ntokens Oro\nsetup {\n  cite "Ogni giocatore prende 2 Ori."\n  for each p in players { gain 2 Oro to p }\n}\nturns clockwise {\n  do Prendi(current)\n  if current.Oro >= 5 { win current }\n}\n${body}`;
const rulebook = 'REGOLE\n\nOgni giocatore prende 2 Ori. Al suo turno prende 1 Oro.\nVince chi ha 5 Ori.\nBuon divertimento!\n';

describe('a rules file held against its rulebook', () => {
  it('warns of a citation that is not in the source, at its line:col', () => {
    const rules = game('rule Prendi(p) {\n  cite "Al suo turno ruba 3 Ori."\n  gain 1 Oro to p\n}\n');
    const report = coverage(rules, rulebook);
    expect(report.diagnostics).toHaveLength(1);
    const [warning] = report.diagnostics;
    expect(warning).toMatchObject({ code: 'cite/not-in-source', severity: 'warning' });
    expect(warning.message).toMatch(/^this citation is not in the source/);
    const at = new LineIndex(rules).position(warning.range.start);
    expect([at.line, at.column]).toEqual([15, 8]);
    expect(report.citations[1]).toMatchObject({ status: 'missing', holder: 'Prendi', units: [] });
  });

  it('says which units each citation cites, which are neither cited nor interpreted, and lists rules that change the game without a citation', () => {
    const rules = game('rule Prendi(p) {\n  gain 1 Oro to p\n}\n');
    const report = coverage(rules, rulebook);
    expect(report.units.map((entry) => [entry.unit.text, entry.status])).toEqual([
      ['REGOLE', 'not-rule'],
      ['Ogni giocatore prende 2 Ori.', 'cited'],
      ['Al suo turno prende 1 Oro.', 'uncovered'],
      ['Vince chi ha 5 Ori.', 'uncovered'],
      ['Buon divertimento!', 'uncovered'],
    ]);
    expect(report.uncitedRules.map((rule) => rule.name)).toEqual(['Prendi']);
    expect(report.counts).toEqual({ cited: 1, interpreted: 0, uncovered: 3, notRules: 1 });
  });

  it('a rule that changes the game anywhere in its blocks needs a citation; one that only looks or calls does not', () => {
    const { uncitedRules } = readCitations([
      'game "G" { players 2 }', 'pile Mazzo of Carte hidden', 'cards Carte { 2 Asso }',
      'rule Mescola(p) {\n  for each q in players {\n    simultaneously for each r in players { shuffle Mazzo }\n  }\n}',
      'rule Guarda(p) {\n  if true { log "niente" }\n  do Mescola(p)\n}',
      'turns { do Guarda(current) }',
    ].join('\n'));
    expect(uncitedRules.map((rule) => rule.name)).toEqual(['Mescola']);
  });

  it('gives regola check the same warnings as the report (a citation missing, one approximate, a marker, on every seed game)', () => {
    const missing = game('rule Prendi(p) {\n  cite "Al suo turno ruba 3 Ori."\n  cite "standard rules: one gold a turn"\n  gain 1 Oro to p\n}\n');
    expect(citationDiagnostics(readCitations(missing).citations, rulebook)).toEqual(coverage(missing, rulebook).diagnostics);
    expect(coverage(missing, rulebook).diagnostics).toHaveLength(1);
    const seeds: [string, string][] = [['notav', sources.notav], ['risiko', sources.risiko], ['1984', sources.nineteen], ['mortadella', sources.mortadella], ['percorsi', sources.percorsi]];
    for (const [name, source] of seeds) {
      const rules = read(`rules/${name}.rules`);
      // A word changed in the first quotation makes it approximate (or missing) in every game.
      const edited = rules.replace(/cite "(\w+)/, 'cite "Zzzz');
      for (const text of [rules, edited]) expect(citationDiagnostics(readCitations(text).citations, source)).toEqual(coverage(text, source).diagnostics);
      expect(coverage(edited, source).diagnostics.length).toBeGreaterThan(coverage(rules, source).diagnostics.length);
    }
  });

  it('counts a "standard rules" marker as a rule\'s citation without looking for it', () => {
    const report = coverage(game('rule Prendi(p) {\n  cite "standard rules: one gold a turn"\n  gain 1 Oro to p\n}\n'), rulebook);
    expect(report.uncitedRules).toEqual([]);
    expect(report.diagnostics).toEqual([]);
    expect(report.citations[1].status).toBe('marker');
  });
});

describe('the interpretation file', () => {
  const markdown = [
    '# Prova — interpretations',
    '',
    '**I-1 — When is the win checked?**',
    '> «Vince chi ha 5 Ori.»',
    '',
    'At the end of the turn. «Al suo turno prende 1 Oro.» is prose here, not an interpreted sentence.',
    '',
    '**I-2 — How much gold per turn?**',
    '> Turn: «Al suo turno … 1 Oro»',
    '',
    'One, at the start of the turn.',
    '',
    '**Not rules — a greeting.**',
    '> «Buon divertimento!»',
  ].join('\n');

  it('reads each entry with the quotes on its > lines', () => {
    expect(readInterpretations(markdown)).toEqual([
      { id: 'I-1', title: 'When is the win checked?', line: 3, notRules: false, quotes: [{ text: 'Vince chi ha 5 Ori.', line: 4 }], ids: [], reading: true },
      { id: 'I-2', title: 'How much gold per turn?', line: 8, notRules: false, quotes: [{ text: 'Al suo turno … 1 Oro', line: 9 }], ids: [], reading: true },
      { id: 'Not rules', title: 'a greeting', line: 13, notRules: true, quotes: [{ text: 'Buon divertimento!', line: 14 }], ids: [], reading: false },
    ]);
  });

  it('counts sentences an interpretation names whole (a cut inside allowed) apart, and "Not rules" sentences as not rules', () => {
    const report = coverage(game('rule Prendi(p) {\n  gain 1 Oro to p\n}\n'), rulebook, markdown);
    expect(report.units.map((entry) => [entry.status, entry.interpretedBy])).toEqual([
      ['not-rule', []], ['cited', []], ['interpreted', ['I-2']], ['interpreted', ['I-1']], ['not-rule', []],
    ]);
    expect(report.counts).toEqual({ cited: 1, interpreted: 2, uncovered: 0, notRules: 2 });
  });

  it('reads every game\'s interpretation file, and every quote in it is in the game\'s rulebook', () => {
    const files = { mortadella: sources.mortadella, notav: sources.notav, risiko: sources.risiko, '1984': sources.nineteen, percorsi: sources.percorsi };
    for (const [name, source] of Object.entries(files)) {
      const entries = readInterpretations(read(`docs/interpretations/${name}.md`));
      expect(entries.length, name).toBeGreaterThan(10);
      const index = new SourceIndex(source);
      const missing = entries.flatMap((entry) => entry.quotes).filter((quote) => (index.locate(quote.text)?.score ?? 0) < 0.8);
      expect(missing, name).toEqual([]);
    }
  });
});
