import { defineConfig } from '@playwright/test';

// E2E_PORT lets a second suite run beside another (e.g. a CI check while developing).
const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL,
    // Deterministic language detection; German is tested by switching or by overriding the locale.
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; never `npx playwright install` (no network on CI machines).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // `npm run test:e2e` builds first; this starts the built app on a fresh database.
    command: 'node dist/server/server/main.js',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `test-results/e2e-data-${Date.now()}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    },
    reuseExistingServer: false,
  },
});
