/**
 * analyze() must never throw, and every diagnostic it returns must point inside the text
 * (0 ≤ start ≤ end ≤ text.length), whatever the input: junk, truncations, huge nesting,
 * huge lines, deep chains, damaged copies of the example, and names that collide with
 * Object.prototype. Inputs are generated from fixed seeds, so every run sees the same files.
 * Nothing here measures time: only behaviour is asserted.
 *
 * Where analyze() throws, the test simply fails: "never throws" is the contract of grammar/.
 * Tests whose comment starts with 'Regression' pin bugs found in grammar/ and since fixed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { analyze, formatDiagnostic, LineIndex, type Analysis } from '../../grammar/index.ts';
import { allTokens } from '../../grammar/tokens.ts';

const here = dirname(fileURLToPath(import.meta.url));
const mortadella = readFileSync(join(here, '../../rules/mortadella.rules'), 'utf8');
const MB = 1 << 20;

/** mulberry32: small, fast, and the same sequence on every platform. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

/**
 * Analyzes the text and lists every broken invariant: a throw, a range outside the text, a
 * malformed diagnostic, an `ok` that disagrees with the severities. Plain checks, so that batches
 * of hundreds of inputs stay fast; `what` names the input, so a failure can be reproduced.
 */
function inspect(text: string, what: string): { analysis?: Analysis; problems: string[] } {
  let analysis: Analysis;
  try {
    analysis = analyze(text);
  } catch (error) {
    return { problems: [`${what}: analyze threw ${(error as Error).name}: ${(error as Error).message}`] };
  }
  const problems: string[] = [];
  if (!Array.isArray(analysis.diagnostics)) return { analysis, problems: [`${what}: diagnostics is not an array`] };
  const index = new LineIndex(text);
  for (const d of analysis.diagnostics) {
    const where = `${what}: ${d.code} ${JSON.stringify(d.range)} (text length ${text.length})`;
    const { start, end } = d.range ?? {};
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > text.length) problems.push(`${where}: range outside the text`);
    if (d.severity !== 'error' && d.severity !== 'warning') problems.push(`${where}: severity ${d.severity}`);
    if (typeof d.code !== 'string' || !d.code.includes('/')) problems.push(`${where}: bad code`);
    if (typeof d.message !== 'string' || d.message.length === 0) problems.push(`${where}: empty message`);
    try { formatDiagnostic('f.rules', index, d); } catch { problems.push(`${where}: formatDiagnostic threw`); }
  }
  if (analysis.ok !== !analysis.diagnostics.some((d) => d.severity === 'error')) problems.push(`${what}: ok disagrees with the severities`);
  return { analysis, problems };
}

/** One input: asserts the invariants and returns the analysis. */
function analyzeSafely(text: string, what: string): Analysis {
  const { analysis, problems } = inspect(text, what);
  expect(problems).toEqual([]);
  return analysis!;
}

const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error');
const expectBroken = (a: Analysis, what: string) =>
  expect(errors(a).length, `${what}: a broken file must produce at least one error`).toBeGreaterThan(0);

/** Many inputs: collects every problem (and, when `broken`, every input without an error), then asserts none. */
function checkBatch(inputs: Iterable<{ text: string; what: string; broken?: boolean }>): number {
  const problems: string[] = [];
  let count = 0;
  for (const { text, what, broken } of inputs) {
    count++;
    const result = inspect(text, what);
    problems.push(...result.problems);
    if (broken && result.analysis && !result.analysis.diagnostics.some((d) => d.severity === 'error')) {
      problems.push(`${what}: a broken file produced no error`);
    }
  }
  expect(problems).toEqual([]);
  return count;
}

const header = 'game "Robusto" { players 2 }\n';

// ---------------------------------------------------------------------------------------------
describe('random junk', () => {
  const fragments = [
    'game', 'players', 'to', 'turns', 'turn', 'rule', 'phase', 'if', 'else', 'for', 'each', 'in', 'do',
    'choose', 'option', 'where', 'gain', 'roll', 'mark', 'on', 'end', 'win', 'let', 'set', '=', '==',
    '<', '>=', '+', '-', '*', '/', '.', ',', ':', '{', '}', '(', ')', '[', ']', '"x"', '"', '12', '0',
    'Popolo', 'current', 'players', 'not', 'and', 'or', '#c\n', '//c\n', ' ', '\n', '\t', '\0',
    '\ud800', '\udfff', '\ufeff', '\u00a0', 'Città', '__proto__', 'é', '\r\n',
  ];
  const lengths = [0, 1, 2, 3, 5, 8, 13, 31, 64, 100, 257, 600, 1500, 4000];

  function junk(seed: number): string {
    const r = prng(seed);
    const length = lengths[seed % lengths.length] + r.int(8);
    const mode = seed % 3;
    let out = '';
    while (out.length < length) {
      if (mode === 0) {
        // Binary: bytes as Latin-1 characters, NUL and control characters included.
        out += String.fromCharCode(r.int(256));
      } else if (mode === 1) {
        // Any UTF-16 code unit, biased towards lone surrogates and NUL.
        const roll = r.next();
        out += String.fromCharCode(roll < 0.3 ? 0xd800 + r.int(0x800) : roll < 0.4 ? 0 : r.int(0x10000));
      } else {
        // Token soup with junk in between: reaches deeper into the parser.
        out += r.next() < 0.85 ? r.pick(fragments) + (r.next() < 0.6 ? ' ' : '') : String.fromCharCode(r.int(0x10000));
      }
    }
    return out;
  }

  it('never throws and keeps ranges inside the text (360 seeded inputs)', () => {
    const inputs = Array.from({ length: 360 }, (_, i) => ({ text: junk(i + 1), what: `junk seed ${i + 1}`, broken: true }));
    expect(checkBatch(inputs)).toBe(360);
  });

  it('junk after a valid header: no throw, valid ranges (60 seeded inputs)', () => {
    const inputs = Array.from({ length: 60 }, (_, i) => ({ text: `${header}turns { end turn }\n${junk(1000 + i)}`, what: `header + junk seed ${1000 + i}` }));
    expect(checkBatch(inputs)).toBe(60);
  });
});

// ---------------------------------------------------------------------------------------------
describe('truncations of mortadella.rules', () => {
  it('is clean when whole (the reference for what follows)', () => {
    expect(analyzeSafely(mortadella, 'mortadella').diagnostics).toEqual([]);
  });

  const cuts = Array.from({ length: 200 }, (_, i) => Math.floor((i * mortadella.length) / 200));

  it('every prefix at 200 evenly spaced cut points: no throw, valid ranges, at least one error', () => {
    // Every proper prefix of the file is broken: it ends inside a declaration, or loses the turns
    // block, or loses rules that the turns call. (Only trailing blank space could be cut harmlessly.)
    const inputs = cuts.map((cut) => {
      const text = mortadella.slice(0, cut);
      return { text, what: `prefix ${cut}`, broken: text.trimEnd() !== mortadella.trimEnd() };
    });
    expect(checkBatch(inputs)).toBe(200);
  });

  // Regression (was a bug in grammar/parse.ts + parser.ts): a syntax error at the end of the file makes the `file` rule return no AST at all, so every tru…
  it('a prefix that contains the game block never reports game/missing', () => {
    const afterGame = mortadella.indexOf('tokens Popolo');
    for (const cut of cuts.filter((c) => c > afterGame)) {
      const a = analyze(mortadella.slice(0, cut));
      expect(a.diagnostics.map((d) => d.code), `prefix ${cut}`).not.toContain('game/missing');
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('huge nesting and huge lines', () => {
  for (const [open, close] of [['{', '}'], ['(', ')'], ['[', ']']] as const) {
    it(`1 MB of '${open}' is refused as too deep, not a crash`, () => {
      const text = open.repeat(MB);
      const a = analyzeSafely(text, `1 MB of ${open}`);
      expectBroken(a, `1 MB of ${open}`);
      expect(a.diagnostics.map((d) => d.code)).toContain('syntax/too-deep');
    });
  }

  it("1 MB of balanced '(' … ')' inside an expression is refused as too deep", () => {
    const half = MB / 2 - 64;
    const text = `${header}turns { let x = ${'('.repeat(half)}1${')'.repeat(half)} }\n`;
    const a = analyzeSafely(text, 'balanced parens');
    expect(a.diagnostics.map((d) => d.code)).toContain('syntax/too-deep');
  });

  // Regression (was a bug in grammar/parse.ts): too-deep nesting returns an empty AST, so the schema also says "the file has no game block" although the f…
  it('too-deep nesting inside a game does not also report game/missing', () => {
    const text = `${header}turns { let x = ${'('.repeat(100)}1${')'.repeat(100)} }\n`;
    expect(analyze(text).diagnostics.map((d) => d.code)).toEqual(['syntax/too-deep']);
  });

  it('a 1 MB single line of identifiers: no throw, valid ranges, an error', () => {
    const text = 'Popolo Torre libro_1 città '.repeat(Math.ceil(MB / 27)).slice(0, MB);
    expect(text.includes('\n')).toBe(false);
    const a = analyzeSafely(text, '1 MB of identifiers');
    expectBroken(a, '1 MB of identifiers');
  });

  it('a 1 MB single line declaring distinct tokens is a valid file', () => {
    const names: string[] = [];
    for (let length = 0; length < MB; length += names[names.length - 1].length + 2) names.push(`t${names.length}`);
    const text = `${header}turns { end turn }\ntokens ${names.join(', ')}\n`;
    const a = analyzeSafely(text, '1 MB tokens line');
    expect(a.diagnostics).toEqual([]);
    expect(a.schema.tokens.length).toBe(names.length);
  });

  it('an if / else if chain of 10,000 levels: no throw, valid ranges', () => {
    let chain = 'if current.Oro > 0 { gain 1 Oro }';
    for (let i = 0; i < 10_000; i++) chain += ` else if current.Oro > ${i} { gain 1 Oro }`;
    analyzeSafely(`${header}tokens Oro\nturns { ${chain} }\n`, 'else-if chain');
  });

  // Regression (was a bug in grammar/parse.ts): the else-if chain is valid, but the parser recurses once per `else if` and overflows the stack; the catch…
  it('an if / else if chain of 10,000 levels is checked clean or refused as too deep', () => {
    let chain = 'if current.Oro > 0 { gain 1 Oro }';
    for (let i = 0; i < 10_000; i++) chain += ` else if current.Oro > ${i} { gain 1 Oro }`;
    const a = analyze(`${header}tokens Oro\nturns { ${chain} }\n`);
    for (const d of errors(a)) expect(d.code).toBe('syntax/too-deep');
  });

  it('if nested in else blocks 10,000 levels deep is refused as too deep', () => {
    let text = '';
    for (let i = 0; i < 10_000; i++) text += 'if true { log "a" } else { ';
    text += 'log "b" ' + '} '.repeat(10_000);
    const a = analyzeSafely(`${header}turns { ${text} }\n`, 'nested else blocks');
    expect(a.diagnostics.map((d) => d.code)).toContain('syntax/too-deep');
  });

  // Regression (was a bug in grammar/checker.ts): a long flat operator chain parses fine (binaryChain loops), but the checker recurses down the left-neste…
  it('a flat chain of 20,000 `+` operands does not throw', () => {
    analyzeSafely(`${header}turns { let x = 1${' + 1'.repeat(20_000)} }\n`, '+ chain');
  });
  it('a flat chain of 20,000 `and` operands does not throw', () => {
    analyzeSafely(`${header}turns { let x = true${' and true'.repeat(20_000)} }\n`, 'and chain');
  });
});

// ---------------------------------------------------------------------------------------------
describe('single-token deletions from mortadella.rules', () => {
  it('200 seeded variants: no throw, valid ranges', () => {
    const lexer = new Lexer(allTokens, { positionTracking: 'onlyOffset', ensureOptimizations: false });
    const { tokens, errors: lexErrors } = lexer.tokenize(mortadella);
    expect(lexErrors).toEqual([]);
    expect(tokens.length).toBeGreaterThan(1000);
    const r = prng(20240607);
    const inputs = Array.from({ length: 200 }, () => {
      const token = tokens[r.int(tokens.length)];
      const text = mortadella.slice(0, token.startOffset) + mortadella.slice(token.startOffset + token.image.length);
      return { text, what: `deleted '${token.image}' at offset ${token.startOffset}` };
    });
    expect(checkBatch(inputs)).toBe(200);
  });

  // Regression (was a bug in grammar/parser.ts + schema.ts): deleting a middle face leaves `faces A, , B`; the recovered faceSpec is undefined and buildSc…
  it('an empty face in a die face list is a syntax error, not a crash', () => {
    const a = analyzeSafely(`${header}die Dado faces Popolo, , Vino\nturns { end turn }\n`, 'empty face');
    expectBroken(a, 'empty face');
  });
});

// ---------------------------------------------------------------------------------------------
describe('names that are also Object.prototype properties', () => {
  const special = ['__proto__', 'constructor', 'toString'] as const;

  /** One valid game where `token` names a token and a die face, `rule` a rule, `variable` a mark, a player variable and a parameter. */
  const game = (token: string, rule: string, variable: string) => `game "Proto" { players 2 to 3 }
tokens ${token}, Oro
die Dado faces ${token}, Oro, Vino
dice Dadi: 2 Dado marks ${variable}
player var ${variable} = 0
var ${rule}Totale = 1
turns {
  roll Dadi
  mark ${variable} on Dadi where face == ${token}
  let ${rule} = count(Dadi where ${variable})
  gain ${rule} ${token}
  set current.${variable} = current.${variable} + current.${token}
  do ${rule}(current, ${token})
  for each ${token}Giocatore in players {
    if ${token}Giocatore.${token} > 3 { win ${token}Giocatore "tre" }
  }
}
rule ${rule}(${variable}, s) {
  gain 1 s to ${variable}
  let ${token}Locale = ${variable}.${token}
  if ${token}Locale > 5 { do ${rule}(${variable}, Oro) }
}
`;

  for (let i = 0; i < 3; i++) {
    const [token, rule, variable] = [special[i], special[(i + 1) % 3], special[(i + 2) % 3]];
    it(`token ${token}, rule ${rule}, variable ${variable}: checks clean and resolves as plain names`, () => {
      const a = analyzeSafely(game(token, rule, variable), `names ${i}`);
      expect(a.diagnostics).toEqual([]);
      expect(a.schema.tokens).toEqual([token, 'Oro']);
      expect([...a.schema.rules.keys()]).toEqual([rule]);
      expect([...a.schema.playerVars.keys()]).toEqual([variable]);
      expect(a.schema.pools.get('Dadi')?.marks).toEqual([variable]);
      expect(a.schema.symbols.has(token)).toBe(true);
      // The token name resolves to the symbol, not to anything inherited.
      const tokenUses = [...a.annotations.names].filter(([node]) => node.name === token).map(([, resolution]) => resolution);
      expect(tokenUses.length).toBeGreaterThan(0);
      for (const resolution of tokenUses) expect(resolution).toEqual({ kind: 'symbol', name: token });
      // The let named like the rule is a local, and the rule name is not confused with it.
      expect([...a.annotations.names].some(([node, res]) => node.name === rule && res.kind === 'local')).toBe(true);
    });
  }

  it('undeclared prototype names are unknown, not silently resolved', () => {
    for (const name of [...special, 'hasOwnProperty', 'valueOf']) {
      const value = analyzeSafely(`${header}turns { let x = ${name} }\n`, `value ${name}`);
      expect(value.diagnostics.map((d) => d.code), name).toEqual(['name/unknown']);
      const rule = analyzeSafely(`${header}turns { do ${name} }\n`, `rule ${name}`);
      expect(rule.diagnostics.map((d) => `${d.code}: ${d.message}`), name).toEqual([`name/unknown: there is no rule '${name}'`]);
      const attribute = analyzeSafely(`${header}turns { let x = current.${name} }\n`, `attribute ${name}`);
      expect(attribute.diagnostics.map((d) => d.code), name).toEqual(['name/unknown-attribute']);
      const variant = analyzeSafely(`${header}turns { end turn }\nvariant v { ${name} = 1 }\n`, `variant ${name}`);
      expect(variant.diagnostics.map((d) => d.code), name).toEqual(['name/unknown']);
    }
  });

  it('a prototype name declared twice is a duplicate', () => {
    for (const name of special) {
      const a = analyzeSafely(`${header}tokens ${name}, ${name}\nturns { gain 1 ${name} }\n`, `duplicate ${name}`);
      expect(a.diagnostics.map((d) => d.code), name).toEqual(['name/duplicate']);
    }
  });

  // Regression (was a bug in grammar/checker.ts): builtinFunctions is a plain object, so `builtinFunctions[name]` finds Object.prototype members; `toStrin…
  for (const name of special) {
    it(`calling ${name}(…) as a function reports an unknown function instead of throwing`, () => {
      const a = analyzeSafely(`${header}turns { let x = ${name}(current) }\n`, `call ${name}`);
      expect(a.diagnostics.map((d) => d.code)).toEqual(['name/unknown-function']);
    });
  }
});
