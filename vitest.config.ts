import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests play thousands of games; give them room on a 2-core machine.
    testTimeout: 120_000,
    pool: 'forks',
    // The CLI's tests run bin/regola.js on the build (made first when missing or stale).
    globalSetup: ['test/support/build-cli.ts'],
  },
});
