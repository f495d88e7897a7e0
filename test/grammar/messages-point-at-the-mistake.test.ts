/**
 * Messages point at the mistake: two that used to point away from it: a bare name as a card property (reported
 * as unknown and, wrongly, as "a calculation"), and a text written inside the `{…}` of a text (the
 * inner quote ends the outer text; the error pointed at the brace).
 */
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';

function report(text: string): string[] {
  const lines = new LineIndex(text);
  return analyze(text).diagnostics.map((d) => {
    const { line, column } = lines.position(d.range.start);
    return `${line}:${column} ${d.code}`;
  });
}

describe('a card property that is an undeclared name', () => {
  const text = `game "G" { players 2 }
cards Carte with seme = none, valore = 0 {
  Asso { seme Denari  valore 1 }
}
turns { }
`;

  it('is reported once, as an unknown name, where it is written', () => {
    expect(report(text)).toEqual(['3:15 name/unknown']);
  });

  it('a real calculation is still refused as not a plain value', () => {
    expect(report(text.replace('valore 1', 'valore seats'))).toEqual(['3:15 name/unknown', '3:30 option/not-constant']);
  });

  it('a declared name is a plain value', () => {
    expect(report(`tokens Denari\n${text}`)).toEqual([]);
  });
});

describe('a text inside the {…} of a text', () => {
  const text = `game "G" { players 2 }
cards Carte { Asso }
pile Mazzo of Carte public
turns {
  log "Hai {top(Mazzo).name == "Asso"} in cima"
  end game
}
`;

  it('is reported at the quote that ended the text, and only there', () => {
    const diagnostics = analyze(text).diagnostics;
    expect(report(text)).toEqual(['5:32 syntax/text-in-text']);
    expect(diagnostics[0].message).toMatch(/let/);
    expect(diagnostics[0].message).toMatch(/name/);
  });

  it('written with a name instead of a text, the same line is clean', () => {
    expect(report(text.replace('"Asso"', 'Asso'))).toEqual([]);
  });

  it('an unclosed brace with no text after it is still reported at the brace', () => {
    expect(report(text.replace('{top(Mazzo).name == "Asso"} in cima', '{count(Mazzo)'))).toEqual(['5:12 syntax/unexpected-token']);
  });
});
