/** What lowering/ offers: a checked rules file turned into a game definition (programs of instructions and closures). */
export { compileRules, type CompileResult } from './compile.ts';
export { dieAttribute, markMask } from './pool-filter.ts';
