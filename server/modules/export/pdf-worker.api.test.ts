import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { pdfText } from '../../test/export-files.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';

// Issue 27: PDFs render in worker threads (pdf-renderer.ts), off the event loop.
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  owner = await createSignedInUser(app);
});
afterAll(() => testApp.close());
afterEach(() => vi.restoreAllMocks());

const pdfOf = (decisionId: number) =>
  app.inject({ method: 'GET', url: `/api/decision/${decisionId}/export.pdf`, headers: owner.headers });

describe('PDF export in worker threads', () => {
  it('answers two concurrent exports, each with the PDF of its own decision', async () => {
    const [first, second] = await Promise.all([
      createDecision(app, owner, { name: 'Erste Wahl' }),
      createDecision(app, owner, { name: 'Zweite Wahl' }),
    ]);

    const responses = await Promise.all([pdfOf(first.decision.id), pdfOf(second.decision.id)]);

    for (const [index, name] of ['Erste Wahl', 'Zweite Wahl'].entries()) {
      const response = responses[index]!;
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect((await pdfText(response)).text).toContain(name);
    }
  });

  it('answers 500 with the usual error body when its worker dies, and the next export works', async () => {
    const { decision } = await createDecision(app, owner, { name: 'Nach dem Absturz' });
    // The worker dies while rendering: it is ended instead of being given the report.
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (this: Worker) {
      void this.terminate();
    });

    const failed = await pdfOf(decision.id);
    expectApiError(failed, 500, 'INTERNAL');
    expect(failed.body).not.toMatch(/worker|exited|\.ts|\.js/);

    const next = await pdfOf(decision.id);
    expect(next.statusCode).toBe(200);
    expect((await pdfText(next)).text).toContain('Nach dem Absturz');
  });
});
