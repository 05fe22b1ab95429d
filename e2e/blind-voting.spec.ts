import { expect, test, type APIRequestContext } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { NewTeamDecisionPage } from './pages/NewTeamDecisionPage.ts';
import { ResultsVisibilityChoice } from './pages/ResultsVisibilityChoice.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi, sessionOf } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { voteViaApi } from './support/people.ts';
import { activateViaApi, createTeamDecisionViaApi, joinViaApi } from './support/team.ts';

// Blind voting (issue 16): results stay hidden until the reader submitted their complete vote
// (after_vote, issue 27) or until voting ended (after_close), in separate browser sessions, one per member.

/** Makes `member` an accepted editor of the decision, through the API. */
async function addEditor(request: APIRequestContext, ownerToken: string, decisionId: number) {
  const member = await createAccount(request);
  const memberToken = await apiToken(request, member);
  await joinViaApi(request, ownerToken, decisionId, member.email, memberToken);
  return { member, memberToken };
}

test('after_vote: a member sees no result until they submit their complete vote, then sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000); // three sessions, a form, a vote and several reloads
  const owner = await createAccount(request);
  const ownerPage = await sessionOf(browser, owner);

  // The owner picks the setting on the new team decision page.
  const form = new NewTeamDecisionPage(ownerPage);
  await form.goto();
  const choice = new ResultsVisibilityChoice(ownerPage);
  await expect(choice.radio('Always')).toBeChecked();
  await expect(choice.radio('After your own vote')).toHaveAccessibleDescription(
    'A member sees the results once they submit their complete vote; viewers once voting ends.',
  );
  await form.fill({ title: 'Blind offsite', options: ['Lisbon', 'Prague'], criteria: ['Cost', 'Weather'] });
  await choice.choose('After your own vote');
  await form.continueButton.click();
  await expect(ownerPage).toHaveURL(/\/team-invite\/\d+$/);
  const decisionId = Number(ownerPage.url().split('/').pop());

  const ownerToken = await apiToken(request, owner);
  const { member } = await addEditor(request, ownerToken, decisionId);
  await activateViaApi(request, ownerToken, decisionId);

  // Member B: the results area says when they appear, and shows no number.
  const memberPage = await sessionOf(browser, member);
  const memberView = new TeamDecisionPage(memberPage);
  await memberView.goto(decisionId);
  await expect(memberView.resultsHidden).toContainText(
    'Results appear once you have scored every cell and submitted your vote.',
  );
  await expect(memberView.results).toHaveCount(0);
  await expect(memberPage.getByText('0 of 2 have voted')).toBeVisible();

  // B scores every cell on the vote tab; back on the team view, the results are there.
  const edit = new EditTeamDecisionPage(memberPage);
  await edit.goto(decisionId);
  await expect(memberPage.getByTestId('results-hidden')).toBeVisible();
  await edit.weight('Cost').fill('50');
  await edit.weight('Weather').fill('50');
  await edit.vote('Lisbon', 'Cost').fill('9');
  await edit.vote('Lisbon', 'Weather').fill('7');
  await edit.vote('Prague', 'Cost').fill('4');
  await edit.vote('Prague', 'Weather').fill('6');
  const submit = memberPage.getByRole('button', { name: 'Submit vote' });
  await expect(submit).toBeDisabled();
  await edit.saveButton.click();
  await expect(memberPage.getByText('Saved', { exact: true })).toBeVisible();
  // Complete and saved, but not submitted: still nothing to see.
  await expect(memberPage.getByTestId('results-hidden')).toBeVisible();
  await expect(submit).toBeEnabled();
  expect(await seriousViolations(memberPage), 'vote tab with Submit vote').toEqual([]);
  await submit.click();
  await expect(memberPage.getByTestId('vote-submitted')).toBeVisible();
  await expect(memberPage.getByTestId('results-hidden')).toHaveCount(0);
  // Final: the inputs are locked.
  await expect(edit.vote('Lisbon', 'Cost')).toBeDisabled();
  await memberView.goto(decisionId);
  await expect(memberView.resultsHidden).toHaveCount(0);
  // Weights 50 / 50: (9 + 7) / 2 = 8.00 and (4 + 6) / 2 = 5.00.
  await expect(memberView.result('Lisbon')).toHaveText(/8\.00$/);
  await expect(memberPage.getByText('1 of 2 have voted')).toBeVisible();

  // The owner has not voted: still hidden for them, live, and on the dashboard card too.
  const ownerView = new TeamDecisionPage(ownerPage);
  await ownerView.goto(decisionId);
  await expect(ownerView.resultsHidden).toBeVisible();
  await expect(ownerPage.getByText(`Not voted yet: You`)).toBeVisible();
  await expect(ownerPage.getByRole('main')).not.toContainText('8.00');
  const dashboard = new DashboardPage(ownerPage);
  await dashboard.goto();
  const card = dashboard.card('Blind offsite');
  await expect(card).toContainText('Results hidden');
  await expect(card).toContainText('1 of 2');
  await expect(card).not.toContainText('8.00');
});

test('after_close: nobody sees results, the owner included, until "End voting now"', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Sealed vote',
    options: ['Lisbon', 'Prague'],
    criteria: [{ name: 'Cost', importance: 100 }],
    results_visibility: 'after_close',
  });
  const { member, memberToken } = await addEditor(request, ownerToken, decision.id);
  await activateViaApi(request, ownerToken, decision.id);
  await voteViaApi(request, ownerToken, decision.id);
  await voteViaApi(request, memberToken, decision.id);

  const [ownerPage, memberPage] = await Promise.all([sessionOf(browser, owner), sessionOf(browser, member)]);
  const ownerView = new TeamDecisionPage(ownerPage);
  const memberView = new TeamDecisionPage(memberPage);
  await Promise.all([ownerView.goto(decision.id), memberView.goto(decision.id)]);
  for (const view of [ownerView, memberView]) {
    await expect(view.resultsHidden).toContainText('Results appear when voting ends.');
    await expect(view.results).toHaveCount(0);
  }
  // Everyone voted in full, and still nobody sees a result.
  await expect(ownerPage.getByText('2 of 2 have voted')).toBeVisible();

  await ownerView.endVoting();
  await expect(ownerView.deadlineBanner).toContainText('Voting ended');
  await expect(ownerView.result('Lisbon')).toHaveText(/7\.00$/);
  await expect(ownerView.deadlineBanner).toContainText('Lisbon');
  // The member's open page reveals them live, without a reload.
  await expect(memberView.resultsHidden).toHaveCount(0);
  // Everyone gave 7 everywhere: a tie, both with the trophy.
  await expect(memberView.result('Prague')).toHaveText(/7\.00$/);
});

test('the set-up tab changes the setting; members see the change live', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Changing minds',
    options: ['Lisbon', 'Prague'],
    criteria: [{ name: 'Cost', importance: 100 }],
  });
  const { member, memberToken } = await addEditor(request, ownerToken, decision.id);
  await voteViaApi(request, ownerToken, decision.id);
  const [ownerPage, memberPage] = await Promise.all([sessionOf(browser, owner), sessionOf(browser, member)]);
  const memberView = new TeamDecisionPage(memberPage);
  await memberView.goto(decision.id);
  await expect(memberView.result('Lisbon')).toHaveText(/7\.00$/);

  const setup = new EditTeamDecisionPage(ownerPage);
  await setup.goto(decision.id, 'setup');
  const choice = new ResultsVisibilityChoice(ownerPage);
  await expect(choice.radio('Always')).toBeChecked();
  // Keyboard: arrow keys move the choice within the group.
  await choice.radio('Always').focus();
  await ownerPage.keyboard.press('ArrowDown');
  await expect(choice.radio('After your own vote')).toBeChecked();
  await choice.choose('After voting ends');
  await setup.saveButton.click();
  await expect(ownerPage.getByText('Results visibility saved')).toBeVisible();

  await expect(memberView.resultsHidden).toContainText('Results appear when voting ends.');
  await expect(memberView.results).toHaveCount(0);
  // Under after_close even a complete vote reveals nothing.
  await voteViaApi(request, memberToken, decision.id);
  await expect(memberPage.getByText('2 of 2 have voted')).toBeVisible();
  await expect(memberView.resultsHidden).toBeVisible();
});

test('a reopened vote: the owner reopens it, the member is told, sees "Reopened" and no result until they submit again', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Second thoughts',
    options: ['Lisbon', 'Prague'],
    criteria: [{ name: 'Cost', importance: 100 }],
    results_visibility: 'after_vote',
  });
  const { member, memberToken } = await addEditor(request, ownerToken, decision.id);
  await activateViaApi(request, ownerToken, decision.id);
  await voteViaApi(request, memberToken, decision.id);
  const submitted = await request.post(`/api/decision/${decision.id}/submit`, {
    headers: { authorization: `Bearer ${memberToken}` },
  });
  expect(submitted.status()).toBe(200);

  const [ownerPage, memberPage] = await Promise.all([sessionOf(browser, owner), sessionOf(browser, member)]);
  const memberView = new TeamDecisionPage(memberPage);
  await memberView.goto(decision.id);
  await expect(memberView.result('Lisbon')).toHaveText(/7\.00$/);

  const ownerView = new TeamDecisionPage(ownerPage);
  await ownerView.goto(decision.id);
  const memberRow = ownerPage.locator('li[data-status]').filter({ hasText: 'Submitted' });
  await expect(memberRow).toHaveCount(1);
  expect(await seriousViolations(ownerPage), 'team status with Reopen').toEqual([]);
  await memberRow.getByRole('button', { name: /^Reopen the vote of / }).click();
  await expect(ownerPage.getByText(/is reopened; they were notified/)).toBeVisible();
  await expect(ownerPage.locator('li[data-status]').filter({ hasText: 'Reopened' })).toHaveCount(1);

  // The member's open page follows live: blind again, and "Reopened" beside them.
  await expect(memberView.resultsHidden).toBeVisible();
  await expect(memberPage.locator('li[data-status]').filter({ hasText: 'Reopened' })).toHaveCount(1);
  const edit = new EditTeamDecisionPage(memberPage);
  await edit.goto(decision.id);
  await expect(memberPage.getByTestId('vote-reopened')).toBeVisible();
  await expect(edit.vote('Lisbon', 'Cost')).toBeEnabled();
  expect(await seriousViolations(memberPage), 'vote tab, reopened').toEqual([]);
  await memberPage.getByRole('button', { name: 'Submit vote' }).click();
  await expect(memberPage.getByTestId('vote-submitted')).toBeVisible();
  await memberView.goto(decision.id);
  await expect(memberView.result('Lisbon')).toHaveText(/7\.00$/);

  const notices = await request.get('/api/notifications', {
    headers: { authorization: `Bearer ${memberToken}` },
  });
  expect(JSON.stringify(await notices.json())).toContain('reopened your vote on');
});

for (const theme of ['light', 'dark'] as const) {
  test(`hidden results and the visibility choice pass axe (${theme})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const owner = await createAccount(request);
    const ownerToken = await apiToken(request, owner);
    const decision = await createTeamDecisionViaApi(request, ownerToken, {
      name: 'Accessible blind vote',
      options: ['Lisbon', 'Prague'],
      criteria: ['Cost'],
      results_visibility: 'after_vote',
    });
    const page = await (await browser.newContext({ colorScheme: theme })).newPage();
    await signInViaApi(page, owner, 'no page');
    const view = new TeamDecisionPage(page);
    await view.goto(decision.id);
    await expect(view.resultsHidden).toBeVisible();
    expect(await seriousViolations(page), 'team view, results hidden').toEqual([]);

    await new NewTeamDecisionPage(page).goto();
    await expect(new ResultsVisibilityChoice(page).group).toBeVisible();
    expect(await seriousViolations(page), '/new-team-decision').toEqual([]);

    await new EditTeamDecisionPage(page).goto(decision.id, 'setup');
    await expect(new ResultsVisibilityChoice(page).radio('After your own vote')).toBeChecked();
    expect(await seriousViolations(page), 'set-up tab').toEqual([]);
  });
}
