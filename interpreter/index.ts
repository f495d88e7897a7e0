/**
 * What interpreter/ offers: compile rules, start and play matches, run bots and simulations. Its wings
 * (program, runtime, lowering, engine, codegen, match, bots, simulation) each say what they offer in
 * their own index.ts; the studio and the CLI import only these faces.
 */
export * from './program/index.ts';
export * from './runtime/index.ts';
export type { CompileResult } from './lowering/index.ts';
export * from './engine/index.ts';
export * from './match/index.ts';
export * from './bots/index.ts';
export * from './simulation/index.ts';
// Rules compiled with the code generator handed in (the engine never reaches for it), and what it
// made of a definition, and what it leaves to closures or the stepper.
export { compileRules, codegenReport, withGeneratedCode, withStepper, type CodegenReport, type ProgramReport } from './codegen/index.ts';
export { generatedCodeAvailable, generatedCodeAvailability, type GeneratedCodeAvailability } from './codegen/availability.ts';
