import { expect, type APIRequestContext } from '@playwright/test';

// Issue 29: workspaces set up through the API, for journeys that are about another screen.
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createWorkspaceViaApi(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ id: number; name: string }> {
  const response = await request.post('/api/workspaces', { data: { name }, headers: auth(token) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

/** Invites `email` and accepts with that person's token: a member in one step. */
export async function joinWorkspaceViaApi(
  request: APIRequestContext,
  ownerToken: string,
  workspaceId: number,
  email: string,
  memberToken: string,
  role: 'admin' | 'member' = 'member',
): Promise<void> {
  const invited = await request.post(`/api/workspaces/${workspaceId}/invitations`, {
    data: { email, role },
    headers: auth(ownerToken),
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { invite_token } = (await invited.json()) as { invite_token: string };
  const accepted = await request.post('/api/workspaces/accept', {
    data: { invite_token },
    headers: auth(memberToken),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
