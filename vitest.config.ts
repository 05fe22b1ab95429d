import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
    // A non-UTC zone catches date bugs that UTC would hide.
    env: { TZ: 'Europe/Berlin' },
    // Cheaper password hashing for suites that register thousands of accounts (see the file).
    setupFiles: ['server/test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './scripts/slowest-tests-reporter.ts'],
  },
});
