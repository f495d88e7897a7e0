/**
 * Structured generated code (interpreter/codegen/structure.ts, structured.ts): a program's jumps
 * found again as loops and blocks, the program run from a frame's start as loops and `if`s, cut
 * into functions of its own where it is long, and handed to the program's switch wherever it
 * stops or goes somewhere the structure does not know. Games played through it must be the
 * stepper's, however small the functions it is cut into.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { applyChoiceIndex, applyMoveInPlace, choiceCount, legalMoves, startGame } from '../../interpreter/engine/engine.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { playerCounts, type GameDefinition } from '../../interpreter/program/program.ts';
import { parameters, writeProgram } from '../../interpreter/codegen/program.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { structure, type Construct } from '../../interpreter/codegen/structure.ts';
import { games, rulesDirectory } from '../differential/differential.ts';

const loop = (start: number, end: number): Construct => ({ kind: 'loop', start, end });
const block = (start: number, end: number): Construct => ({ kind: 'block', start, end });

describe('loops and blocks found again from the jumps', () => {
  it.each([
    // while: 0 leaves to 3, 2 goes back to 0.
    ['a while loop', [[3], [], [0], []], [block(0, 3), loop(0, 3)]],
    // if/else: 0 jumps over the then-part to 3, 2 over the else-part to 4: one block widened around the other.
    ['if … else', [[3], [], [4], [], []], [block(0, 4), block(0, 3)]],
    // Two loops, the inner one left by a jump to the outer loop's end (a `break` of both).
    ['a jump out of two loops', [[5], [4], [5], [1], [0], []], [block(0, 5), loop(0, 5), block(1, 4), loop(1, 4)]],
    // choose { option … }: one instruction goes to each option's start and to the end.
    ['options', [[2, 4, 6], [6], [], [6], [], [6], []], [block(0, 6), block(0, 4), block(0, 2)]],
  ] as const)('%s', (_name, targets, expected) => {
    expect(structure(targets as unknown as number[][])).toEqual(expected);
  });

  it('refuses jumps that cannot nest: into a loop from before it, or loops that cross', () => {
    expect(structure([[2], [], [], [1]])).toBeNull();
    expect(structure([[], [], [0], [1]])).toBeNull();
  });
});

const definitions = games.map((file) => [file, compileRules(readFileSync(`${rulesDirectory}${file}`, 'utf8')).definition!] as const);

describe('every game is written as structured code', () => {
  it.each(definitions)('%s: every program, logged and batch', (_file, definition) => {
    const report = codegenReport(definition);
    for (const program of [...report.logged, ...report.batch]) {
      expect(program.structured, program.program).toBe(true);
      // Every marker and placeholder of the generator filled in.
      expect(program.source, program.program).not.toMatch(/[\u0001\u0002]/);
    }
  });
  // A switch is built when a frame first resumes there, which some games' playouts never do: each
  // is compiled here, as `new Function` would at that moment.
  it.each(definitions)('%s: every switch, written when first needed, compiles', (_file, definition) => {
    for (const [programs, quiet] of [[definition.programs, false], [definition.batchPrograms(), true]] as const) {
      for (const program of programs) {
        const { source, writeSwitch } = writeProgram(definition, program, quiet);
        expect(writeSwitch, program.name).not.toBeNull();
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        for (const text of [source, writeSwitch!()]) expect(() => new Function(...parameters, text), program.name).not.toThrow();
      }
    }
  });
});

/** A fresh definition (generated code is built once per set of programs), its structured code cut into functions of `size` characters. */
function cutInto(file: string, size: number): GameDefinition {
  return withGeneratedCode(compileRules(readFileSync(`${rulesDirectory}${file}`, 'utf8')).definition!, size);
}

describe('cut into functions of one statement each, the games are the stepper’s', () => {
  // A function per statement: every jump out of a loop or block crosses functions.
  it.each(['mortadella.rules', 'risiko.rules', '1984.rules', 'examples/connect-four.rules', 'examples/mercato.rules'])('%s', (file) => {
    const cut = cutInto(file, 1);
    const stepper = withStepper(cut);
    const counts = playerCounts(cut);
    for (let seed = 1; seed <= 40; seed++) {
      const options = { players: counts[seed % counts.length], seed, maxRounds: 60 };
      const a = randomPlayout(cut, { ...options, keepMoves: false });
      const b = randomPlayout(stepper, { ...options, keepMoves: false });
      expect(stateHash(a.state), `quiet, seed ${seed}`).toBe(stateHash(b.state));
      if (seed % 4 === 0) {
        const c = randomPlayout(cut, { ...options, keepMoves: true });
        const d = randomPlayout(stepper, { ...options, keepMoves: true });
        expect(c.moves, `logged, seed ${seed}`).toEqual(d.moves);
        expect(stateHash(c.state), `logged, seed ${seed}`).toBe(stateHash(d.state));
      }
    }
  });
});

// In a logged match `choose { option … }` runs its closure, which takes a lone open option at
// once and jumps to it: structured code hands the frame to the switch there.
const lone = `game "Una sola" {
  players 2
  turn limit 12
}
tokens Oro reserve 100
var giri = 0
turns clockwise {
  set giri = giri + 1
  choose by current prompt "Che fai?" {
    option "prendi" { gain 1 Oro }
    option "raddoppia" if current.Oro >= 3 { gain 2 Oro }
    option "passa" if giri > 100 { log "mai" }
  }
  let k = 0
  while k < 3 {
    set k = k + 1
    if k == 2 { gain 1 Oro }
  }
  if current.Oro >= 9 { win current "ricco" }
}
`;

describe('a frame handed to the switch mid-program', () => {
  it('a lone open option taken by its closure in a logged match: every state the stepper’s', () => {
    const definition = compileRules(lone).definition!;
    const generated = withGeneratedCode(definition);
    const stepper = withStepper(definition);
    for (let seed = 1; seed <= 10; seed++) {
      const started = [generated, stepper].map((d) => startGame(d, { players: 2, seed }));
      const [a, b] = started.map((s) => (s.ok ? s.state : null)!);
      expect(stateHash(a)).toBe(stateHash(b));
      for (let move = 0; !a.outcome && move < 40; move++) {
        const moves = legalMoves(a);
        const chosen = moves[(seed + move) % moves.length];
        applyMoveInPlace(generated, a, chosen);
        applyMoveInPlace(stepper, b, chosen);
        expect(stateHash(a), `seed ${seed}, move ${move}`).toBe(stateHash(b));
      }
      expect(a.outcome).not.toBeNull();
    }
  });

  it('a search’s moves, one at a time in batch mode: every state the stepper’s', () => {
    const definition = compileRules(lone).definition!;
    const sides = [withGeneratedCode(definition), withStepper(definition)].map((d) => {
      const started = startGame(d, { players: 2, seed: 3, quiet: true });
      return { d, state: started.ok ? started.state : null! };
    });
    for (let move = 0; !sides[0].state.outcome && move < 60; move++) {
      const count = choiceCount(sides[0].state);
      expect(choiceCount(sides[1].state)).toBe(count);
      for (const { d, state } of sides) applyChoiceIndex(d, state, move % count);
      expect(stateHash(sides[0].state), `move ${move}`).toBe(stateHash(sides[1].state));
    }
  });
});

// A filter reads and writes locals the loop around it keeps in variables, and fails inside on its
// second pass (a division by zero): the game stops with the stepper's error and the stepper's locals.
const failing = `game "Errore" {
  players 2
  turn limit 10
}
tokens Oro reserve 50
turns clockwise {
  let d = 2
  let n = 0
  while n < 5 {
    set n = n + 1
    set d = d - 1
    # Named often enough in the loop to be kept in variables around the filter's call.
    if n + d > 0 and n - d < 99 and n * d > -99 and d + n + d + n > -99 { gain 1 Oro }
    if count(players where it.Oro / d >= 0 and n > 0) > 0 { gain 1 Oro }
  }
}
`;

describe('locals kept in variables', () => {
  it('a failure inside a filter function leaves the frame as the stepper does', () => {
    const definition = compileRules(failing).definition!;
    const report = codegenReport(definition);
    const turn = report.batch[definition.turnProgram].source;
    // The filter runs on the frame's slots, the loop's locals in variables around it.
    expect(turn).toMatch(/inFrame = 2, filtered = g\d+\(s, f, L\)/);
    const [a, b] = [withGeneratedCode(definition), withStepper(definition)].map((d) => randomPlayout(d, { players: 2, seed: 1, keepMoves: false }).state);
    expect(a.error?.message).toMatch(/division by zero/);
    expect(stateHash(a)).toBe(stateHash(b));
  });
});
