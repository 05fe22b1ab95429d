import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateDecisionRequest, Decision } from '../../shared/api/decisions.ts';
import type { TestAccount } from './accounts.ts';

/** A bearer token for API set-up steps; the browser session logs in through the UI separately. */
export async function apiToken(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/api/login', { data: account });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Creates a decision through the API (options, criteria and scores in one call). */
export async function createDecisionViaApi(
  request: APIRequestContext,
  token: string,
  decision: CreateDecisionRequest,
): Promise<Decision> {
  const response = await request.post('/api/decision', {
    data: decision,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Decision;
}

/** Two options × two criteria (60/40) with every cell scored: Train 8·0.6+6·0.4 = 7.2, Car 5·0.6+9·0.4 = 6.6. */
export const COMMUTE_DECISION: CreateDecisionRequest = {
  name: 'How to commute',
  description: 'Train or car for the daily trip',
  mode: 'manual',
  type: 'private',
  options: ['Train', 'Car'],
  criteria: [
    { name: 'Cost', importance: 60 },
    { name: 'Comfort', importance: 40 },
  ],
  evaluations: [
    { option_index: 0, criterion_index: 0, value: 8, explanation: null },
    { option_index: 0, criterion_index: 1, value: 6, explanation: null },
    { option_index: 1, criterion_index: 0, value: 5, explanation: null },
    { option_index: 1, criterion_index: 1, value: 9, explanation: null },
  ],
};
