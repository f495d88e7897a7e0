/**
 * The second back end: each program of a definition written out as one JavaScript function
 * (program.ts), built once per definition and per set of programs (logged, batch), at the first
 * game that runs them. The stepper (engine.ts) stays the reference: it runs whatever is not
 * generated (a definition whose `engine` is the stepper, a logged match by default, a program that could not be built, where `new Function`
 * is refused by a Content-Security-Policy), and the frames of a turn whose player is out.
 */
import type { Frame, GameDefinition, GameState, Program } from '../program/program.ts';
import { helpers } from './helpers.ts';
import { parameters, writeProgram } from './program.ts';
import type { Fallback, Tables } from './tables.ts';
import { DefinitionMemo } from '../program/definition-memo.ts';

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

/**
 * What was built for a set of programs: each one's function (or null), and what its report says.
 * The reports themselves are made when asked for (`programReports`): what is kept refers to
 * nothing of the definition, so that nothing kept can hold a compile's data alive beyond it
 * (definition-memo.ts says what that costs).
 */
interface Built { code: (GeneratedProgram | null)[]; outcomes: Outcome[] }
type Outcome = Omit<ProgramReport, 'program' | 'source'> & { written: boolean };

/**
 * Runs of the stepper (decisions, roughly) a set of batch programs makes before it is generated.
 * Generated code starts cold: V8 interprets it, then optimizes each chunk, which costs more than a
 * short simulation gains (the stepper's closures are shared by every game and warm at once). After
 * this many runs the playouts are many enough for the generated code to pay back (docs/performance.md).
 */
export const tierUpRuns = 20_000;

interface Entry { runs: number; code: (GeneratedProgram | null)[] | null }
const entries = new DefinitionMemo<Program[], Entry>();
const last: { programs: Program[] | null; entry: Entry } = { programs: null, entry: { runs: 0, code: null } };

/**
 * The generated functions of `programs` (by program number), or null when the stepper runs them.
 * By default batch mode (bots, simulations) tiers up to generated code after `tierUpRuns` runs, and
 * logged matches (the studio, `play`, replays) stay on the stepper: each edit makes a new
 * definition, whose generated code would start cold. `definition.engine` forces either.
 */
export function generatedCode(definition: GameDefinition, programs: Program[]): (GeneratedProgram | null)[] | null {
  if (definition.engine === 'stepper') return null;
  // Asked at every decision: the last answer is kept at hand, before the memo.
  let entry = programs === last.programs ? last.entry : entries.get(definition, programs);
  if (!entry) entry = entries.set(definition, programs, { runs: 0, code: null });
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

const built = new DefinitionMemo<Program[], Built>();

/** Batch mode's programs run only on quiet states, a logged match's only on logged ones (engine.ts). */
function batchMode(definition: GameDefinition, programs: Program[]): boolean {
  return programs !== definition.programs;
}

function build(definition: GameDefinition, programs: Program[]): Built {
  let result = built.get(definition, programs);
  if (result) return result;
  result = { code: [], outcomes: [] };
  const quiet = batchMode(definition, programs);
  for (const program of programs) {
    let outcome: Outcome;
    let code: GeneratedProgram | null = null;
    try {
      // Neither the source nor the bodies its switch is written from are kept: the function holds
      // its own copy of the source, and the rest would double what a definition keeps alive (and
      // every compile's collections copy it). Both are written again when asked for.
      const { source, writeSwitch, tables, structured } = writeProgram(definition, program, quiet);
      outcome = { generated: false, structured, fallbacks: tables.fallbacks, written: true };
      try {
        // The source holds no text of the rules (tables.ts): every name and text is an index into K.
        const factory = (text: string, { constants, closures }: Tables, buildSwitch: (() => GeneratedProgram) | null) =>
          new Function(...parameters, text)(helpers, constants, closures, program.instructions, definition, buildSwitch) as GeneratedProgram;
        // The switch's tables are its own, written with it: the same values (the writer is deterministic).
        const buildSwitch = () => { const again = writeProgram(definition, program, quiet); return factory(again.writeSwitch!(), again.tables, null); };
        code = factory(source, tables, writeSwitch && buildSwitch);
        outcome.generated = true;
      } catch (error) {
        outcome.reason = `new Function is not available here (${error instanceof Error ? error.name : 'refused'}): the program runs on the stepper`;
      }
    } catch (error) {
      outcome = { generated: false, structured: false, reason: `the generator failed: ${error instanceof Error ? error.message : String(error)}`, fallbacks: [], written: false };
    }
    result.code.push(code);
    result.outcomes.push(outcome);
  }
  return built.set(definition, programs, result);
}

/** A program's report, its source written again when asked for (tests, `regola check --verbose`). */
class WrittenReport implements ProgramReport {
  readonly program: string;
  readonly generated: boolean;
  readonly structured: boolean;
  declare readonly reason?: string;
  readonly fallbacks: Fallback[];

  constructor(private readonly definition: GameDefinition, private readonly written: Program, private readonly quiet: boolean, private readonly outcome: Outcome) {
    this.program = written.name;
    this.generated = outcome.generated;
    this.structured = outcome.structured;
    if (outcome.reason !== undefined) this.reason = outcome.reason;
    this.fallbacks = outcome.fallbacks;
  }

  /** The whole source, the switch's included; empty when the generator failed. */
  get source(): string {
    if (!this.outcome.written) return '';
    const again = writeProgram(this.definition, this.written, this.quiet);
    return again.writeSwitch ? `${again.source}\n${again.writeSwitch()}` : again.source;
  }
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
  const quiet = batchMode(definition, programs);
  return build(definition, programs).outcomes.map((outcome, k) => new WrittenReport(definition, programs[k], quiet, outcome));
}
