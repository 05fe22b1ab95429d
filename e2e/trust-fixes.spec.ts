import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

// Issue 25, "Nothing lost, nothing surprising": the small fixes a new user trips over.

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe('invitation links', () => {
  test('a re-sent invitation’s first link still works and opens the decision', async ({ page, request }) => {
    const owner = await createAccount(request);
    const invitee = await createAccount(request);
    const ownerToken = await tokenOf(request, owner);
    const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Team offsite venue' });
    const firstLink = await inviteViaApi(request, ownerToken, decision.id, invitee.email);
    const secondLink = await inviteViaApi(request, ownerToken, decision.id, invitee.email);
    expect(secondLink).not.toBe(firstLink);

    await signInViaApi(page, invitee);
    await page.goto(`/invite?token=${encodeURIComponent(firstLink)}`);
    await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Team offsite venue' })).toBeVisible();

    // Opening the used link again as that member leads to the decision, not to an error.
    await page.goto(`/invite?token=${encodeURIComponent(secondLink)}`);
    await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
  });

  test('a used link tells a visitor to log in, a withdrawn one to ask for a new invitation', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request);
    const member = await createAccount(request);
    const ownerToken = await tokenOf(request, owner);
    const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Used links' });
    const used = await inviteViaApi(request, ownerToken, decision.id, member.email);
    await acceptViaApi(request, await tokenOf(request, member), used);

    await page.goto(`/invite?token=${encodeURIComponent(used)}`);
    await expect(
      page.getByText('This invitation was already accepted. Log in to open the decision.'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login\?token=/);

    const invited = await request.post('/api/team/invite', {
      data: { decision_id: decision.id, email: 'withdrawn@example.com', role: 'editor' },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    const { invite_token: withdrawn, invitation_id: invitationId } = (await invited.json()) as {
      invite_token: string;
      invitation_id: number;
    };
    const revoked = await request.delete(`/api/team/${decision.id}/invitations/${invitationId}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(revoked.status()).toBe(200);
    await page.goto(`/invite?token=${encodeURIComponent(withdrawn)}`);
    await expect(
      page.getByText('This invitation was withdrawn. Ask the person who invited you for a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  });
});
