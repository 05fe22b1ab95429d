import { expect, type APIRequestContext } from '@playwright/test';
import type { FakeAiReply } from '../../server/test/fake-ai.ts';

/** Base URL of the fake AI server that playwright.config.ts starts on E2E_PORT + 10. */
export const fakeAiUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3123) + 10}`;

/** Queues the fake AI's next replies (without a script it answers well at once). */
export async function scriptFakeAi(request: APIRequestContext, ...replies: FakeAiReply[]): Promise<void> {
  const response = await request.post(`${fakeAiUrl}/__script`, { data: replies });
  expect(response.status()).toBe(204);
}

/**
 * A good answer after 4 s, for checks of the "running" state: on a loaded 2-core machine a click on a
 * dialog's confirm button once took 2.2 s by itself, past a 1.2 s answer. The app waits 10 s.
 */
export const SLOW_GOOD_ANSWER: FakeAiReply = { kind: 'slow', delayMs: 4000, then: { kind: 'good' } };
