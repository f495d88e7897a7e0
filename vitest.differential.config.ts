import { defineConfig } from 'vitest/config';

// The full differential run of the code generator (issue 15): 1,000 quiet and 1,000 logged games of
// every game, generated code against the stepper; one file per game so the run uses every core.
export default defineConfig({
  test: {
    include: ['test/differential/**/*.differential.ts'],
    testTimeout: 900_000,
    pool: 'forks',
  },
});
