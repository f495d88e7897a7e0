/**
 * One instruction's body as JavaScript: what it does, then where control goes next, written as a
 * marker (control.ts) that each shape of generated function fills in. The body is written once;
 * the switch that resumes a frame and the structured code that runs it from its start share it.
 * Inside a body `pc` holds the instruction's own number (so `f.pc = pc` saves it).
 */
import { code, empty, join, type Code } from './code.ts';
import type { Instruction } from '../program/program.ts';
import { control } from './control.ts';
import type { ExpressionWriter } from './expression.ts';
import { statementSource } from './statement.ts';
import { index, local, type Tables, Unsupported } from './tables.ts';

/** The body of instruction `k`, the step limit's check first where the stepper counts it; `quiet`: of a batch program. */
export function instructionSource(instruction: Instruction, k: number, expressions: ExpressionWriter, tables: Tables, quiet: boolean): Code {
  // Counted before it runs, as the stepper counts it: loops' jumps back and calls.
  return code`${instruction.counted ? control.step : empty}${bodySource(instruction, k, expressions, tables, quiet)}`;
}

function bodySource(instruction: Instruction, k: number, expressions: ExpressionWriter, tables: Tables, quiet: boolean): Code {
  const next = control.next;
  const write = (e: Parameters<ExpressionWriter['closure']>[0]) => expressions.closure(e);
  if (instruction.target >= 0) {
    const target = control.jump(instruction.target);
    if (instruction.test === null) return target;
    const shape = instruction.shape;
    const test = shape?.kind === 'repeat-test' ? code`${local(shape.slot)} > 0` : write(instruction.test);
    return code`if (!(${test})) { ${target} } ${next}`;
  }
  const shape = instruction.shape;
  try {
    switch (shape?.kind) {
      case 'set-phase': return code`s.phase = ${tables.constant(shape.name)}; ${next}`;
      case 'set-local': return code`${local(shape.slot)} = ${write(shape.value)}; ${next}`;
      case 'set-global': return code`s.globals[${index(shape.index)}] = ${write(shape.value)}; ${next}`;
      case 'set-player-var': return code`{ const p = H.playerTarget(${write(shape.object)}); s.players[p].vars[${index(shape.index)}] = ${write(shape.value)}; } ${next}`;
      case 'args': return code`${join(shape.args.map((arg, i) => code`${local(shape.params[i])} = ${write(arg)};`), code` `)} ${next}`;
      case 'count-down': return code`${local(shape.slot)} = ${local(shape.slot)} - 1; ${next}`;
      case 'for-each-start': return code`${local(shape.listSlot)} = H.asList(${write(shape.list)}); ${local(shape.listSlot + 1)} = 0; ${next}`;
      case 'for-each-next': {
        const list = local(shape.listSlot);
        const position = local(shape.listSlot + 1);
        return code`{ const items = ${list}; const position = ${position}; if (position >= items.length) { ${control.jump(shape.exit)} } ${local(shape.variable)} = items[position]; ${position} = position + 1; } ${next}`;
      }
    }
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    tables.fallbacks.push({ at: instruction.at, what: instruction.source?.node.kind ?? 'instruction', reason: error.message });
  }
  // Any other statement: its own closure, which moves `f.pc` itself, then the checks the stepper
  // makes after it (written only when asked for: most statements of batch mode are written out).
  const closure = () => {
    const run = code`f.pc = pc; ${control.handOn}I[${index(k)}].run(s, f); ${control.takeBack()}pc = f.pc;`;
    return instruction.yields
      ? code`${run} if (H.stopped(s, stack, depth)) { ${control.stop} } ${control.dispatch([])}`
      : code`${run} ${control.dispatch([])}`;
  };
  try {
    const written = statementSource(instruction, k, expressions, tables, closure, quiet);
    if (written !== null) return written;
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    tables.fallbacks.push({ at: instruction.at, what: instruction.source?.node.kind ?? 'instruction', reason: error.message });
    return closure();
  }
  tables.fallbacks.push({ at: instruction.at, what: instruction.source?.node.kind ?? 'instruction', reason: 'statement run by its closure' });
  return closure();
}
