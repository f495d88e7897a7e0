import { defineConfig } from 'vitest/config';

// End-to-end tests: the built studio in Debian's Chromium (see test/e2e/setup.ts).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
