import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests play thousands of games; give them room on a 2-core machine.
    testTimeout: 120_000,
    pool: 'forks',
    // The CLI's tests run bin/regola.js on the TypeScript sources, whether or not build/ is fresh
    // (test/cli/built.test.ts runs the build itself).
    env: { REGOLA_SOURCES: '1' },
  },
});
