/**
 * The second back end: each program of a definition written out as one JavaScript function
 * (program.ts), built once per definition and per set of programs (logged, batch), at the first
 * game that runs them. The stepper (engine/) stays the reference and imports nothing from here:
 * a definition carries its generated code (`GameDefinition.generatedCode`, handed in by
 * `withGeneratedCode` or by `compileRules` below), and the stepper runs whatever it is not given
 * (a definition without it, a logged match by default, a program that could not be built, where
 * `new Function` is refused by a Content-Security-Policy), and the frames of a turn whose player is out.
 */
import type { GameDefinition, GeneratedCode, GeneratedProgram, Program } from '../program/program.ts';
import { compileRules as lowerRules, type CompileResult } from '../lowering/index.ts';
import { helpers } from './helpers.ts';
import { parameters, writeProgram } from './program.ts';
import type { Fallback, Tables } from './tables.ts';
import { DefinitionMemo } from '../program/definition-memo.ts';

export type { GeneratedProgram } from '../program/program.ts';

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

/**
 * The default: batch mode (bots, simulations) tiers up to generated code after `tierUpRuns` runs,
 * and logged matches (the studio, `play`, replays) stay on the stepper: each edit makes a new
 * definition, whose generated code would start cold. One per compile, shared with the
 * definition's copies (they share its programs); what it keeps is the batch programs' count of
 * runs and, once built, their functions.
 */
class TieredCode implements GeneratedCode {
  readonly kind = 'tiered';
  private counted: Program[] | null = null;
  private runs = 0;
  private code: (GeneratedProgram | null)[] | null = null;

  programs(definition: GameDefinition, programs: Program[]): (GeneratedProgram | null)[] | null {
    if (programs === definition.programs) return null;
    if (programs !== this.counted) {
      this.counted = programs;
      this.runs = 0;
      this.code = null;
    }
    if (this.code === null) {
      if (++this.runs <= tierUpRuns) return null;
      this.code = build(definition, programs).code;
    }
    return this.code;
  }
}

/** Every program generated at its first run, logged matches too; the last set of programs asked for is kept at hand (asked at every decision). */
class GeneratedAtOnce implements GeneratedCode {
  readonly kind = 'generated';
  private asked: Program[] | null = null;
  private code: (GeneratedProgram | null)[] = [];

  programs(definition: GameDefinition, programs: Program[]): (GeneratedProgram | null)[] {
    if (programs !== this.asked) {
      this.code = build(definition, programs).code;
      this.asked = programs;
    }
    return this.code;
  }
}

/** What interpreter/index.ts offers as `compileRules`: lowering's, with generated code handed in (tiered). */
export function compileRules(text: string): CompileResult {
  const compiled = lowerRules(text);
  if (compiled.definition) compiled.definition.generatedCode = new TieredCode();
  return compiled;
}

/** The generated functions the definition's back end gives for `programs` (by program number), or null when the stepper runs them. */
export function generatedCode(definition: GameDefinition, programs: Program[]): (GeneratedProgram | null)[] | null {
  return definition.generatedCode ? definition.generatedCode.programs(definition, programs) : null;
}

/** A copy of the definition that runs on the stepper alone (the reference, for comparisons). */
export function withStepper(definition: GameDefinition): GameDefinition {
  return { ...definition, generatedCode: undefined };
}

/**
 * A copy of the definition that runs generated code at once, logged matches too (tests,
 * benchmarks); `functionSize` cuts its structured code into smaller functions (tests: a fresh
 * definition, as code is built once per set of programs).
 */
export function withGeneratedCode(definition: GameDefinition, functionSize?: number): GameDefinition {
  const copy: GameDefinition = { ...definition, generatedCode: new GeneratedAtOnce() };
  if (functionSize !== undefined) copy.functionSize = functionSize;
  return copy;
}

/** Which back end runs a definition's batch programs: what `withStepper`, `withGeneratedCode` or `compileRules` made it. */
export function backEndOf(definition: GameDefinition): 'stepper' | 'tiered' | 'generated' {
  return definition.generatedCode ? definition.generatedCode.kind : 'stepper';
}

const built = new DefinitionMemo<Program[], Built>();

/** Batch mode's programs run only on quiet states, a logged match's only on logged ones (engine/run.ts). */
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
