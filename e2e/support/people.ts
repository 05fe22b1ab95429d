import { expect, type APIRequestContext } from '@playwright/test';
import type { DecisionDetails } from '../../shared/api/decisions.ts';
import { AVATAR_PNG } from './test-data.ts';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Saves profile fields (nickname, first and last name) through PUT /api/users/update. */
export async function setProfileViaApi(
  request: APIRequestContext,
  token: string,
  fields: { nickname?: string; first_name?: string; last_name?: string },
): Promise<void> {
  const response = await request.put('/api/users/update', { data: fields, headers: auth(token) });
  expect(response.status()).toBe(200);
}

/** Uploads the test PNG as the account's avatar and answers its URL. */
export async function uploadAvatarViaApi(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/api/users/me/avatar', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG } },
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { avatar_url: string }).avatar_url;
}

export async function detailsViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
): Promise<DecisionDetails> {
  const response = await request.get(`/api/decision/${decisionId}/details`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as DecisionDetails;
}

/** A 7 in every cell: a complete vote in manual mode (issue 16: every option × criterion). */
export async function voteViaApi(request: APIRequestContext, token: string, decisionId: number) {
  const details = await detailsViaApi(request, token, decisionId);
  const response = await request.post(`/api/decision/${decisionId}/evaluate`, {
    data: {
      evaluations: details.options.flatMap((option) =>
        details.criteria.map((criterion) => ({ option_id: option.id, criterion_id: criterion.id, value: 7 })),
      ),
    },
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
}

export async function commentViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
  text: string,
): Promise<void> {
  const response = await request.post('/api/comments', {
    data: { decision_id: decisionId, text },
    headers: auth(token),
  });
  expect(response.status()).toBe(201);
}
