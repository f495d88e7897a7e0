/**
 * The second back end: each program of a definition written out as one JavaScript function
 * (program.ts), built once per definition and per set of programs (logged, batch), at the first
 * game that runs them. The stepper (engine.ts) stays the reference: it runs whatever is not
 * generated (a definition whose `engine` is the stepper, a logged match by default, a program that could not be built, where `new Function`
 * is refused by a Content-Security-Policy), and the frames of a turn whose player is out.
 */
import type { Frame, GameDefinition, GameState, Program } from '../program.ts';
import { helpers } from './helpers.ts';
import { parameters, writeProgram } from './program.ts';
import type { Fallback, Tables } from './tables.ts';

/** A program's generated function: runs `frame` until it stops; the steps counted so far, or -1 once the game stopped. */
export type GeneratedProgram = (state: GameState, frame: Frame, stack: Frame[], depth: number, steps: number) => number;

/** What was generated for one program, and what it leaves to closures or to the stepper. */
export interface ProgramReport {
  program: string;
  /** False: the whole program runs on the stepper (`reason` says why). */
  generated: boolean;
  /** Written as structured code too (loops and blocks, run from the frame's start), not as a switch alone. */
  structured: boolean;
  reason?: string;
  /** Expressions and statements the generated code calls as closures. */
  fallbacks: Fallback[];
  /** The generated source (names and texts are indices into tables, never in it). */
  source: string;
}

interface Built { code: (GeneratedProgram | null)[]; reports: ProgramReport[] }

/**
 * Runs of the stepper (decisions, roughly) a set of batch programs makes before it is generated.
 * Generated code starts cold: V8 interprets it, then optimizes each chunk, which costs more than a
 * short simulation gains (the stepper's closures are shared by every game and warm at once). After
 * this many runs the playouts are many enough for the generated code to pay back (docs/architecture.md).
 */
export const tierUpRuns = 20_000;

interface Entry { runs: number; code: (GeneratedProgram | null)[] | null }
const entries = new WeakMap<Program[], Entry>();
const last: { programs: Program[] | null; entry: Entry } = { programs: null, entry: { runs: 0, code: null } };

/**
 * The generated functions of `programs` (by program number), or null when the stepper runs them.
 * By default batch mode (bots, simulations) tiers up to generated code after `tierUpRuns` runs, and
 * logged matches (the studio, `play`, replays) stay on the stepper: each edit makes a new
 * definition, whose generated code would start cold. `definition.engine` forces either.
 */
export function generatedCode(definition: GameDefinition, programs: Program[]): (GeneratedProgram | null)[] | null {
  if (definition.engine === 'stepper') return null;
  // Asked at every decision: the last answer is kept at hand, before the WeakMap.
  let entry = programs === last.programs ? last.entry : entries.get(programs);
  if (!entry) entries.set(programs, entry = { runs: 0, code: null });
  last.programs = programs;
  last.entry = entry;
  if (definition.engine !== 'generated') {
    if (programs === definition.programs) return null;
    if (!entry.code && ++entry.runs <= tierUpRuns) return null;
  }
  return entry.code ??= build(definition, programs).code;
}

/** A copy of the definition that runs on the stepper alone (the reference, for comparisons). */
export function withStepper(definition: GameDefinition): GameDefinition {
  return { ...definition, engine: 'stepper' };
}

/**
 * A copy of the definition that runs generated code at once, logged matches too (tests,
 * benchmarks); `functionSize` cuts its structured code into smaller functions (tests: a fresh
 * definition, as code is built once per set of programs).
 */
export function withGeneratedCode(definition: GameDefinition, functionSize?: number): GameDefinition {
  return functionSize === undefined ? { ...definition, engine: 'generated' } : { ...definition, engine: 'generated', functionSize };
}

const built = new WeakMap<Program[], Built>();

function build(definition: GameDefinition, programs: Program[]): Built {
  let result = built.get(programs);
  if (result) return result;
  result = { code: [], reports: [] };
  // Batch mode's programs run only on quiet states, a logged match's only on logged ones (engine.ts).
  const quiet = programs !== definition.programs;
  for (const program of programs) {
    let report: ProgramReport;
    let code: GeneratedProgram | null = null;
    try {
      const { source, writeSwitch, tables, structured } = writeProgram(definition, program, quiet);
      // Neither the source nor the bodies its switch is written from are kept: the function holds
      // its own copy of the source, and the rest would double what a definition keeps alive (and
      // every compile's collections copy it). Both are written again when asked for (`rewritten`).
      const rewritten = () => writeProgram(definition, program, quiet);
      report = {
        program: program.name, generated: false, structured, fallbacks: tables.fallbacks,
        // The whole source, the switch's included (tests, `regola check --verbose`).
        get source() { const again = rewritten(); return again.writeSwitch ? `${again.source}\n${again.writeSwitch()}` : again.source; },
      };
      try {
        // The source holds no text of the rules (tables.ts): every name and text is an index into K.
        const factory = (text: string, { constants, closures }: Tables, buildSwitch: (() => GeneratedProgram) | null) =>
          new Function(...parameters, text)(helpers, constants, closures, program.instructions, definition, buildSwitch) as GeneratedProgram;
        // The switch's tables are its own, written with it: the same values (the writer is deterministic).
        code = factory(source, tables, writeSwitch && (() => { const again = rewritten(); return factory(again.writeSwitch!(), again.tables, null); }));
        report.generated = true;
      } catch (error) {
        report.reason = `new Function is not available here (${error instanceof Error ? error.name : 'refused'}): the program runs on the stepper`;
      }
    } catch (error) {
      report = { program: program.name, generated: false, structured: false, reason: `the generator failed: ${error instanceof Error ? error.message : String(error)}`, fallbacks: [], source: '' };
    }
    result.code.push(code);
    result.reports.push(report);
  }
  built.set(programs, result);
  return result;
}

export interface CodegenReport {
  /** Matches with a log (the studio, `play`): a frame per rule call. */
  logged: ProgramReport[];
  /** Batch mode (bots, simulations): rules inlined into their callers. */
  batch: ProgramReport[];
}

/** What the generator made of each program of the definition, and what runs as closures or on the stepper, and why. */
export function codegenReport(definition: GameDefinition): CodegenReport {
  return { logged: programReports(definition, definition.programs), batch: programReports(definition, definition.batchPrograms()) };
}

/** The reports of one set of programs (logged or batch), built if not yet. */
export function programReports(definition: GameDefinition, programs: Program[]): ProgramReport[] {
  return build(definition, programs).reports;
}
