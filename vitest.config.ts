import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
    // A non-UTC zone catches date bugs that UTC would hide.
    env: { TZ: 'Europe/Berlin' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './scripts/slowest-tests-reporter.ts'],
  },
});
