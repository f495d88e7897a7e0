/** The Rulebook tab's logic (issue 13): a citation written at the cursor, and where a rulebook comes from. */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { coverage } from '../../rulebook/index.ts';
import { citationText, insertCitation } from '../../studio/src/rulebook/insert.ts';
import { findInterpretations, findSource, keepSource } from '../../studio/src/rulebook/sources.ts';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) { return this.items.get(key) ?? null; }
  setItem(key: string, value: string) { this.items.set(key, value); }
  removeItem(key: string) { this.items.delete(key); }
}
const storage = () => new MemoryStorage() as unknown as Storage;

const rules = 'game "Prova" {\n  players 2 to 4\n  source "regolamento.txt"\n}\ntokens Oro\nsetup {\n  for each p in players { gain 2 Oro to p }\n}\nturns clockwise {\n  if current.Oro >= 5 { win current }\n}\n';

describe('inserting a citation', () => {
  it('puts `cite "…"` on its own line before the cursor\'s line, indented like it, and the rules still check', () => {
    const cursor = rules.indexOf('gain 2 Oro');
    const result = insertCitation(rules, cursor, 'Ogni giocatore\nprende 2 "Ori".');
    expect(result.text).toContain('  for each p in players { gain 2 Oro to p }'.replace('  for', '  cite "Ogni giocatore prende 2 \\"Ori\\"."\n  for'));
    expect(result.text.slice(result.start, result.end)).toBe('cite "Ogni giocatore prende 2 \\"Ori\\"."');
    expect(analyze(result.text).ok).toBe(true);
    const report = coverage(result.text, 'Ogni giocatore prende 2 "Ori". Vince chi ne ha 5.');
    expect(report.counts).toMatchObject({ cited: 1, uncovered: 1 });
  });

  it('escapes backslashes and quotes so that the text reads back as the sentence', () => {
    expect(citationText('a \\ b "c"')).toBe('cite "a \\\\ b \\"c\\""');
  });
});

describe('the rulebook of a rules file', () => {
  it('is the bundled rulebook its source names, with the game\'s interpretation file', () => {
    const source = findSource('mortadella.rules', 'sources/003_bad29c3c42759900.txt', storage());
    expect(source?.bundled).toBe(true);
    expect(source?.text.startsWith('INTRODUZIONE')).toBe(true);
    expect(findInterpretations('risiko.rules')).toContain('**R-35 — Two ways to attack, one written.**');
  });

  it('is a text the designer pasted for that file when the source is not bundled, until forgotten', () => {
    const kept = storage();
    expect(findSource('mio.rules', 'regolamento.txt', kept)).toBeNull();
    keepSource('mio.rules', { name: 'regolamento.txt', text: 'Vince chi ha 5 Ori.' }, kept);
    expect(findSource('mio.rules', 'regolamento.txt', kept)).toEqual({ name: 'regolamento.txt', text: 'Vince chi ha 5 Ori.', bundled: false });
    expect(findSource('altro.rules', 'regolamento.txt', kept)).toBeNull();
    kept.setItem('regola:source:rotto.rules', '{not json');
    expect(findSource('rotto.rules', undefined, kept)).toBeNull();
    keepSource('mio.rules', null, kept);
    expect(findSource('mio.rules', 'regolamento.txt', kept)).toBeNull();
  });
});
