import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_CONTACT_TO } from './e2e/support/outbox.ts';

// E2E_PORT lets a second suite run beside another (e.g. a CI check while developing).
const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
// The fake OpenAI-compatible AI server the app talks to (e2e/support/fake-ai-server.ts).
const fakeAiPort = port + 10;
const isCI = Boolean(process.env.CI);
const SCRIPTED_AI_SPECS = /\/(ai|ai-second-opinion)\.spec\.ts$/;
// The app's DATA_DIR, exported so specs can read mails from its dev outbox (no SMTP_URL in e2e).
// Set once in the runner; workers inherit it instead of computing a new timestamp.
const dataDir = (process.env.E2E_DATA_DIR ??= path.resolve(`test-results/e2e-data-${Date.now()}`));

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: [['list'], ['./e2e/support/slowest-reporter.ts']],
  // A loaded 2-core CI machine sometimes needs more than the default 5 s for a lazy chunk plus a request
  // (e.g. the /decision/{id} redirector after saving); a passing check returns as soon as it holds.
  expect: { timeout: 10_000 },
  // Most journeys take 5–20 s alone, but two workers, the app and Chromium share 2 cores, and an axe scan
  // of a large page takes seconds there: 30 s failed journeys by timing on a loaded CI machine.
  timeout: 60_000,
  use: {
    baseURL,
    // Deterministic language detection; German is tested by switching or by overriding the locale.
    locale: 'en-US',
    // The app honours prefers-reduced-motion (web/styles.css): no transition to wait for or to paint.
    reducedMotion: 'reduce',
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
  projects: [
    // The fake AI server has one script queue for the whole run: the specs that script it take turns,
    // so one never receives a reply queued for the other.
    { name: 'fake-ai', testMatch: SCRIPTED_AI_SPECS, workers: 1 },
    { name: 'app', testIgnore: SCRIPTED_AI_SPECS },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/fake-ai-server.ts',
      url: `http://127.0.0.1:${fakeAiPort}/health`,
      env: { FAKE_AI_PORT: String(fakeAiPort) },
      reuseExistingServer: false,
    },
    {
      // `npm run test:e2e` builds first; this starts the built app on a fresh database.
      command: 'node dist/server/server/main.js',
      url: `${baseURL}/api/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        CONTACT_TO: E2E_CONTACT_TO,
        RATE_LIMIT_CONTACT_PER_HOUR: '100',
        LOG_LEVEL: 'warn',
        // No proxy to drain from: stop at once when the run ends.
        SHUTDOWN_DRAIN_MS: '0',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        // Every browser context of the run connects from 127.0.0.1, like a large office behind one NAT.
        MAX_CONNECTIONS_PER_CLIENT: '2000',
        // Specs create their decisions through the API, some more than a hundred (issue 27's default is 30).
        RATE_LIMIT_DECISIONS_PER_MINUTE: '10000',
        // Specs save votes cell by cell through the UI and the API (issue 27's default is 120).
        RATE_LIMIT_VOTES_PER_MINUTE: '10000',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${fakeAiPort}/v1`,
        AI_MODEL: 'fake',
        AI_TIMEOUT_MS: '10000',
        AI_RATE_LIMIT_PER_MINUTE: '100',
        AI_DAILY_LIMIT: '1000',
        AI_DAILY_BUDGET: '100000',
        // Issue 32: webhooks.spec.ts delivers to a receiver it starts on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      reuseExistingServer: false,
    },
  ],
});
