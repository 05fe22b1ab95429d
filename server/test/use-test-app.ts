import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { standIn } from './stand-in.ts';

export interface UsedTestApp {
  /**
   * The app, usable as a constant from the start: each use goes to the app built for the tests (after
   * `testApp.restart()`, the new one). Read it inside tests and hooks, not at the file's top level.
   */
  readonly app: FastifyInstance;
  /** The `TestApp` around it (`config`, `restart()`, `sibling()`), closed after the tests. */
  readonly testApp: TestApp;
}

/**
 * The set-up nearly every API test file shares: one app on a fresh database for the tests of the file
 * (or of the describe it is called in), built in `beforeAll` and closed in `afterAll`. Call it where
 * the tests are declared; `const { app } = useTestApp({ authRateLimitPerMinute: 10_000 })`.
 *
 * `overrides` may be a function, called when the app is built: for values an earlier `beforeAll` makes,
 * such as the SMTP peer's address. Hooks run in order, and `afterAll` hooks in reverse (Vitest's
 * `stack`), so a `beforeAll` declared after this call sees the app, and an `afterAll` declared after it
 * runs before the app closes.
 */
export function useTestApp(
  overrides: Partial<AppConfig> | (() => Partial<AppConfig>) = {},
  options?: BuildAppOptions,
): UsedTestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(typeof overrides === 'function' ? overrides() : overrides, options);
  });
  afterAll(() => built?.close());

  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests and hooks');
    return built;
  };
  const app = standIn(() => current().app);
  const testApp: TestApp = {
    app,
    get config() {
      return current().config;
    },
    async restart() {
      await current().restart();
      return app;
    },
    sibling: () => current().sibling(),
    close: () => current().close(),
  };
  return { app, testApp };
}
