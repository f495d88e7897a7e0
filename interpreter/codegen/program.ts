/**
 * Writes one program (a rule, the setup, the turn, a move open at any time) as one JavaScript
 * function: a `switch` over the pc with a case per instruction, simple instructions falling
 * through to the next, so the frame runs from where it stopped to where it stops again (a choice,
 * a call, a return, the end of the turn or the game) exactly as the stepper's inner loop runs it,
 * the frame's `pc` and locals kept in the state as the stepper keeps them.
 */
import type { Instruction, Program } from '../program.ts';
import { ExpressionWriter } from './expression.ts';
import { statementSource } from './statement.ts';
import { index, local, number, Tables, Unsupported } from './tables.ts';
import type { GameDefinition } from '../program.ts';
import { stepLimit } from '../run-failure.ts';

/** The source of a program's function and the tables it refers to. */
export interface ProgramSource { source: string; tables: Tables }

/**
 * The generated function's parameters: H helpers, K constants, E closures, I the instructions, D
 * the definition. It returns `run(s, f, stack, depth, steps)`, which returns the steps counted, or
 * -1 once the game has stopped (an error or the step limit).
 */
export const parameters = ['H', 'K', 'E', 'I', 'D'] as const;

/**
 * Instructions per chunk function. A program with inlined rules can have thousands: one function
 * that big takes V8 seconds to optimize and is thrown back to the interpreter by every path that
 * had not run before. Small chunks are optimized at once, each on its own.
 */
export const chunkSize = 32;

export function writeProgram(definition: GameDefinition, program: Program): ProgramSource {
  const tables = new Tables();
  const expressions = new ExpressionWriter(definition, tables);
  const cases = program.instructions.map((instruction, k) => {
    const body = instructionSource(instruction, k, expressions, tables);
    // Counted before it runs, as the stepper counts it: loops' jumps back and calls.
    const count = instruction.counted ? `if (++steps > ${number(stepLimit)}) { f.pc = pc; H.stopAtStepLimit(s, I[${index(k)}]); return -1; }\n` : '';
    return `case ${index(k)}: {\n${count}${body}\n}`;
  });
  const chunks: string[] = [];
  const calls: string[] = [];
  for (let first = 0; first < cases.length; first += chunkSize) {
    const name = `c${index(chunks.length)}`;
    calls.push(`case ${index(chunks.length)}: pc = ${name}(s, f, L, stack, depth, pc); break;`);
    // A chunk runs while the pc stays in it: it returns the pc it leaves for, -2 when the frame
    // stops for now (its pc saved), -1 when the game stopped.
    chunks.push([
      `function ${name}(s, f, L, stack, depth, pc) {`,
      'try {',
      'for (;;) {',
      'switch (pc) {',
      ...cases.slice(first, first + chunkSize),
      'default: return pc;',
      '}',
      '}',
      '} catch (error) {',
      'f.pc = pc;',
      'H.stopAtFailure(s, I[pc], error);',
      'return -1;',
      '}',
      '}',
    ].join('\n'));
  }
  const source = [
    '"use strict";',
    // Loop passes and calls counted since the engine's run started (one run at a time: JavaScript is single-threaded).
    'let steps = 0;',
    ...tables.functions,
    ...chunks,
    'return function run(s, f, stack, depth, counted) {',
    'steps = counted;',
    'const L = f.locals;',
    'let pc = f.pc;',
    'for (;;) {',
    'if (pc === -1) return -1;',
    'if (pc === -2) return steps;',
    // Past the last instruction: the frame returns.
    `if (pc >= ${index(cases.length)}) { f.pc = pc; stack.pop(); H.frameDone(s, f); return steps; }`,
    `switch ((pc / ${index(chunkSize)}) | 0) {`,
    ...calls,
    '}',
    '}',
    '};',
  ].join('\n');
  return { source, tables };
}

/** One instruction's case body: it ends by falling through to the next case (pc = k + 1) or with `continue`/`return`. */
function instructionSource(instruction: Instruction, k: number, expressions: ExpressionWriter, tables: Tables): string {
  const next = `pc = ${index(k + 1)};`;
  const write = (e: Parameters<ExpressionWriter['closure']>[0]) => expressions.closure(e);
  if (instruction.target >= 0) {
    const target = index(instruction.target);
    if (instruction.test === null) return `pc = ${target}; continue;`;
    const shape = instruction.shape;
    const test = shape?.kind === 'repeat-test' ? `${local(shape.slot)} > 0` : write(instruction.test);
    return `if (${test}) { ${next} } else { pc = ${target}; continue; }`;
  }
  const shape = instruction.shape;
  try {
    switch (shape?.kind) {
      case 'set-local': return `${local(shape.slot)} = ${write(shape.value)}; ${next}`;
      case 'set-global': return `s.globals[${index(shape.index)}] = ${write(shape.value)}; ${next}`;
      case 'set-player-var': return `{ const p = H.playerTarget(${write(shape.object)}); s.players[p].vars[${index(shape.index)}] = ${write(shape.value)}; } ${next}`;
      case 'args': return `${shape.args.map((arg, i) => `${local(shape.params[i])} = ${write(arg)};`).join(' ')} ${next}`;
      case 'count-down': return `${local(shape.slot)} = ${local(shape.slot)} - 1; ${next}`;
      case 'for-each-start': return `${local(shape.listSlot)} = H.asList(${write(shape.list)}); ${local(shape.listSlot + 1)} = 0; ${next}`;
      case 'for-each-next': {
        const list = local(shape.listSlot);
        const position = local(shape.listSlot + 1);
        return `{ const items = ${list}; const position = ${position}; if (position >= items.length) { pc = ${index(shape.exit)}; continue; } ${local(shape.variable)} = items[position]; ${position} = position + 1; } ${next}`;
      }
    }
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    tables.fallbacks.push({ at: instruction.at, what: instruction.source?.node.kind ?? 'instruction', reason: error.message });
  }
  // Any other statement: its own closure, then the checks the stepper makes after it.
  const run = `f.pc = pc; I[${index(k)}].run(s, f); pc = f.pc;`;
  const closure = instruction.yields
    ? `${run} if (H.stopped(s, stack, depth)) return -2; continue;`
    : `${run} continue;`;
  try {
    const written = statementSource(instruction, k, expressions, tables, closure);
    if (written !== null) return written;
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    tables.fallbacks.push({ at: instruction.at, what: instruction.source?.node.kind ?? 'instruction', reason: error.message });
    return closure;
  }
  tables.fallbacks.push({ at: instruction.at, what: instruction.source?.node.kind ?? 'instruction', reason: 'statement run by its closure' });
  return closure;
}
