import { defineConfig } from 'vitest/config';

// npm run test:cluster: two real instances behind nginx on PostgreSQL (DATABASE_URL). Not part of
// `npm run test:api`, which needs neither nginx nor free ports 3250-3252.
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    env: { TZ: 'Europe/Berlin' },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
