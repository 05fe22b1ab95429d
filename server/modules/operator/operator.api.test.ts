import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

const OPERATOR = {
  name: 'Erika Mustermann',
  address: 'Musterstraße 1\n10115 Berlin',
  email: 'kontakt@example.org',
};
const UNSET = { name: undefined, address: undefined, email: undefined };
const DEFAULT_RETENTION = { unconfirmed_account_days: 30, notification_days: 180 };

const apps: TestApp[] = [];
afterEach(async () => {
  for (const testApp of apps.splice(0)) await testApp.close();
});

/** An app with the given operator settings and a log the test can read. */
async function appWith(operator: typeof OPERATOR | typeof UNSET) {
  const logLines: string[] = [];
  const testApp = await buildTestApp(
    { operator },
    { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  apps.push(testApp);
  const warnings = () =>
    logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40 && entry.msg.includes('legal notice'));
  return { app: testApp.app, warnings };
}

describe('GET /api/operator', () => {
  it('answers every visitor with the operator read from the environment at start', async () => {
    const { app, warnings } = await appWith(OPERATOR);
    const response = await app.inject({ method: 'GET', url: '/api/operator' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...OPERATOR, retention: DEFAULT_RETENTION });
    expect(warnings()).toEqual([]);
  });

  it('answers null for unset values and logs one warning naming the variables', async () => {
    const { app, warnings } = await appWith(UNSET);
    await app.inject({ method: 'GET', url: '/api/operator' });
    const response = await app.inject({ method: 'GET', url: '/api/operator' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: null, address: null, email: null, retention: DEFAULT_RETENTION });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.msg).toContain('OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL not set');
  });

  it('tells how long this installation keeps data, from UNCONFIRMED_ACCOUNT_DAYS and NOTIFICATION_RETENTION_DAYS', async () => {
    const testApp = await buildTestApp({ retention: { unconfirmedAccountDays: 14, notificationDays: 90 } });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/operator' });
    expect(response.json<{ retention: unknown }>().retention).toEqual({
      unconfirmed_account_days: 14,
      notification_days: 90,
    });
  });

  it('is part of the OpenAPI document', async () => {
    const { app } = await appWith(OPERATOR);
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(document.paths).toHaveProperty('/api/operator');
  });
});
