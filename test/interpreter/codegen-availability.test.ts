/**
 * Where `new Function` is refused (a strict Content-Security-Policy, node with
 * --disallow-code-generation-from-strings), the probe says so, and a game forced onto generated
 * code runs on the stepper instead: the same game, with the reason in the report, never an error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { generatedCodeAvailable, probeGeneratedCode } from '../../interpreter/codegen/availability.ts';

/** What Chromium throws under `script-src 'self'`. */
const refusal = "Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source of script";

class RefusingFunction {
  constructor() { throw new EvalError(refusal); }
}

/** Runs `body` with the global `Function` refusing to build code, as a page under that policy does. */
function underStrictPolicy<T>(body: () => T): T {
  const original = globalThis.Function;
  globalThis.Function = RefusingFunction as unknown as FunctionConstructor;
  try {
    return body();
  } finally {
    globalThis.Function = original;
  }
}

describe('whether generated code can run', () => {
  it('is available in this node', () => {
    expect(probeGeneratedCode()).toEqual({ available: true });
    expect(generatedCodeAvailable()).toBe(true);
  });

  it('is not where new Function throws, with the error as the runtime words it', () => {
    expect(probeGeneratedCode(RefusingFunction as unknown as FunctionConstructor)).toEqual({ available: false, reason: `EvalError: ${refusal}` });
    expect(underStrictPolicy(() => probeGeneratedCode())).toEqual({ available: false, reason: `EvalError: ${refusal}` });
  });

  it('is not where a built function does not run as written', () => {
    const liar = function () { return () => 2; } as unknown as FunctionConstructor;
    expect(probeGeneratedCode(liar).available).toBe(false);
  });

  it('a game forced onto generated code plays on the stepper where new Function is refused: the same game, the reason reported', () => {
    const { definition } = compileRules(readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8'));
    expect(definition).not.toBeNull();
    const options = { players: 4, seed: 7, keepMoves: true };
    const { report, refused } = underStrictPolicy(() => ({
      report: codegenReport(definition!),
      refused: randomPlayout(withGeneratedCode(definition!), options),
    }));
    expect(report.batch.length).toBeGreaterThan(0);
    for (const program of [...report.batch, ...report.logged]) {
      expect(program.generated).toBe(false);
      expect(program.reason).toMatch(/new Function is not available here \(EvalError\): the program runs on the stepper/);
    }
    const reference = randomPlayout(withStepper(definition!), options);
    expect(refused.moves).toEqual(reference.moves);
    expect(refused.state.log).toEqual(reference.state.log);
    expect(stateHash(refused.state)).toBe(stateHash(reference.state));
    // Once the policy is lifted, a new definition is generated again (nothing was cached as refused but that one).
    const again = compileRules(readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8')).definition!;
    expect(codegenReport(again).batch.every((p) => p.generated)).toBe(true);
  });
});
