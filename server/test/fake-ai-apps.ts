import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AiConfig } from '../config.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { fakeAiConfig, startFakeAiServer, type FakeAiServer } from './fake-ai.ts';

export interface FakeAiApps {
  /** The fake OpenAI-compatible server; its script and recorded requests are cleared before each test. */
  readonly fake: FakeAiServer;
  /** An app whose AI settings point at `fake`, with limits too high to matter. */
  readonly app: FastifyInstance;
  /** Another app against `fake` with other AI settings (a low limit, a short timeout …). */
  appWith(overrides?: Partial<AiConfig>): Promise<TestApp>;
  /** An app without any AI provider. */
  appWithoutAi(): Promise<TestApp>;
}

/**
 * The set-up every AI test file shares: one fake AI server for the file, an app against it, and the
 * extra apps a test asks for, all closed after the file's tests. Call it at the top of the file.
 */
export function useFakeAiApps(): FakeAiApps {
  const apps: TestApp[] = [];
  let fake: FakeAiServer | undefined;
  let app: FastifyInstance | undefined;

  async function started(config: Parameters<typeof buildTestApp>[0]): Promise<TestApp> {
    const testApp = await buildTestApp({ authRateLimitPerMinute: 10_000, ...config });
    apps.push(testApp);
    return testApp;
  }

  beforeAll(async () => {
    fake = await startFakeAiServer();
    app = (await started({ ai: fakeAiConfig(fake) })).app;
  });
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
    await fake?.close();
  });
  beforeEach(() => fake?.reset());

  return {
    get fake() {
      if (!fake) throw new Error('useFakeAiApps: the fake AI server starts in beforeAll');
      return fake;
    },
    get app() {
      if (!app) throw new Error('useFakeAiApps: the app starts in beforeAll');
      return app;
    },
    appWith: (overrides = {}) => started({ ai: fakeAiConfig(fake!, overrides) }),
    appWithoutAi: () => started({}),
  };
}
