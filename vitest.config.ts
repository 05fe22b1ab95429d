import os from 'node:os';
import { defineConfig } from 'vitest/config';

const ALL_TESTS = ['server/**/*.test.ts', 'shared/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * Files that replace modules or globals (vi.mock, vi.stubGlobal) or read process-wide state, so they
 * get a fresh module graph of their own. Every other file shares its worker's modules with the files
 * before it: each test builds its own app on its own database, and re-importing the whole server per
 * file cost ~1.5 s of a 2-core machine's time, file after file (measured in docs/ARCHITECTURE.md).
 */
const ISOLATED = [
  'server/modules/email-verification/email-verification.api.test.ts',
  'server/plugins/request-log.api.test.ts',
  'web/features/notifications/live-sync-workspaces.test.ts',
  'web/lib/live-events.test.ts',
  // The OpenAPI document is built from schemas zod keeps in a process-wide registry.
  'scripts/api-client/generate-types.test.ts',
  'server/plugins/openapi.api.test.ts',
];

export default defineConfig({
  test: {
    // A non-UTC zone catches date bugs that UTC would hide.
    env: { TZ: 'Europe/Berlin' },
    // Cheaper password hashing for suites that register thousands of accounts (see the file).
    setupFiles: ['server/test/setup.ts'],
    // SQLite: every core. Vitest leaves one free by default, which on a 2-core machine ran the files one by
    // one (they wait on their databases much of the time: two at once took 0.6 of the time).
    // PostgreSQL: one file at a time, as before. Two workers on the one database made schemas vanish
    // mid-migration ("schema test_… does not exist"), not yet understood (docs/ARCHITECTURE.md).
    maxWorkers: process.env.DATABASE_URL ? 1 : os.availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './scripts/slowest-tests-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared-modules', include: ALL_TESTS, exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
