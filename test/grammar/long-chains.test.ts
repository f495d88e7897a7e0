/**
 * Issue 16: long chains of `else if`, operators, `not` and `-` are read without parser stack, are
 * checked and played up to the documented limit (docs/language.md §22, Limits), and past it give one
 * `syntax/too-deep` where the chain is, with the rest of the file still checked.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { LineIndex } from '../../grammar/diagnostics.ts';
import { compileRules, Match } from '../../interpreter/index.ts';

const game = (body: string) => `game "Catena" {\n  players 2\n}\nvar x = 0\nvar y = 0\nturns {\n${body}\n  choose { option "avanti" { set x = x + 1 } option "resta" { } }\n  if x > 3 { win current }\n}\n`;

/** `if x == 0 … else if x == n …`: sets y to 10 * x + 1 in the branch for x. */
function elseIfChain(links: number): string {
  let text = '  if x == 0 { set y = 1 }';
  for (let i = 1; i <= links; i++) text += `\n  else if x == ${i} { set y = ${10 * i + 1} }`;
  return `${text}\n  else { set y = -1 }`;
}

const codes = (text: string) => analyze(text).diagnostics.map((d) => d.code);

/** Starts the game (its first turn runs at once) and returns the match and a reader of the variable y. */
function started(text: string) {
  const { definition, diagnostics } = compileRules(text);
  expect(diagnostics).toEqual([]);
  const result = Match.start(definition!, { players: 2, seed: 3 });
  if (!result.ok) throw new Error(result.diagnostic.message);
  const match = result.match;
  const y = definition!.globals.findIndex((v) => v.name === 'y');
  return { match, y: () => match.state.globals[y], forward: () => expect(match.apply(match.legalMoves().find((m) => m.choice === 'avanti')!).ok).toBe(true) };
}

describe('long chains within the limits', () => {
  it('240 else if links are checked clean and the right branch runs', () => {
    const text = game(elseIfChain(240));
    expect(codes(text)).toEqual([]);
    const play = started(text);
    // The turn ran once at the start with x == 0: link 0 set y = 1. Each "avanti" raises x and the next turn takes its link.
    expect(play.y()).toBe(1);
    for (let i = 1; i <= 3; i++) {
      play.forward();
      expect(play.y()).toBe(10 * i + 1);
    }
  });

  for (const [name, expression, value] of [
    ['480 additions', `0${' + 1'.repeat(480)}`, 480],
    ['480 `-` signs', `${'- '.repeat(480)}7`, 7],
    ['481 `-` signs', `${'- '.repeat(481)}7`, -7],
  ] as const) {
    it(`${name} are checked clean and computed`, () => {
      const text = game(`  set y = ${expression}`);
      expect(codes(text)).toEqual([]);
      expect(started(text).y()).toBe(value);
    });
  }

  it('481 `not`s are checked clean and negate', () => {
    const text = game(`  if ${'not '.repeat(481)}x == 0 { set y = 5 } else { set y = 6 }`);
    expect(codes(text)).toEqual([]);
    expect(started(text).y()).toBe(6);
  });
});

describe('long chains past the limits', () => {
  for (const [name, body, line] of [
    ['5,000 else if links', elseIfChain(5000), 257],
    ['5,000 additions', `  set y = 0${' + 1'.repeat(5000)}`, 7],
    ['5,000 `not`s', `  if ${'not '.repeat(5000)}x == 0 { set y = 5 }`, 7],
    ['5,000 `-` signs', `  set y = ${'- '.repeat(5000)}7`, 7],
  ] as const) {
    it(`${name}: one syntax/too-deep on the chain's line, nothing else (no "no turns block")`, () => {
      const text = game(body);
      const { diagnostics } = analyze(text);
      expect(diagnostics.map((d) => d.code)).toEqual(['syntax/too-deep']);
      const at = new LineIndex(text).position(diagnostics[0].range.start);
      expect(at.line).toBe(line);
      expect(diagnostics[0].message).toContain('500');
    });
  }

  it('a too-deep chain in one rule leaves the other rules checked', () => {
    const text = `${game('  do Lunga()')}rule Lunga() {\n  set y = 0${' + 1'.repeat(5000)}\n}\nrule Altra() {\n  set z = 1\n}\n`;
    const found = codes(text);
    expect(found).toContain('syntax/too-deep');
    expect(found).toContain('name/unknown');
  });
});
