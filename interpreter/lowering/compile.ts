/**
 * Lowers a checked game to a GameDefinition: each rule, the setup, the turn and each move open at
 * any time become a flat list of instructions with explicit jumps, so a match can pause at any
 * choice and resume from plain data. This file wires the parts: the declarations
 * (compile-declarations.ts), the emitter (compile-emitter.ts) and each family's statements.
 */
import { analyze, internalErrorDiagnostic, type Analysis, type AST, type Diagnostic } from '../../grammar/index.ts';
import { createExpressionCompiler } from './compile-expression.ts';
import { declareGame } from './compile-declarations.ts';
import { Emitter, type Inlining, type StatementLowerings } from './compile-emitter.ts';
import { flowStatements } from './compile-flow.ts';
import { effectStatements } from './compile-effects.ts';
import { cardStatements } from './compile-cards.ts';
import { endingStatements } from './compile-endings.ts';
import { choiceStatements } from './compile-choices.ts';
import { shiftedAnnotations } from './inline.ts';
import type { Evaluate, GameDefinition, Program } from '../program/program.ts';

export interface CompileResult {
  definition: GameDefinition | null;
  diagnostics: Diagnostic[];
  analysis: Analysis;
}

/** text → diagnostics and, when there is no error, a runnable definition. */
export function compileRules(text: string): CompileResult {
  const analysis = analyze(text);
  if (!analysis.ok) return { definition: null, diagnostics: analysis.diagnostics, analysis };
  try {
    return { definition: lower(analysis), diagnostics: analysis.diagnostics, analysis };
  } catch (error) {
    return { definition: null, diagnostics: [...analysis.diagnostics, internalErrorDiagnostic(error)], analysis };
  }
}

/** Every kind of statement, by family. */
const statements: StatementLowerings = { ...flowStatements, ...effectStatements, ...cardStatements, ...endingStatements, ...choiceStatements };

function lower(analysis: Analysis): GameDefinition {
  const { schema, annotations } = analysis;
  const citations: string[] = [];
  const citation = (text: string | undefined): number => {
    if (text === undefined) return -1;
    const found = citations.indexOf(text);
    return found >= 0 ? found : citations.push(text) - 1;
  };
  const declared = declareGame(analysis, citations, citation);
  const { definition } = declared;
  // Every program lowers an expression through one closure per frame offset (onceEach): the logged
  // and the batch programs share the closures at offset 0, and the call sites that inline a rule at
  // the same offset share that rule's (a closure over (state, frame) keeps nothing of its own).
  const compile = onceEach(declared.compile);

  // Programs get their numbers first, so `do` can jump to a rule declared further down.
  const rules = [...schema.rules.values()];
  const ruleProgram = new Map<string, number>();
  rules.forEach((rule, i) => ruleProgram.set(rule.name, i));
  const programsFor = (): Program[] => rules.map((rule) => ({
    name: rule.name, frameSize: annotations.frameSizes.get(rule.decl) ?? 0,
    paramSlots: rule.decl.params.map((p) => annotations.slots.get(p)!), instructions: [],
  }));
  const lowerRule = (programs: Program[], emitter: Emitter, i: number): void => {
    const rule = rules[i];
    Object.assign(programs[i], emitter.program(rule.decl.body, citation(rule.decl.cite), programs[i].frameSize, rule.name));
  };
  /** The programs a game starts: setup, turn, each move open at any time (numbered after the rules). */
  const lowerEntries = (programs: Program[], emitter: Emitter): void => {
    if (schema.setup) {
      const frameSize = annotations.frameSizes.get(schema.setup) ?? 0;
      definition.setupProgram = programs.push({ name: 'setup', paramSlots: [], ...emitter.program(schema.setup.body, -1, frameSize, null) }) - 1;
    }
    if (schema.turns) {
      const frameSize = annotations.frameSizes.get(schema.turns) ?? 0;
      definition.turnProgram = programs.push({ name: 'turn', paramSlots: [], ...emitter.program(schema.turns.body, -1, frameSize, null) }) - 1;
    }
    if (schema.atTurnLimit) {
      const frameSize = annotations.frameSizes.get(schema.atTurnLimit) ?? 0;
      definition.limitProgram = programs.push({ name: 'at turn limit', paramSlots: [], ...emitter.program(schema.atTurnLimit.body, -1, frameSize, null) }) - 1;
    }
    // Each option of `at any time`: a program of its own, started when a player takes it.
    definition.anyTime = schema.anyTime.flatMap((decl) => decl.options.map((option) => {
      const frameSize = annotations.frameSizes.get(option) ?? 1;
      const slot = annotations.slots.get(decl.variable)!;
      const program = programs.push({ name: `at any time: ${option.label}`, paramSlots: [slot], ...emitter.program(option.body, -1, frameSize, null) }) - 1;
      return { label: option.label, program, slot, frameSize, players: compile(decl.players), condition: option.condition ? compile(option.condition) : null, cite: -1 };
    }));
  };
  const programs = programsFor();
  const logged = new Emitter(definition, annotations, compile, citation, ruleProgram, programs, null, statements);
  rules.forEach((_, i) => lowerRule(programs, logged, i));
  lowerEntries(programs, logged);
  definition.programs = programs;
  // Batch mode's programs have the rules they call inlined (inline.ts); logged matches keep a frame
  // per call, which the studio shows. They are lowered at the first batch game: editing never waits for them.
  const inlining: Inlining = {
    rules: new Map(rules.map((rule) => [rule.name, { decl: rule.decl, cite: citation(rule.decl.cite) }])),
    compilerAt: memoized((offset: number) => {
      const shifted = shiftedAnnotations(annotations, offset);
      if (offset === 0) return { annotations, compile };
      const compiler = createExpressionCompiler(definition, shifted);
      return { annotations: shifted, compile: onceEach((node: AST.Expr) => compiler.compile(node)) };
    }),
  };
  // A rule's own program runs in batch mode only when something calls it for real (a rule calling
  // itself, or past the inlining limit): only those are lowered, the others keep no instructions
  // (lowering them would be work, at every compile, for instructions that never run).
  definition.batchLowering = new BatchLowering(() => {
    const inlined = programsFor();
    const emitter = new Emitter(definition, annotations, compile, citation, ruleProgram, inlined, inlining, statements);
    lowerEntries(inlined, emitter);
    const lowered = new Set<number>();
    for (let more = true; more;) {
      more = false;
      for (const i of [...emitter.calledForReal]) if (!lowered.has(i)) { lowered.add(i); lowerRule(inlined, emitter, i); more = true; }
    }
    return inlined;
  });
  if (schema.turns) definition.phases = schema.turns.body.statements.filter((s): s is AST.PhaseStmt => s.kind === 'phase').map((s) => s.name.text);
  return definition;
}

/** `compile` made once for each node. */
function onceEach(compile: (node: AST.Expr) => Evaluate): (node: AST.Expr) => Evaluate {
  const made = new Map<AST.Expr, Evaluate>();
  return (node) => {
    let closure = made.get(node);
    if (closure === undefined) made.set(node, closure = compile(node));
    return closure;
  };
}

function memoized<T>(make: (key: number) => T): (key: number) => T {
  const made = new Map<number, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, value = make(key));
    return value;
  };
}

/**
 * Batch mode's programs, lowered at the first call and kept. An object of its own that the
 * definition's shared `batchPrograms` method asks: a closure put in the definition's own field
 * once the definition was made kept every compile's lowering alive through V8's young-generation
 * collections, each of which then copied it (docs/performance.md, Compile time).
 */
class BatchLowering {
  private lowered: Program[] | null = null;
  constructor(private readonly lower: () => Program[]) {}
  programs(): Program[] {
    return this.lowered ??= this.lower();
  }
}
