/**
 * `define NAME(PARAMS) = VALUE` (docs/language.md §16.8) as the checker sees it: what a call is,
 * what it reports once and where, and what the parameters learn from the calls.
 */
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';

const prelude = `game "G" { players 2 to 4 }
tokens Oro, Pane reserve 100
teams public seated alternately { Rossi { pedina Oro } Blu { pedina Pane } }
player var punti = 0
zones Luoghi { Colle Fiume }
`;

/** Each diagnostic as `line code "the words it points at"`, then its message. */
function report(text: string): { at: string; message: string; suggestion?: string; severity: string }[] {
  const source = `${prelude}${text}`;
  const lines = new LineIndex(source);
  return analyze(source).diagnostics.map((d) => ({
    at: `${lines.position(d.range.start).line} ${d.code} ${JSON.stringify(source.slice(d.range.start, d.range.end))}`,
    message: d.message, severity: d.severity, ...(d.suggestion ? { suggestion: d.suggestion } : {}),
  }));
}
const at = (text: string) => report(text).map((d) => d.at);

describe('define: a named value, called like a function', () => {
  it('checks clean where a value may stand: a condition, a where, a set, a repeat count, another define', () => {
    expect(at(`define Ricco(p) = p.Oro >= 3
define Ricchi = count(players where Ricco(it))
define Doppio(n) = n * 2 + Ricchi()
turns {
  repeat Doppio(1) times { gain 1 Oro to current }
  set current.punti = Doppio(current.Oro)
  if Ricco(current) and Ricchi() > 1 { win current }
}
`)).toEqual([]);
  });

  it('a call with the wrong number of arguments names the parameters', () => {
    const found = report(`define Somma(a, b) = a + b
turns { if Somma(1) > 2 { end game } }
`);
    expect(found.map((d) => d.at)).toEqual(['7 rule/argument-count "Somma(1)"']);
    expect(found[0].message).toBe("the define 'Somma' takes 2 arguments (a, b), not 1");
  });

  it('a define calling itself, directly or through others, is refused once for each define in the circle', () => {
    expect(at(`define Giro(p) = Giro(left(p)) + 1
turns { if Giro(current) > 2 { end game } }
`)).toEqual(['6 define/recursive "Giro"']);
    const found = report(`define A(p) = B(p) + 1
define B(p) = C(p)
define C(p) = A(left(p))
turns { if A(current) > 2 { end game } }
`);
    expect(found.map((d) => d.at)).toEqual(['6 define/recursive "A"', '7 define/recursive "B"', '8 define/recursive "C"']);
    expect(found[0].message).toContain('A → B → C → A');
  });

  it('a define never called is a warning; the misspelt call is an unknown function with the define as the suggestion', () => {
    const found = report(`define Ricchezza(p) = p.Oro
turns { if Richezza(current) > 2 { end game } }
`);
    expect(found.map((d) => [d.at, d.severity, d.suggestion])).toEqual([
      ['6 define/unused "Ricchezza"', 'warning', undefined],
      ['7 name/unknown-function "Richezza"', 'error', 'Ricchezza'],
    ]);
  });

  it('the bare name of a define is not a value: the message says to call it', () => {
    const found = report(`define Mazzo = 3
turns { if Mazzo > 2 { end game } }
`);
    expect(found.map((d) => d.at)).toEqual(['7 name/unknown "Mazzo"']);
    expect(found[0].message).toBe("'Mazzo' is a define: its value is asked for with parentheses, Mazzo()");
  });

  it('a define may not take the name of a builtin function, of another declaration, or repeat a parameter', () => {
    expect(at(`define count(l) = 1
define Colle(p) = 2
define Somma(a, a) = a + a
turns { if count(players) + Somma(1, 2) > 2 { end game } }
`)).toEqual([
      '6 name/duplicate "count"',
      '7 name/duplicate "Colle"',
      '8 name/duplicate "a"',
    ]);
  });

  it("mistakes inside a define's value are reported once, where they are written", () => {
    expect(at(`define Forza(p) = p.Orro + "tre" * 2
turns { if Forza(current) > Forza(left(current)) { end game } }
`)).toEqual(['6 name/unknown-attribute "Orro"', '6 type/expected-number "\\"tre\\""']);
  });

  it('a parameter takes the kind its calls pass: a team here, so pedina is the team property', () => {
    expect(at(`define Forza(t, s) = held(s, t.pedina)
turns { if Forza(Rossi, Colle) > Forza(Blu, Fiume) { end game } }
`)).toEqual([]);
    // Its value is a number: used as a condition it is a mistake, reported at the call.
    expect(at(`define Forza(t, s) = held(s, t.pedina)
turns { if Forza(Rossi, Colle) { end game } }
`)).toEqual(['7 type/expected-condition "Forza(Rossi, Colle)"']);
  });

  it('names such as __proto__ and constructor are plain names for a define and its parameters', () => {
    expect(at(`define __proto__(constructor) = constructor.Oro
define toString = 1
turns { if __proto__(current) > toString() { end game } }
`)).toEqual([]);
  });

  it("the value sees the file's names and its parameters, not the locals of the rule that calls it", () => {
    expect(at(`define Conto(p) = p.Oro + quanti
turns { let quanti = 2  if Conto(current) > quanti { end game } }
`)).toEqual(['6 name/unknown "quanti"']);
  });

  it('`define` stays a plain name elsewhere', () => {
    expect(at(`turns { let define = 2  if define > 1 { end game } }
`)).toEqual([]);
  });
});
