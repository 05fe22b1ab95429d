import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { operationIdOf, summaryOf } from './openapi.ts';
import { useTestApp } from '../test/use-test-app.ts';

const run = promisify(execFile);
const REDOCLY = path.resolve('node_modules/@redocly/cli/bin/cli.js');

const { app } = useTestApp();

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

async function servedDocument(): Promise<Document> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
  );

describe('the OpenAPI document at /api/docs/json', () => {
  it("passes Redocly CLI's recommended rules with no error and no warning", { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-openapi-lint-'));
    const file = path.join(dir, 'openapi.json');
    try {
      fs.writeFileSync(file, JSON.stringify(await servedDocument()));
      // Redocly exits non-zero on errors; the JSON report counts warnings too.
      const { stdout } = await run(
        process.execPath,
        [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', file],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as { problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('states who may call each operation: public, session or API token, session only', async () => {
    const operations = operationsOf(await servedDocument());
    const securityOf = (url: string, method: string) =>
      operations.find((entry) => entry.url === url && entry.method === method)?.operation.security;
    expect(securityOf('/api/login', 'post')).toEqual([]);
    expect(securityOf('/api/decision', 'post')).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(securityOf('/api/tokens', 'post')).toEqual([{ session: [] }]);
    expect(securityOf('/api/events', 'get')).toEqual([{ session: [] }]);
    expect(securityOf('/api/users/me', 'delete')).toEqual([{ session: [] }]);
    // A write an API token could make answers 403 for read tokens; the document says so.
    const created = operations.find((entry) => entry.url === '/api/decision' && entry.method === 'post');
    expect(Object.keys(created?.operation.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('documents the workspace invitation preview at its unambiguous alias, which answers alike', async () => {
    const document = await servedDocument();
    expect(Object.keys(document.paths)).toContain('/api/workspace-invitations/{token}');
    expect(Object.keys(document.paths)).not.toContain('/api/workspaces/invitations/{token}');
    for (const url of ['/api/workspace-invitations/unknown', '/api/workspaces/invitations/unknown']) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({
        url,
        status: 404,
        code: 'INVALID_INVITATION',
      });
    }
  });

  it('gives every operation a unique operationId and a summary', async () => {
    const operations = operationsOf(await servedDocument());
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { operation } of operations) expect(operation.summary).toMatch(/\S/);
  });
});

describe('names derived from a route', () => {
  it.each([
    ['GET', '/api/decision/:id/details', 'getDecisionByIdDetails', 'Get decision details'],
    ['POST', '/api/decision', 'postDecision', 'Post decision'],
    ['GET', '/api/decision/{id}/export.csv', 'getDecisionByIdExportCsv', 'Get decision export csv'],
    [
      'PUT',
      '/api/team/:decisionId/members/:userId',
      'putTeamByDecisionIdMembersByUserId',
      'Replace team members',
    ],
    ['DELETE', '/api/users/me/sessions', 'deleteUsersMeSessions', 'Delete users me sessions'],
  ])('%s %s → %s, "%s"', (method, url, operationId, summary) => {
    expect(operationIdOf(method, url)).toBe(operationId);
    expect(summaryOf(method, url)).toBe(summary);
  });
});
