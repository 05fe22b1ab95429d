import { expect, test } from '@playwright/test';
import { CommentsPanel } from './pages/CommentsPanel.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { setProfileViaApi } from './support/people.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

test('comments arrive live: a new, edited and deleted comment shows on the other open page without reload', async ({
  browser,
  request,
}) => {
  const [owner, member] = await Promise.all([createAccount(request), createAccount(request)]);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  await setProfileViaApi(request, memberToken, { first_name: 'Mia', last_name: 'Meyer' });
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Live talk',
    options: ['Lisbon', 'Prague'],
    criteria: ['Cost'],
  });
  await acceptViaApi(
    request,
    memberToken,
    await inviteViaApi(request, ownerToken, decision.id, member.email, 'viewer'),
  );

  // Two people, each in a browser of their own, with the team view open.
  const ownerPage = await (await browser.newContext()).newPage();
  const memberPage = await (await browser.newContext()).newPage();
  await signInViaApi(ownerPage, owner);
  await signInViaApi(memberPage, member, 'no page');
  await new TeamDecisionPage(ownerPage).goto(decision.id);
  await new TeamDecisionPage(memberPage).goto(decision.id);
  const ownerComments = new CommentsPanel(ownerPage);
  const memberComments = new CommentsPanel(memberPage);
  await expect(ownerComments.region.getByText('No comments yet. Start the discussion.')).toBeVisible();
  await expect(memberComments.input).toBeVisible();
  // Set after loading: gone if the owner's page reloaded.
  await ownerPage.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

  await memberComments.post('Prague is cheaper in May.');
  await expect(ownerComments.item('Prague is cheaper in May.')).toBeVisible();
  await expect(ownerComments.author('Prague is cheaper in May.')).toHaveText('Mia Meyer');
  await expect(memberComments.author('Prague is cheaper in May.')).toHaveText('You');

  await memberComments.edit('Prague is cheaper in May.', 'Prague is cheaper in April.');
  await expect(ownerComments.item('Prague is cheaper in April.')).toBeVisible();
  await expect(ownerComments.item('Prague is cheaper in April.')).toContainText('(edited)');
  await expect(ownerComments.item('Prague is cheaper in May.')).toHaveCount(0);

  // The owner may delete any comment; it disappears on the member's open page too.
  await ownerComments.delete('Prague is cheaper in April.');
  await expect(memberComments.items).toHaveCount(0);
  await expect(memberComments.region.getByText('No comments yet. Start the discussion.')).toBeVisible();

  expect(await ownerPage.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(
    true,
  );
  expect(await seriousViolations(ownerPage), 'team view after live comments').toEqual([]);
});
