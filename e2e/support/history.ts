import { expect, type APIRequestContext } from '@playwright/test';
import type { UpdateDecisionRequest } from '../../shared/api/decisions.ts';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Saves a decision through PUT /api/decision/{id} (each save of a personal decision is a version). */
export async function updateDecisionViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
  update: UpdateDecisionRequest,
): Promise<void> {
  const response = await request.put(`/api/decision/${decisionId}`, { data: update, headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
}

/** How many history entries the caller sees (all pages), through the API. */
export async function historyCountViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
): Promise<number> {
  let count = 0;
  let before: number | null = null;
  do {
    const query: string = before === null ? '' : `?before=${before}`;
    const response = await request.get(`/api/decision/${decisionId}/history${query}`, {
      headers: auth(token),
    });
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { entries: unknown[]; next_before: number | null };
    count += page.entries.length;
    before = page.next_before;
  } while (before !== null);
  return count;
}
