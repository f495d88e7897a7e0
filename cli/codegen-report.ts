/**
 * `regola check --verbose`: what the code generator made of each program (issue 15) — generated,
 * or left to the stepper and why — and every expression or statement the generated code still
 * calls as a closure, at its place in the rules. Batch mode's programs are the ones simulations
 * and bots run; a logged match (play, the studio) stays on the stepper. Where `new Function` is
 * refused (node with --disallow-code-generation-from-strings, as a page under a strict
 * Content-Security-Policy) the first line says so, once, instead of every program repeating it.
 */
import { LineIndex } from '../grammar/index.ts';
import { codegenReport, generatedCodeAvailability, type GameDefinition } from '../interpreter/index.ts';
import { printable } from './printable.ts';

export function renderCodegenReport(file: string, text: string, definition: GameDefinition): string[] {
  const index = new LineIndex(text);
  const { batch } = codegenReport(definition);
  const availability = generatedCodeAvailability();
  const programs = definition.batchPrograms();
  const lines = ['code generation (simulations and bots; a logged match runs on the stepper):'];
  if (!availability.available) lines.push(`  new Function is refused here (${availability.reason}): every program runs on the stepper (slower); what the generator would write:`);
  batch.forEach((program, i) => {
    // A rule whose every call is inlined has no program of its own in batch mode (compile.ts).
    if (programs[i].instructions.length === 0 && i !== definition.setupProgram && i !== definition.turnProgram && !definition.anyTime.some((move) => move.program === i)) {
      lines.push(`  ${program.program}: inlined at every call (no program of its own)`);
      return;
    }
    const fallbacks = program.fallbacks.length;
    const parts = fallbacks ? `${fallbacks} part${fallbacks === 1 ? '' : 's'} left to closures` : '';
    // Structured code runs a frame from its start; a program whose jumps do not nest has the switch alone (slower).
    const shape = program.structured ? '' : ' (as a switch alone: its jumps do not nest as loops and blocks)';
    lines.push(program.generated
      ? `  ${program.program}: generated${shape}${parts ? `, ${parts}` : ''}`
      : !availability.available && program.source
        ? `  ${program.program}: runs on the stepper (new Function refused)${parts ? `; ${parts} if generated` : ''}`
        : `  ${program.program}: runs on the stepper: ${program.reason ?? 'not generated'}`);
    for (const fallback of program.fallbacks) {
      const where = fallback.at >= 0 ? (({ line, column }) => `${file}:${line}:${column}`)(index.position(fallback.at)) : file;
      lines.push(`    ${where}: ${fallback.what}: ${fallback.reason}`);
    }
  });
  const generated = batch.filter((p) => p.generated).length;
  lines.push(`  ${generated} of ${batch.length} programs generated, ${batch.reduce((n, p) => n + p.fallbacks.length, 0)} parts left to closures`);
  return lines.map(printable);
}
