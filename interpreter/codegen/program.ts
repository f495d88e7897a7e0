/**
 * Writes one program (a rule, the setup, the turn, a move open at any time) as JavaScript, in two
 * shapes sharing each instruction's body (instruction.ts):
 * - structured code (structured.ts) runs a frame from its start: loops, `if`s and labelled
 *   blocks, as hand-written code would be;
 * - a `switch` over the pc with a case per instruction, simple instructions falling through to
 *   the next, resumes a frame where it stopped (a choice, a call) or where structured code hands
 *   it over, exactly as the stepper's inner loop runs it.
 * Both keep the frame's `pc` and locals in the state as the stepper keeps them, so a game still
 * stops at any choice and resumes from a plain-JSON state.
 */
import { code, empty, join, lines, type Code } from './code.ts';
import type { GameDefinition, Program } from '../program/program.ts';
import { cutBody, fill, ownTexts, type Body, type Transfers } from './control.ts';
import { ExpressionWriter } from './expression.ts';
import { instructionSource } from './instruction.ts';
import { structure } from './structure.ts';
import { structuredSource } from './structured.ts';
import { LocalAnalysis } from './registers.ts';
import { index, number, Tables } from './tables.ts';
import { stepLimit } from '../runtime/run-failure.ts';

/**
 * The source of a program's function and the tables it refers to. A structured program's switch
 * is a function of its own, written and built the first time a frame resumes there
 * when first needed: structured code runs every frame from its start, and resumes one in the switch
 * only after a choice left pending or where control goes somewhere it does not know, which a
 * random playout seldom does (`writeSwitch`). A program that is not structured has the switch
 * alone, in `source`.
 */
export interface ProgramSource { source: Code; writeSwitch: (() => Code) | null; tables: Tables; structured: boolean }

/**
 * The generated function's parameters: H helpers, K constants, E closures, I the instructions, D
 * the definition, S what builds the switch's function when first needed (structured programs).
 * It returns `run(s, f, stack, depth, steps)`, which returns the steps counted, or -1 once the
 * game has stopped (an error or the step limit).
 */
export const parameters = ['H', 'K', 'E', 'I', 'D', 'S'] as const;

/**
 * Instructions per chunk function of the switch. A program with inlined rules can have thousands:
 * one function that big takes V8 seconds to optimize and is thrown back to the interpreter by
 * every path that had not run before. Small chunks are optimized at once, each on its own.
 */
export const chunkSize = 32;

/** The switch's transfers of control: a case falls through to the next, a jump sets the pc and goes round. */
const switchTransfers: Transfers = {
  next: (k) => code`pc = ${index(k + 1)};`,
  jump: (_k, target) => code`pc = ${index(target)}; continue;`,
  dispatch: () => code`continue;`,
  stop: () => code`return -2;`,
  step: (k) => code`if (++steps > stepLimit) { f.pc = pc; H.stopAtStepLimit(s, I[${index(k)}]); return -1; }\n`,
  handOn: () => empty,
  takeBack: () => empty,
};

/**
 * `quiet`: a program of batch mode (`definition.batchPrograms()`), which runs only on quiet states
 * (the engine picks the programs by `state.quiet`): what a logged match does instead is not written.
 */
export function writeProgram(definition: GameDefinition, program: Program, quiet: boolean): ProgramSource {
  const tables = new Tables();
  const expressions = new ExpressionWriter(definition, tables);
  const bodies = program.instructions.map((instruction, k) => cutBody(instructionSource(instruction, k, expressions, tables, quiet)));
  const constructs = structure(bodies.map((body) => body.targets));
  const analysis = new LocalAnalysis(tables.functions);
  const uses = bodies.map((body) => analysis.of(ownTexts(body)));
  // Batch mode's turn starts the usual next turn itself (turn-order.ts nextTurnInFrame).
  const nextTurn = quiet && program === definition.batchPrograms()[definition.turnProgram];
  const structured = constructs && structuredSource(bodies, analysis, uses, constructs, code`resume`, definition.functionSize, nextTurn);
  const header = [
    code`"use strict";`,
    // Loop passes and calls counted since the engine's run started (one run at a time: JavaScript is single-threaded).
    code`let steps = 0;`,
    code`const stepLimit = ${number(stepLimit)};`,
    // The index of pieces by cell (occupancy.ts), its arrays taken where a run starts: they stay
    // those of the state's board until it returns (the engine's writers keep them in place).
    ...(tables.boardIndex ? [code`let OC = H.noIndex, OF = H.noIndex;`] : []),
  ];
  const takeIndex = tables.boardIndex ? code`OC = H.occupancy(s, D); OF = H.occupancyFirsts(s);\n` : empty;
  // The switch's function on its own: the filter functions it calls, its chunks and `resume`.
  const switchProgram = () => {
    const resume = switchSource(bodies);
    return lines([...header, ...tables.functions, ...resume.lines, code`function resume(s, f, stack, depth, counted) {\n${takeIndex}${resume.run}\n}`, code`return resume;`]);
  };
  if (structured === null) return { source: switchProgram(), writeSwitch: null, tables, structured: false };
  // Structured code runs a frame from its start or from one of its entries; the switch from anywhere else.
  const notEntry = join([0, ...structured.entries].map((pc) => code`f.pc !== ${index(pc)}`), code` && `);
  const source = lines([
    ...header,
    // What structured code throws at the step limit, to stop the game where it saves its variables.
    code`const stepLimitReached = {};`,
    ...tables.functions,
    ...structured.functions,
    // Replaced by the switch's function the first time a frame resumes there (S builds it).
    code`let resume = function (s, f, stack, depth, counted) { resume = S(); return resume(s, f, stack, depth, counted); };`,
    ...(nextTurn ? [
      // Batch mode's turn plays on from turn to turn while the next is the usual one: a small loop
      // around the turn's function (a loop in the big function itself would be compiled on-stack
      // by V8, and that code leaves some runs slow throughout).
      code`let again = false;`,
      code`function turn(s, f, stack, depth, counted) {\n${structured.run}\n}`,
      code`return function run(s, f, stack, depth, counted) {`,
      code`if (${notEntry}) return resume(s, f, stack, depth, counted);`,
      takeIndex,
      code`for (;;) { again = false; counted = turn(s, f, stack, depth, counted); if (!again) return counted; }`,
      code`};`,
    ] : [code`return function run(s, f, stack, depth, counted) {\nif (${notEntry}) return resume(s, f, stack, depth, counted);\n${takeIndex}${structured.run}\n};`]),
  ]);
  return { source, writeSwitch: switchProgram, tables, structured: true };
}

/**
 * The switch: chunk functions of `chunkSize` cases, as lines (joined with the program's source,
 * not each on its own first), and the body of the function that dispatches between them.
 */
function switchSource(bodies: readonly Body[]): { lines: Code[]; run: Code } {
  const cases = bodies.map((body, k) => code`case ${index(k)}: {\n${fill(body, k, switchTransfers)}\n}`);
  const chunks: Code[] = [];
  const calls: Code[] = [];
  for (let first = 0, chunk = 0; first < cases.length; first += chunkSize, chunk++) {
    const name = code`c${index(chunk)}`;
    calls.push(code`case ${index(chunk)}: pc = ${name}(s, f, L, stack, depth, pc); break;`);
    // A chunk runs while the pc stays in it: it returns the pc it leaves for, -2 when the frame
    // stops for now (its pc saved), -1 when the game stopped.
    chunks.push(
      code`function ${name}(s, f, L, stack, depth, pc) {`,
      code`try {`,
      code`for (;;) {`,
      code`switch (pc) {`,
      ...cases.slice(first, first + chunkSize),
      code`default: return pc;`,
      code`}`,
      code`}`,
      code`} catch (error) {`,
      code`f.pc = pc;`,
      code`H.stopAtFailure(s, I[pc], error);`,
      code`return -1;`,
      code`}`,
      code`}`,
    );
  }
  const run = lines([
    code`steps = counted;`,
    code`const L = f.locals;`,
    code`let pc = f.pc;`,
    code`for (;;) {`,
    code`if (pc === -1) return -1;`,
    code`if (pc === -2) return steps;`,
    // Past the last instruction: the frame returns.
    code`if (pc >= ${index(cases.length)}) { f.pc = pc; stack.pop(); H.frameDone(s, f); return steps; }`,
    code`switch ((pc / ${index(chunkSize)}) | 0) {`,
    ...calls,
    code`}`,
    code`}`,
  ]);
  return { lines: chunks, run };
}
