/**
 * Whether generated code can run in this thread. `new Function` is refused where a
 * Content-Security-Policy leaves out 'unsafe-eval' (a page, or a worker whose script is served
 * with that header) and in node started with --disallow-code-generation-from-strings. The engine
 * needs no answer from here: where `new Function` throws it runs the program on the stepper by
 * itself (codegen/index.ts). This is for saying so — the studio's notice, `regola check --verbose`.
 */

export type GeneratedCodeAvailability =
  | { available: true }
  /** `reason`: the error `new Function` threw, as the runtime words it. */
  | { available: false; reason: string };

/** Builds and runs one tiny function with `construct` (the global `Function` unless given): the same call the generator makes. */
export function probeGeneratedCode(construct: FunctionConstructor = Function): GeneratedCodeAvailability {
  try {
    // A constant text, nothing of any rules: only whether the runtime accepts code from a string.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const one = new construct('return 1') as () => unknown;
    if (one() === 1) return { available: true };
    return { available: false, reason: 'a function built from text did not run as written' };
  } catch (error) {
    return { available: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

let known: GeneratedCodeAvailability | null = null;

/** The answer for this thread, probed once (a policy does not change while a page or worker lives). */
export function generatedCodeAvailability(): GeneratedCodeAvailability {
  return known ??= probeGeneratedCode();
}

/** True when generated code runs here; false where games run on the stepper alone. */
export function generatedCodeAvailable(): boolean {
  return generatedCodeAvailability().available;
}
