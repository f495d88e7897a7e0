/**
 * `if CONDITION then A else B` as a value and the remainder operator `mod` (docs/language.md §16.3)
 * as the parser reads them: where they stand among the other operators, and that the statement
 * `if` is still a statement. Then the two mistakes around them: a keyword written as a name, and `%`.
 */
import { describe, expect, it } from 'vitest';
import { analyze, parse, type AST } from '../../grammar/index.ts';

/** The value of `let x = …` in the setup, written back with its grouping made plain. */
function shape(value: string): string {
  const { ast, diagnostics } = parse(`game "G" { players 2 }\nsetup {\n  let x = ${value}\n}\nturns { end game "fine" }\n`);
  expect(diagnostics.map((d) => d.message)).toEqual([]);
  const setup = ast.declarations.find((d): d is AST.SetupDecl => d.kind === 'setup')!;
  const statement = setup.body.statements[0] as AST.LetStmt;
  return show(statement.value);
}

function show(e: AST.Expr): string {
  switch (e.kind) {
    case 'number': return String(e.value);
    case 'name': return e.name;
    case 'bool': return String(e.value);
    case 'binary': return `(${show(e.left)} ${e.operator} ${show(e.right)})`;
    case 'conditional': return `if ${show(e.condition)} then ${show(e.then)} else ${show(e.otherwise)}`;
    case 'call': return `${e.callee.text}(${e.args.map(show).join(', ')})`;
    default: return e.kind;
  }
}

describe('if … then … else … and mod, as the parser reads them', () => {
  it('reads mod with * and /, tighter than + and comparisons', () => {
    expect(shape('1 + 7 mod 3')).toBe('(1 + (7 mod 3))');
    expect(shape('a * b mod c')).toBe('((a * b) mod c)');
    expect(shape('n mod 2 == 0')).toBe('((n mod 2) == 0)');
  });

  it('reads a conditional value anywhere a value stands, its else reaching as far as an expression does', () => {
    expect(shape('if a > 1 then 13 else 0')).toBe('if (a > 1) then 13 else 0');
    expect(shape('if c then 1 else 2 + 3')).toBe('if c then 1 else (2 + 3)');
    expect(shape('(if c then 1 else 2) + 3')).toBe('(if c then 1 else 2 + 3)');
    expect(shape('max(if c then 1 else 2, 5)')).toBe('max(if c then 1 else 2, 5)');
    expect(shape('if a then if b then 1 else 2 else 3')).toBe('if a then if b then 1 else 2 else 3');
  });

  it('keeps the if statement a statement, with its blocks, beside a conditional value', () => {
    const { ast, diagnostics } = parse(`game "G" { players 2 }
player var punti = 0
turns {
  let bonus = if round mod 2 == 0 then 2 else 1
  if bonus > 1 { set current.punti = current.punti + bonus } else { end game "fine" }
}
`);
    expect(diagnostics).toEqual([]);
    const turns = ast.declarations.find((d): d is AST.TurnsDecl => d.kind === 'turns')!;
    expect(turns.body.statements.map((s) => s.kind)).toEqual(['let', 'if']);
    expect((turns.body.statements[0] as AST.LetStmt).value.kind).toBe('conditional');
  });

  it('asks for the else of a conditional value', () => {
    const { diagnostics } = parse(`game "G" { players 2 }\nsetup {\n  let x = if true then 1\n}\nturns { end game "fine" }\n`);
    expect(diagnostics.map((d) => d.message)).toEqual(["expected 'else' but found '}'"]);
  });
});

describe('a keyword where a name is wanted, and %', () => {
  const game = (body: string) => `game "G" { players 2 }\n${body}\nturns { end game "fine" }\n`;

  it('says once that the word is a keyword, and suggests a name, instead of a cascade; a missing name is still missing', () => {
    const { diagnostics } = analyze(game('player var dice = 5\nplayer var turn = 1\nsetup {\n  for each in players { end game "fine" }\n}'));
    expect(diagnostics.map((d) => [d.code, d.message, d.suggestion])).toEqual([
      ['syntax/keyword-as-name', "'dice' is a word of the language, so it cannot be a name: call it something else (names tell capitals apart)", 'Dice'],
      ['syntax/keyword-as-name', "'turn' is a word of the language, so it cannot be a name: call it something else (names tell capitals apart)", 'Turn'],
      // `in` joins the parts of the statement: the name before it is missing, `in` is not taken for it.
      ['syntax/unexpected-token', "expected a name but found 'in'", undefined],
    ]);
  });

  it("answers '%' with mod, and reads it as mod so nothing else on the line is reported", () => {
    const text = game('var resto = 7 % 3');
    expect(analyze(text).diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['syntax/unexpected-character', "there is no '%' in the language: the remainder of a division is written 'mod' (7 mod 3 is 1)"],
    ]);
    const declaration = parse(text).ast.declarations.find((d): d is AST.VarDecl => d.kind === 'var')!;
    expect(show(declaration.init)).toBe('(7 mod 3)');
  });
});
