/**
 * Safe by construction: no text of a .rules file becomes program text in the generated code
 * (interpreter/codegen/). Names, texts, citations and labels are indices into constant tables, so
 * two files that differ only in those generate byte-identical code, and hostile names change
 * nothing. Where `new Function` is refused (a strict Content-Security-Policy), the game runs on
 * the stepper and the report says why.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import type { GameDefinition } from '../../interpreter/program/program.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { code } from '../../interpreter/codegen/code.ts';
import { callWritings } from '../../interpreter/codegen/builtin-calls.ts';
import { callEvaluations } from '../../interpreter/lowering/builtin-calls.ts';
import { builtinFunctions } from '../../grammar/index.ts';

interface Names { title: string; token: string; dice: string; rule: string; cite: string; ruleCite: string; log: string; phase: string; prompt: string; first: string; second: string; reason: string; face: string; define: string; param: string }

/** A text as a quoted .rules string: its quotes and backslashes escaped. */
const q = (text: string) => text.replace(/[\\"]/g, (c) => `\\${c}`);

/** A small game with a name or a text in every place one can be written. */
function game(n: Names): string {
  return `game "${q(n.title)}" {
  players 2 to 3
  turn limit 60
}
tokens ${n.token} reserve 100
die D6 faces 1 to 5, "${q(n.face)}"
dice ${n.dice}: 2 D6
define ${n.define}(${n.param}) = ${n.param}.${n.token} + count(${n.dice} where face == "${q(n.face)}")
rule "${q(n.rule)}" cite "${q(n.ruleCite)}" {
  roll ${n.dice}
  if count(${n.dice} where face == "${q(n.face)}") > 0 { gain 2 ${n.token} } else { log "${q(n.log)}" }
}
turns clockwise {
  phase "${q(n.phase)}" {
    cite "${q(n.cite)}"
    choose by current prompt "${q(n.prompt)}" {
      option "${q(n.first)}" { gain 1 ${n.token} }
      option "${q(n.second)}" { do "${q(n.rule)}" }
    }
    if current.${n.token} >= 10 or ${n.define}(current) >= 12 { win current "${q(n.reason)}" }
  }
}
`;
}

const plain: Names = {
  title: 'Corsa', token: 'Passo', dice: 'Dado', rule: 'Rischio', cite: 'Tira il dado.', ruleCite: 'Chi rischia ritira.', log: 'resta fermo',
  phase: 'Lancio', prompt: 'Che fai?', first: 'avanza', second: 'rischia', reason: 'traguardo', face: 'Stella',
  define: 'Forza', param: 'chi',
};
const other: Names = {
  title: 'Race', token: 'Step', dice: 'Die', rule: 'Risk', cite: 'Roll the die and move on, as far as it says.', ruleCite: 'Risk it.', log: 'stays',
  phase: 'Roll', prompt: 'What now?', first: 'move', second: 'risk it all', reason: 'finish line', face: 'Star',
  define: 'Strength', param: 'who',
};
const hostileText = ['*/ }); throw 1; /*', '"); process.exit(1); //', "it's", '`${seats}` (a value shown by the rules, not JavaScript)', '</script><script>alert(1)</script>', 'line\u2028break\u2029', '\\u0027', '__proto__'];
const hostile: Names = {
  title: hostileText.join(' '), token: '__proto__', dice: 'constructor', rule: hostileText[0], cite: hostileText[3], ruleCite: hostileText[4], log: hostileText[1],
  phase: hostileText[4], prompt: hostileText[2], first: hostileText[6], second: '__proto__', reason: hostileText[3], face: '${face}',
  define: 'toString', param: 'hasOwnProperty',
};

function compiled(names: Names): GameDefinition {
  const result = compileRules(game(names));
  expect(result.definition, result.diagnostics.map((d) => d.message).join('; ')).not.toBeNull();
  return result.definition!;
}

const sources = (definition: GameDefinition) => {
  const report = codegenReport(definition);
  return [...report.logged, ...report.batch].map((p) => p.source);
};

describe('the generated code holds no text of the rules', () => {
  it('two files that differ only in names, texts and citations generate byte-identical code', () => {
    const a = sources(compiled(plain));
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((source) => source.length > 0)).toBe(true);
    expect(sources(compiled(other))).toEqual(a);
  });

  it('hostile names change nothing, and appear nowhere in the code', () => {
    const a = sources(compiled(plain));
    const b = sources(compiled(hostile));
    expect(b).toEqual(a);
    for (const source of b) {
      for (const text of [...hostileText, '${', '`', '</script>', '\u2028', '\u2029', 'Passo', 'Rischio', 'Stella']) expect(source.includes(text), text).toBe(false);
    }
  });

  it('a game with hostile names plays the same through the generated code and the stepper', () => {
    const definition = compiled(hostile);
    for (let seed = 1; seed <= 50; seed++) {
      for (const keepMoves of [false, true]) {
        const a = randomPlayout(withGeneratedCode(definition), { players: 2 + (seed % 2), seed, keepMoves });
        const b = randomPlayout(withStepper(definition), { players: 2 + (seed % 2), seed, keepMoves });
        expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
        expect(a.state.error).toBeNull();
      }
    }
  });
});

describe('where new Function is refused (a strict Content-Security-Policy)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('every program runs on the stepper, the report says why, and the games are the same', () => {
    const definition = compiled(plain);
    vi.stubGlobal('Function', function refused() { throw new EvalError('Refused to evaluate a string as JavaScript: unsafe-eval is not allowed'); });
    const report = codegenReport(definition);
    vi.unstubAllGlobals();
    for (const program of [...report.logged, ...report.batch]) {
      expect(program.generated).toBe(false);
      expect(program.reason).toMatch(/new Function is not available here \(EvalError\).*stepper/);
    }
    for (let seed = 1; seed <= 30; seed++) {
      const a = randomPlayout(withGeneratedCode(definition), { players: 2, seed, keepMoves: false });
      const b = randomPlayout(withStepper(definition), { players: 2, seed, keepMoves: false });
      expect(stateHash(a.state)).toBe(stateHash(b.state));
    }
  });
});

describe('generated source is made only of the generator\'s own text', () => {
  it('the code tag refuses an array that is not a template literal, so a text cannot be passed off as code', () => {
    const forged = Object.assign(['"); process.exit(1); //'], { raw: ['"); process.exit(1); //'] }) as unknown as TemplateStringsArray;
    expect(() => code(forged)).toThrow(TypeError);
    expect(code`s.globals[${3}]`).toBe('s.globals[3]');
    expect(code`x = ${-2}`).toBe('x = (-2)');
  });

  it('every builtin of the grammar has an entry in both halves of the table of builtins', () => {
    const names = Object.keys(builtinFunctions).sort();
    expect(Object.keys(callEvaluations).sort()).toEqual(names);
    expect(Object.keys(callWritings).sort()).toEqual(names);
  });
});
