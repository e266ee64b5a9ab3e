import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/journal-home.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000, // a busy 2-core machine (helpers, CI neighbours) slows the heavy property tests 4x or more
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
