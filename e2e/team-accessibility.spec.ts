import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { NotificationBell } from './pages/NotificationBell.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken } from './support/decisions.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';
import { seriousViolations } from './support/axe.ts';

/** Waits until the page shows its content rather than a loading line. */
async function waitForContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
}

/** An owner's team decision with one accepted member and one open invitation (for a viewer). */
async function teamWithInvitation(request: APIRequestContext) {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Accessible offsite',
    description: 'Where the team meets',
    timer: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
    options: ['Lisbon', 'Prague'],
    criteria: ['Cost', 'Weather'],
  });
  await acceptViaApi(
    request,
    await apiToken(request, member),
    await inviteViaApi(request, ownerToken, decision.id, member.email),
  );
  const openInvitation = await inviteViaApi(request, ownerToken, decision.id, 'later@example.com', 'viewer');
  return { owner, decision, openInvitation };
}

// Two tests per theme rather than one of eight axe scans: each stays well inside its budget on
// two shared cores, and they run in parallel.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the invite page, valid and invalid, has no serious accessibility violations', async ({
      page,
      request,
    }) => {
      const { decision, openInvitation } = await teamWithInvitation(request);
      // Logged out: the invitation as a visitor sees it, and the error state.
      await page.goto(`/invite?token=${openInvitation}`);
      await waitForContent(page);
      await expect(page.getByRole('heading', { level: 2, name: decision.name })).toBeVisible();
      expect(await seriousViolations(page), '/invite').toEqual([]);
      await page.goto('/invite?token=not-a-token');
      await expect(page.getByText('Invalid or expired invitation link.')).toBeVisible();
      expect(await seriousViolations(page), '/invite (invalid)').toEqual([]);
    });

    test('team pages and the bell dropdown have no serious accessibility violations', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000); // six axe runs
      const { owner, decision } = await teamWithInvitation(request);
      await signInViaApi(page, owner);
      for (const path of [
        '/new-team-decision',
        `/team-invite/${decision.id}`,
        `/team-decision/${decision.id}`,
        `/team-decision/${decision.id}/edit`,
        '/notifications',
      ]) {
        await page.goto(path);
        await waitForContent(page);
        expect(await seriousViolations(page), path).toEqual([]);
      }

      await new NotificationBell(page).open();
      expect(await seriousViolations(page), 'bell dropdown').toEqual([]);
    });
  });
}

test('team pages fit a 360 px screen', async ({ page, request }) => {
  const owner = await createAccount(request);
  const decision = await createTeamDecisionViaApi(request, await apiToken(request, owner), {
    name: 'A decision with a rather long title to wrap on small screens',
    timer: new Date(Date.now() + 3600_000).toISOString(),
    options: ['Lisbon', 'Prague', 'Kraków'],
    criteria: ['Cost', 'Weather', 'Travel time'],
  });
  await signInViaApi(page, owner);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/new-team-decision',
    `/team-invite/${decision.id}`,
    `/team-decision/${decision.id}`,
    `/team-decision/${decision.id}/edit`,
    '/notifications',
  ]) {
    await page.goto(path);
    await waitForContent(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
