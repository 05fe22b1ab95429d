import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

/**
 * The OpenAPI document exactly as `GET /api/docs/json` serves it, from an app built on a throwaway
 * SQLite database (the document does not depend on the data). `appUrl` sets its `servers` entry.
 */
export async function openApiDocument(appUrl = 'http://localhost:3000'): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-openapi-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: appUrl }),
    databaseUrl: undefined,
    schedulerPollMs: 0,
  };
  const app = await buildApp(config, { logger: false });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
    return `${JSON.stringify(response.json(), null, 2)}\n`;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
