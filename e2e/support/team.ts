import { expect, type APIRequestContext } from '@playwright/test';
import type { Decision } from '../../shared/api/decisions.ts';
import type { CreateTeamDecisionRequest } from '../../shared/api/team.ts';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Creates a team decision through the API (the screens themselves are tested in team-journey). */
export async function createTeamDecisionViaApi(
  request: APIRequestContext,
  token: string,
  decision: Partial<CreateTeamDecisionRequest> & { name: string },
): Promise<Decision> {
  const response = await request.post('/api/team-decisions', {
    data: {
      description: '',
      mode: 'manual',
      timer: null,
      type: 'team',
      options: [],
      criteria: [],
      ...decision,
    },
    headers: auth(token),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Decision;
}

/** Invites an address and returns the invitation token. */
export async function inviteViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
  email: string,
  role: 'editor' | 'viewer' = 'editor',
): Promise<string> {
  const response = await request.post('/api/team/invite', {
    data: { decision_id: decisionId, email, role },
    headers: auth(token),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { invite_token: string }).invite_token;
}

export async function acceptViaApi(request: APIRequestContext, token: string, inviteToken: string) {
  const response = await request.post('/api/team/accept', {
    data: { invite_token: inviteToken },
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
}

/** Invites `email` as `role` and accepts with that person's token: a member in one step. */
export async function joinViaApi(
  request: APIRequestContext,
  ownerToken: string,
  decisionId: number,
  email: string,
  memberToken: string,
  role: 'editor' | 'viewer' = 'editor',
): Promise<void> {
  await acceptViaApi(request, memberToken, await inviteViaApi(request, ownerToken, decisionId, email, role));
}

/** Activates a draft: the members may vote, and reminders become possible. */
export async function activateViaApi(request: APIRequestContext, token: string, decisionId: number) {
  const response = await request.post(`/api/decision/${decisionId}/activate`, { headers: auth(token) });
  expect(response.status()).toBe(200);
}

/** Saves the caller's votes by option and criterion position (0-based) through the team edit endpoint. */
export async function voteViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
  votes: { option: number; criterion: number; value: number }[],
) {
  const response = await request.put(`/api/team-decisions/${decisionId}`, {
    data: {
      votes: votes.map((vote) => ({
        option_index: vote.option,
        criterion_index: vote.criterion,
        value: vote.value,
      })),
    },
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
}
