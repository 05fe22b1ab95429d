import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Closes the app and deletes its database (schema or file). */
  close(): Promise<void>;
  /** Closes and builds a new app on the same database, as a restart would. */
  restart(): Promise<FastifyInstance>;
  /** Another instance on the same database (as behind a load balancer); closed with this one. */
  sibling(): Promise<FastifyInstance>;
}

/**
 * A fresh app on a fresh database: a temporary SQLite file, or with DATABASE_URL a new
 * PostgreSQL schema of its own, so test files never see each other's rows.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: BuildAppOptions = { logger: false },
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl,
    databaseSchema: databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined,
    // Suites post comments as fixtures; the per-user limit is tested with its real values on its own.
    commentRateLimit: { perMinute: 100_000, perHour: 100_000 },
    // Suites create decisions as fixtures; the cap and the rate are tested on their own (issue 27).
    decisionLimits: { maxPerUser: 100_000, createdPerMinute: 100_000 },
    // Suites vote as fixtures, many times per user; the per-user vote limit is tested on its own.
    voteWritesPerMinute: 100_000,
    // No poll timer: a purge in the middle of a test would move rows under it; tests run jobs by hand.
    schedulerPollMs: 0,
    ...overrides,
  };
  let app = await buildApp(config, options);
  const siblings: FastifyInstance[] = [];

  return {
    get app() {
      return app;
    },
    config,
    async restart() {
      await app.close();
      app = await buildApp(config, options);
      return app;
    },
    async sibling() {
      const sibling = await buildApp(config, options);
      siblings.push(sibling);
      return sibling;
    },
    async close() {
      for (const sibling of siblings.splice(0)) await sibling.close();
      await app.close();
      // A connection of its own, so cleanup works even after a test destroyed the app's database.
      if (config.databaseUrl && config.databaseSchema) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        try {
          await client.query(`drop schema if exists "${config.databaseSchema}" cascade`);
        } finally {
          await client.end();
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
