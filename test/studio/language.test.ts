/**
 * The editor's language services as plain functions: hover, definition, references, rename,
 * outline, format, quick fixes, highlighting and the check worker. Offsets are found by searching
 * the text, so the tests read like "hover the Effetto in `do Effetto(`".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, highlightClasses, type Diagnostic } from '../../grammar/index.ts';
import {
  applyEdits, complete, definition, formatEdits, formatText, hover, monarchLanguage, outline, prepareRename, quickFixes, references,
  RegolaDocument, rename, scan,
} from '../../studio/src/language/index.ts';

const mortadella = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');
const race = readFileSync(new URL('../../rules/examples/race.rules', import.meta.url), 'utf8');
const doc = new RegolaDocument(mortadella);

/** The offset of `needle` in the text (its `nth` occurrence), plus `delta`. */
function find(text: string, needle: string, delta = 0, nth = 0): number {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`'${needle}' not found`);
  }
  return index + delta;
}
const at = (needle: string, delta = 0, nth = 0) => find(mortadella, needle, delta, nth);
const slice = (text: string, range: { start: number; end: number }) => text.slice(range.start, range.end);
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The names written in code (not in texts or comments), as the scanner reads them. */
const written = (text: string, name: string) => scan(text).filter((t) => t.kind === 'identifier' && t.text === name).length;

describe('hover', () => {
  it('on a rule used by do: its kind, its declaration line and the sentence it cites', () => {
    const result = hover(doc, at('do Effetto(', 4))!;
    expect(slice(mortadella, result.range)).toBe('Effetto');
    expect(result.contents[0]).toContain('**rule** `Effetto`');
    expect(result.contents[1]).toBe('```regola\nrule Effetto(s, coppia) cite "EFFETTI DEI DADI" {\n```');
    expect(result.contents[2]).toBe('> *rulebook:* “EFFETTI DEI DADI”');
  });

  it('on a token: the tokens declaration, its reserve and its citation', () => {
    const result = hover(doc, at('gain 1 Popolo to p', 8))!;
    expect(result.contents[0]).toMatch(/^\*\*token\*\* `Popolo` — reserve 40, used \d+ times$/);
    expect(result.contents[1]).toContain('tokens Popolo, Torre, Libro, Mortadella reserve 40');
    expect(result.contents[2]).toBe("> *rulebook:* “All'inizio della partita si trovano tutti al centro del tavolo (riserva).”");
  });

  it('on a role written as a quoted name in a comparison: the role and its citation', () => {
    const result = hover(doc, at('p.role == "Maestro dei Locandieri"', 11))!;
    expect(slice(mortadella, result.range)).toBe('"Maestro dei Locandieri"');
    expect(result.contents[0]).toContain('**role** `Maestro dei Locandieri` — secret');
    expect(result.contents[2]).toBe('> *rulebook:* “Maestro dei Locandieri (per partite da 3 giocatori in su) ... 2+ 2 2+ 2”');
  });

  it('on an option: the option and its citation', () => {
    const result = hover(doc, at('if regoleAggiuntive {', 3))!;
    expect(result.contents[0]).toContain('**option** `regoleAggiuntive` — a condition, variants can change it');
    expect(result.contents[2]).toMatch(/^> \*rulebook:\* “Quelle che seguono/);
  });

  it('on a local: how it is bound and what it holds', () => {
    const result = hover(doc, at('if t.Mortadella >= 2', 3))!;
    expect(result.contents[0]).toMatch(/^\*\*local value\*\* `t` — bound by choose, a player/);
    expect(result.contents[1]).toContain('choose t from players by current prompt "Ubriacatura: chi salta il prossimo turno?"');
  });

  it('on a player variable read as an attribute, a builtin function and a predefined word', () => {
    expect(hover(doc, at('if current.salta', 11))!.contents[0]).toContain('**player variable** `salta` — a condition');
    expect(hover(doc, at('distinct(faces(Dadi))', 2))!.contents[0]).toContain('distinct(LIST): each value once');
    expect(hover(doc, at('if seats == 6', 4))!.contents[0]).toContain('the number of players the match started with');
  });

  it('nothing on a keyword or inside a text', () => {
    expect(hover(doc, at('turns clockwise', 2))).toBeNull();
    expect(hover(doc, at('"salta il turno"', 3))).toBeNull();
  });
});

describe('go to definition', () => {
  it('from do to the rule', () => {
    const range = definition(doc, at('do Effetto(', 5))!;
    expect(range.start).toBe(at('rule Effetto', 5));
    expect(slice(mortadella, range)).toBe('Effetto');
  });

  it('from an attribute to the player var, from a mark to the dice, from a face to the die', () => {
    expect(definition(doc, at('set t.salta', 6))!.start).toBe(at('player var salta', 11));
    expect(definition(doc, at('mark risolto on d', 6))!.start).toBe(at('risolto, lanciato'));
    expect(definition(doc, at('face in [Ratto, Vino]', 9))!.start).toBe(at('Ratto\n'));
  });

  it('a token used as a die face goes to the token', () => {
    expect(definition(doc, at('faces Popolo', 7))!.start).toBe(at('tokens Popolo', 7));
  });

  it('each local goes to its own binding: Effetto has several choose t in different branches', () => {
    const target = definition(doc, at('if t.Mortadella >= 2', 3))!;
    expect(target.start).toBe(at('choose t from players by current prompt "Ubriacatura', 7));
    const other = definition(doc, at('if t.Popolo > 0', 3))!;
    expect(other.start).toBe(at('choose t from players by current prompt "Ebbrezza', 7));
  });

  it('a rule parameter', () => {
    const useOfMotivo = at('do Esce(p, "7 vizi');
    expect(definition(doc, useOfMotivo + 8)!.start).toBe(definition(doc, at('if p.Popolo >= 8', 3))!.start);
    expect(definition(doc, at('if p == current { unmark', 3))!.start).toBe(at('rule Esce(p', 10));
  });
});

describe('find references', () => {
  it('a top-level name: every place it is written in code, no more, no less', () => {
    for (const [name, offset] of [['Acquisisci', at('rule Acquisisci', 6)], ['tenuto', at('passato, tenuto', 10)], ['Popolo', at('tokens Popolo', 8)],
      ['regoleAggiuntive', at('option regoleAggiuntive', 8)], ['deus', at('var deus', 5)], ['Dadi', at('dice Dadi', 6)]] as const) {
      const found = references(doc, offset);
      expect(found.length, name).toBe(written(mortadella, name));
      expect(found.every((r) => slice(mortadella, r) === name), name).toBe(true);
    }
  });

  it("a player's dice: the declaration, p.Coppa and Coppa alone", () => {
    const bugie = readFileSync(new URL('../../rules/examples/bugie.rules', import.meta.url), 'utf8');
    const found = references(new RegolaDocument(bugie), find(bugie, 'player dice Coppa', 13));
    expect(found.length).toBe(written(bugie, 'Coppa'));
    expect(found.every((r) => slice(bugie, r) === 'Coppa')).toBe(true);
  });

  it('a role: plain uses and quoted comparisons', () => {
    const brigante = references(doc, at('Brigante when', 1));
    expect(brigante.length).toBe(written(mortadella, 'Brigante'));
    const maestro = references(doc, at('"Maestro dei Locandieri" when', 2)).map((r) => slice(mortadella, r));
    expect(maestro).toEqual(['"Maestro dei Locandieri"', '"Maestro dei Locandieri"', '"Maestro dei Locandieri"']);
  });

  it('without the declaration, when asked', () => {
    expect(references(doc, at('rule Esce', 5), false).length).toBe(written(mortadella, 'Esce') - 1);
  });

  it('a local: only the uses of that binding', () => {
    const found = references(doc, at('let vittime', 4)).map((r) => lineOf(mortadella, r.start));
    expect(found).toEqual([lineOf(mortadella, at('let vittime')), lineOf(mortadella, at('if count(vittime)')), lineOf(mortadella, at('choose v from vittime'))]);
  });
});

describe('rename', () => {
  it('a rule: every occurrence, and the file means the same', () => {
    const result = rename(doc, at('do Acquisisci(current, Popolo)', 4), 'Prendi');
    if ('error' in result) throw new Error(result.error);
    expect(result.edits.length).toBe(written(mortadella, 'Acquisisci'));
    const renamed = applyEdits(mortadella, result.edits);
    expect(renamed).not.toContain('Acquisisci');
    expect(written(renamed, 'Prendi')).toBe(result.edits.length);
    expect(analyze(renamed).diagnostics).toEqual(analyze(mortadella).diagnostics);
  });

  it('a token renames the die face of the same name too', () => {
    const result = rename(doc, at('tokens Popolo', 8), 'Gente');
    if ('error' in result) throw new Error(result.error);
    const renamed = applyEdits(mortadella, result.edits);
    expect(renamed).toContain('die Dado faces Gente, Torre');
    expect(written(renamed, 'Popolo')).toBe(0);
    expect(analyze(renamed).ok).toBe(true);
  });

  it('a local in one branch leaves the same name in other branches alone', () => {
    const result = rename(doc, at('if t.Mortadella >= 2', 3), 'bersaglio');
    if ('error' in result) throw new Error(result.error);
    expect(result.edits.length).toBe(6); // choose t, if t.…, choose by t, set t.salta twice, discard … from t
    const renamed = applyEdits(mortadella, result.edits);
    expect(renamed).toContain('if t.Popolo > 0');
    expect(renamed).toContain('choose by bersaglio prompt "Ubriacatura');
  });

  it('a quoted role: the quotes stay, inside declarations and comparisons', () => {
    const result = rename(doc, at('"Maestro dei Locandieri" when', 3), 'Oste Maggiore');
    if ('error' in result) throw new Error(result.error);
    const renamed = applyEdits(mortadella, result.edits);
    expect(renamed).toContain('"Oste Maggiore" when seats >= 3');
    expect(renamed).toContain('if p.role == "Oste Maggiore"');
    expect(renamed).not.toContain('Maestro dei Locandieri"');
    expect(analyze(renamed).diagnostics).toEqual([]);
  });

  it('prepare: the range inside the quotes of a quoted name; refused off a name', () => {
    const prepared = prepareRename(doc, at('"Il Cardinale" goal', 2));
    expect(prepared).toEqual({ range: { start: at('"Il Cardinale"', 1), end: at('"Il Cardinale"', 13) }, text: 'Il Cardinale' });
    expect(prepareRename(doc, at('turns clockwise', 1))).toEqual({ error: 'only a name declared in this file can be renamed' });
  });

  it('refuses keywords, clashes, and names that would need quotes where the name is plain', () => {
    const rule = at('rule Acquisisci', 6);
    expect(rename(doc, rule, 'roll')).toEqual({ error: "'roll' is a keyword of the language" });
    expect(rename(doc, rule, 'Esce')).toEqual({ error: `'Esce' is already a rule (line ${lineOf(mortadella, at('rule Esce'))})` });
    expect(rename(doc, rule, 'Popolo')).toMatchObject({ error: expect.stringContaining("'Popolo' is already a token") });
    expect(rename(doc, rule, 'Due parole')).toMatchObject({ error: expect.stringContaining('would need quotes') });
    expect(rename(doc, at('var deus', 5), 'il deus')).toMatchObject({ error: expect.stringContaining('needs a plain name') });
    expect(rename(doc, at('let vittime', 4), 'seats')).toMatchObject({ error: expect.stringContaining('already has a meaning') });
  });

  it('a local may not take the name of another local of the same rule, but may share one with another rule', () => {
    expect(rename(doc, at('let vittime', 4), 'p')).toMatchObject({ error: expect.stringContaining("'p' is already a parameter") });
    expect(rename(doc, at('let coppia', 4), 'scelti')).toMatchObject({ edits: expect.any(Array) });
  });

  it('refuses when the checker would see the file differently', () => {
    // A local named like a token shadows it: the goal checks would change.
    const small = 'game "G" { players 2 }\ntokens Oro\nturns {\n  let n = 1\n  gain n Oro\n  if current.Oro > 3 { win current }\n}\n';
    const result = rename(new RegolaDocument(small), find(small, 'let n', 4), 'Oro');
    expect(result).toMatchObject({ error: expect.stringContaining('already a token') });
  });
});

describe('outline', () => {
  it('the declarations of Mortadella in order, the turns with their phases', () => {
    const items = outline(doc);
    expect(items.map((i) => `${i.kind} ${i.name}`)).toEqual([
      'game Il Trono di Mortadella', 'tokens tokens', 'die Dado', 'dice Dadi', 'roles roles', 'option regoleAggiuntive', 'variant base',
      'player-variable salta', 'variable primoTurno', 'variable deus', 'variable carnevale', 'setup setup', 'turns turns',
      'rule LanciaTutti', 'rule Lancia', 'rule DeusExMachina', 'rule EffettiDelLancio', 'rule Effetto', 'rule Acquisisci', 'rule SetteVizi',
      'rule Esce', 'rule Vittoria', 'rule VittoriaFuoriTurno', 'rule IndovinaDueGiocatori',
      'look look', 'look look', 'look look', 'look look',
    ]);
    expect(items.filter((i) => i.kind === 'look').map((i) => i.detail)).toEqual(['Mortadella', 'Vino', 'Ratto', 'primoTurno']);
    const turns = items.find((i) => i.kind === 'turns')!;
    expect(turns.children.map((c) => c.name)).toEqual(['Inizio turno', 'Fase 1', 'Fase 2', 'Fase 3']);
    expect(items.find((i) => i.kind === 'roles')!.children).toHaveLength(7);
    expect(items.find((i) => i.kind === 'dice')!.children.map((c) => c.name)).toEqual(['passato', 'tenuto', 'risolto', 'lanciato']);
    expect(items[0].detail).toBe('2–7 players');
    expect(items.find((i) => i.name === 'Esce')!.detail).toBe('(p, motivo)');
  });

  it('every selection lies inside its item', () => {
    const check = (item: ReturnType<typeof outline>[number]): void => {
      expect(item.selectionRange.start).toBeGreaterThanOrEqual(item.range.start);
      expect(item.selectionRange.end).toBeLessThanOrEqual(item.range.end);
      item.children.forEach(check);
    };
    outline(doc).forEach(check);
  });
});

describe('format document', () => {
  const diagnosticsOf = (text: string) => analyze(text).diagnostics.map((d: Diagnostic) => `${d.severity} ${d.code} ${d.message} ${d.suggestion ?? ''}`);
  /** Indentation scrambled, tabs, trailing spaces and runs of blank lines. */
  const scramble = (text: string) => text.split('\n')
    .map((line, i) => ['', '\t', '      ', ' '][i % 4] + line.trim() + (i % 5 === 0 ? '   ' : ''))
    .join('\n').replace(/\n\n/g, '\n\n\n\n');

  it('leaves well-formatted files as they are', () => {
    expect(formatText(doc)).toBe(mortadella);
    expect(formatText(new RegolaDocument(race))).toBe(race);
    expect(formatEdits(doc)).toEqual([]);
  });

  it('formatting Mortadella keeps the diagnostics identical and is idempotent', () => {
    for (const source of [mortadella, scramble(mortadella)]) {
      const once = formatText(new RegolaDocument(source));
      expect(diagnosticsOf(once)).toEqual(diagnosticsOf(mortadella));
      expect(formatText(new RegolaDocument(once))).toBe(once);
    }
  });

  it('re-indents by brace depth, trims trailing spaces, keeps at most one blank line', () => {
    const formatted = formatText(new RegolaDocument(scramble(mortadella)));
    expect(formatted).not.toMatch(/[ \t]+\n/);
    expect(formatted).not.toMatch(/\n\n\n/);
    expect(formatted).not.toContain('\t');
    // Only continuation lines (a cite under tokens, a role's goal and its `or` lines) may differ from the original.
    const original = mortadella.split('\n');
    const differing = formatted.split('\n').filter((line, i) => line !== original[i]);
    expect(differing.every((line) => /^\s+(cite|goal|or) /.test(line))).toBe(true);
  });

  it('the edits give the same text as the formatted text', () => {
    const messy = scramble(race);
    const document = new RegolaDocument(messy);
    expect(applyEdits(messy, formatEdits(document))).toBe(formatText(document));
    expect(formatText(document)).toBe(race);
  });

  it('a continuation line keeps its place relative to what it continues', () => {
    const text = 'game "G" { players 2 }\ntokens Oro\nroles secret {\n        A goal Oro >= 2\n              or Oro == 0\n}\nturns { gain 1 Oro }\n';
    expect(formatText(new RegolaDocument(text))).toBe('game "G" { players 2 }\ntokens Oro\nroles secret {\n  A goal Oro >= 2\n        or Oro == 0\n}\nturns { gain 1 Oro }\n');
  });

  it('the then and else lines of a conditional value continue it, and a block\'s else stays with its if', () => {
    const text = 'game "G" { players 2 }\nvar n = 1\ndefine Punti(k) = if k == 1\nthen 13\n  else k mod 3\nturns {\n  if n > 0 {\n    set n = Punti(n)\n  }\n      else { set n = 0 }\n}\n';
    expect(formatText(new RegolaDocument(text))).toBe('game "G" { players 2 }\nvar n = 1\ndefine Punti(k) = if k == 1\n  then 13\n  else k mod 3\nturns {\n  if n > 0 {\n    set n = Punti(n)\n  }\n  else { set n = 0 }\n}\n');
  });

  it('a file with syntax errors is only re-indented, never rewritten', () => {
    const broken = 'turns {\n      gain 1 {\n  if ( }\n';
    const formatted = formatText(new RegolaDocument(broken));
    expect(formatted.replace(/\s+/g, '')).toBe(broken.replace(/\s+/g, ''));
  });
});

describe('quick fixes', () => {
  it('a keyword used as a name is offered the name with a capital', () => {
    const broken = 'game "G" { players 2 }\nplayer var dice = 5\nturns { end game "fine" }\n';
    const offset = find(broken, 'dice');
    const fixes = quickFixes(broken, analyze(broken).diagnostics, { start: offset, end: offset });
    expect(fixes.map((f) => f.title)).toEqual(["Change to 'Dice'"]);
    expect(applyEdits(broken, fixes[0].edits)).toBe(broken.replace('dice', 'Dice'));
  });

  it("a did-you-mean becomes an edit to the suggested name", () => {
    const broken = mortadella.replace('Mortadella >= 5', 'Mortadela >= 5');
    const diagnostics = analyze(broken).diagnostics;
    const offset = find(broken, 'Mortadela >= 5');
    const fixes = quickFixes(broken, diagnostics, { start: offset, end: offset });
    expect(fixes.map((f) => f.title)).toEqual(["Change to 'Mortadella'"]);
    expect(applyEdits(broken, fixes[0].edits)).toBe(mortadella);
  });

  it('an ambiguous aggregate offers both bracketings, neither preferred', () => {
    const text = mortadella.replace(/turns [^{]*\{/, (head) => `${head}\n  let totale = sum of players by Popolo + Torre * 2`);
    const offset = find(text, 'Popolo + Torre');
    const fixes = quickFixes(text, analyze(text).diagnostics, { start: offset, end: offset });
    expect(fixes.map((f) => f.preferred)).toEqual([false, false]);
    const line = (edited: string) => edited.split('\n').find((l) => l.includes('let totale'))!.trim();
    expect(fixes.map((f) => line(applyEdits(text, f.edits)))).toEqual([
      'let totale = sum of players by (Popolo + Torre * 2)',
      'let totale = (sum of players by Popolo) + Torre * 2',
    ]);
  });
});

describe('highlighting', () => {
  it("is built from the grammar's own token classes", () => {
    const language = monarchLanguage();
    expect(language.keywords).toBe(highlightClasses.keywords);
    expect(language.operators).toBe(highlightClasses.operators);
    const patterns = language.tokenizer.root.map((rule) => rule[0]);
    for (const pattern of [highlightClasses.comment, highlightClasses.string, highlightClasses.number, highlightClasses.identifier]) {
      expect(patterns).toContain(pattern);
    }
  });
});

describe('the check worker', () => {
  it('answers with the diagnostics of regola check for the text it was sent', async () => {
    const posted: unknown[] = [];
    const fakeSelf: { onmessage: ((event: { data: unknown }) => void) | null; postMessage(message: unknown): void } = {
      onmessage: null, postMessage: (message) => posted.push(message),
    };
    (globalThis as { self?: unknown }).self = fakeSelf;
    try {
      await import('../../studio/src/workers/check.worker.ts');
      const broken = mortadella.replace('Mortadella >= 5', 'Mortadela >= 5');
      fakeSelf.onmessage!({ data: { id: 7, text: broken } });
      expect(posted).toHaveLength(1);
      expect(posted[0]).toMatchObject({ id: 7, diagnostics: analyze(broken).diagnostics });
      expect((posted[0] as { diagnostics: Diagnostic[] }).diagnostics[0]).toMatchObject({ code: 'name/unknown', suggestion: 'Mortadella' });
    } finally {
      delete (globalThis as { self?: unknown }).self;
    }
  });
});

describe('a file being typed', () => {
  /** Mortadella cut short, with a piece missing, or with a stray character: what the editor sees mid-keystroke. */
  const variants = Array.from({ length: 36 }, (_, n) => {
    const at = Math.floor((n * 7919) % mortadella.length);
    if (n % 3 === 0) return mortadella.slice(0, at);
    if (n % 3 === 1) return mortadella.slice(0, at) + mortadella.slice(at + 25);
    return mortadella.slice(0, at) + ['{', '}', '"', '(', '.', 'do ', ' where ', '#', 'choose ', '\n\n\n', 'x.', ')'][n % 12] + mortadella.slice(at);
  });

  it('no service throws, and formatting keeps the text and its diagnostics', () => {
    for (const text of variants) {
      const document = new RegolaDocument(text);
      for (let offset = 0; offset <= text.length; offset += 211) {
        expect(() => {
          complete(document, offset); hover(document, offset); definition(document, offset); references(document, offset);
          prepareRename(document, offset);
        }).not.toThrow();
      }
      expect(() => outline(document)).not.toThrow();
      const formatted = formatText(document);
      expect(formatted.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
      const key = (t: string) => analyze(t).diagnostics.map((d) => `${d.code} ${d.message}`);
      expect(key(formatted)).toEqual(key(text));
      expect(formatText(new RegolaDocument(formatted))).toBe(formatted);
    }
  });
});

describe('hover on the numbers of the round and the turn', () => {
  it('round and turn say what they count', () => {
    const text = 'game "G" { players 2 }\nturns {\n  if round > 2 and turn > 5 { end game }\n}\n';
    const document = new RegolaDocument(text);
    expect(hover(document, find(text, 'round'))!.contents[0]).toBe('**round** — the number of the round of turns being played: 0 during the setup, 1 in the first round');
    expect(hover(document, find(text, 'turn >'))!.contents[0]).toBe('**turn** — the number of the turn being played: 0 during the setup, 1 in the first turn');
  });
});

describe('a define: hover, definition, references, rename, outline, completion', () => {
  const isole = readFileSync(new URL('../../rules/examples/isole.rules', import.meta.url), 'utf8');
  const document = new RegolaDocument(isole);
  const on = (needle: string, delta = 0, nth = 0) => find(isole, needle, delta, nth);

  it('hover on a call: the define, its declaration line', () => {
    const result = hover(document, on('if Tiene(p, r)', 3))!;
    expect(slice(isole, result.range)).toBe('Tiene');
    expect(result.contents[0]).toContain('**define** `Tiene`');
    expect(result.contents[1]).toBe('```regola\ndefine Tiene(p, r) = count(territories(r) where owner != p) == 0\n```');
  });

  it('go to definition from a call, and from a parameter inside the value to the parameter', () => {
    expect(definition(document, on('where Base(p, it)', 7))!.start).toBe(on('define Base', 7));
    expect(definition(document, on('t.owner == p', 0))!.start).toBe(on('define Base(p, t)', 15));
  });

  it('references: the declaration and every call; rename keeps the file meaning the same', () => {
    expect(references(document, on('define Base', 7)).map((r) => slice(isole, r))).toEqual(['Base', 'Base', 'Base']);
    const result = rename(document, on('define Base', 7), 'Partenza');
    if ('error' in result) throw new Error(result.error);
    const renamed = applyEdits(isole, result.edits);
    expect(written(renamed, 'Base')).toBe(0);
    expect(written(renamed, 'Partenza')).toBe(3);
    expect(analyze(renamed).diagnostics).toEqual(analyze(isole).diagnostics);
    expect(rename(document, on('define Base', 7), 'count')).toMatchObject({ error: expect.stringContaining('would change what the rules mean') });
  });

  it('the outline lists each define with its parameters and value', () => {
    const items = outline(document).filter((i) => i.kind === 'define');
    expect(items.map((i) => [i.name, i.detail])).toEqual([
      ['Tiene', '(p, r) = count(territories(r) where owner != p) == 0'],
      ['Base', '(p, t) = t.owner == p and t.Armata >= 2 and count(neighbours(t) where owner != p) > 0'],
      ['Punti', '(p) = sum of (Arcipelago where owner == p) by punti'],
    ]);
  });

  it('completion in an expression offers the defines with their parameters as placeholders', () => {
    const offset = on('  if round > giri {', 5);
    const text = `${isole.slice(0, offset)}Pu${isole.slice(offset + 'round'.length)}`;
    const items = complete(new RegolaDocument(text), offset + 2).items;
    const punti = items.find((i) => i.label === 'Punti')!;
    expect(punti).toMatchObject({ kind: 'function', detail: 'define Punti(p)', insertText: 'Punti(${1:p})', snippet: true });
  });
});
