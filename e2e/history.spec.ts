import { expect, test } from '@playwright/test';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { HistoryPanel } from './pages/HistoryPanel.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { historyCountViaApi, updateDecisionViaApi } from './support/history.ts';
import { setProfileViaApi } from './support/people.ts';
import { activateViaApi, createTeamDecisionViaApi, joinViaApi, voteViaApi } from './support/team.ts';

/** COMMUTE_DECISION with Train's cost set to `cost` (Train = cost·0.6 + 6·0.4). */
function commuteWithTrainCost(cost: number) {
  return {
    name: COMMUTE_DECISION.name,
    options: ['Train', 'Car'],
    criteria: [
      { name: 'Cost', importance: 60 },
      { name: 'Comfort', importance: 40 },
    ],
    evaluations: [
      { option_index: 0, criterion_index: 0, value: cost, explanation: null },
      { option_index: 0, criterion_index: 1, value: 6, explanation: null },
      { option_index: 1, criterion_index: 0, value: 5, explanation: null },
      { option_index: 1, criterion_index: 1, value: 9, explanation: null },
    ],
  };
}

test('the owner reads the history, shows an earlier version and restores it', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  await setProfileViaApi(request, token, { nickname: 'Olga' });
  const decision = await createDecisionViaApi(request, token, COMMUTE_DECISION);
  // Two saves: Train's cost 3 (total 4.2), then 2 (total 3.6).
  await updateDecisionViaApi(request, token, decision.id, commuteWithTrainCost(3));
  await updateDecisionViaApi(request, token, decision.id, {
    ...commuteWithTrainCost(2),
    criteria: [
      { name: 'Price', importance: 60 },
      { name: 'Comfort', importance: 40 },
    ],
  });

  await signInViaApi(page, owner, 'no page');
  const details = new DecisionDetailsPage(page);
  const history = new HistoryPanel(page);
  await details.goto(decision.id);
  await expect(details.totalOf('Train')).toContainText('3.6');

  // Newest first, under today's heading; a list change reads as one plain sentence.
  await expect(history.dayHeadings.first()).toHaveText(/^Today · /);
  await expect(history.entries.first()).toContainText('Olga');
  await expect(history.region).toContainText(/Olga added the criterion Price and removed the criterion Cost/);
  await expect(history.region).toContainText(/Olga created the decision/);
  expect(await history.entries.count()).toBe(await historyCountViaApi(request, token, decision.id));
  expect(await seriousViolations(page)).toEqual([]);

  // The second newest save: Train’s cost was 3 then, and Cost not yet replaced by Price.
  await history.showVersionButtons.nth(1).click();
  await expect(history.versionDialog).toBeVisible();
  await expect(history.versionDialog.getByRole('columnheader', { name: /^Cost/ })).toBeVisible();
  await expect(history.versionRow('Train').getByTestId('version-total')).toHaveText('4.2');
  expect(await seriousViolations(page)).toEqual([]);

  await history.confirmRestore();
  await expect(history.versionDialog).toBeHidden();
  // The page shows the restored matrix: Train's total and the replaced criterion are back.
  await expect(details.totalOf('Train')).toContainText('4.2');
  await expect(details.matrix.getByRole('columnheader', { name: /^Cost/ })).toBeVisible();
  await expect(history.entries.first()).toContainText(/Olga restored/);
});

test('"Show more" loads the older pages of the history', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  const decision = await createDecisionViaApi(request, token, COMMUTE_DECISION);
  for (const cost of [1, 2, 3, 4]) {
    await updateDecisionViaApi(request, token, decision.id, commuteWithTrainCost(cost));
  }
  const total = await historyCountViaApi(request, token, decision.id);
  expect(total).toBeGreaterThanOrEqual(5);
  // The server's pages hold 100; asked for 2 at a time here, the real `before` paging is what runs.
  await page.route(/\/api\/decision\/\d+\/history\?/, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '2');
    return route.continue({ url: url.toString() });
  });

  await signInViaApi(page, owner, 'no page');
  const history = new HistoryPanel(page);
  await new DecisionDetailsPage(page).goto(decision.id);
  await expect(history.entries).toHaveCount(2);
  for (let shown = 2; shown < total; shown += 2) {
    await history.showMoreButton.click();
    await expect(history.entries).toHaveCount(Math.min(shown + 2, total));
  }
  await expect(history.showMoreButton).toHaveCount(0);
  await expect(history.region).toContainText(/created the decision/);
});

test('the team view shows votes in the history and the result frozen when voting ended, which stays', async ({
  page,
  request,
}) => {
  const [owner, member] = await Promise.all([createAccount(request), createAccount(request)]);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  await setProfileViaApi(request, memberToken, { nickname: 'Ben' });
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Where to meet',
    options: ['Lisbon', 'Prague'],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Weather', importance: 50 },
    ],
  });
  await joinViaApi(request, ownerToken, decision.id, member.email, memberToken);
  await activateViaApi(request, ownerToken, decision.id);
  // Lisbon leads with 5.5 (Ben 9, the owner 2), Prague follows with 4.5 (Ben 3, the owner 6).
  await voteViaApi(request, ownerToken, decision.id, [
    { option: 0, criterion: 0, value: 2 },
    { option: 0, criterion: 1, value: 2 },
    { option: 1, criterion: 0, value: 6 },
    { option: 1, criterion: 1, value: 6 },
  ]);

  await signInViaApi(page, owner, 'no page');
  const view = new TeamDecisionPage(page);
  const history = new HistoryPanel(page);
  // The live event stream answers once the server listens for this user's events (routes.ts subscribes
  // before its first byte leaves): a vote after that reaches the page.
  const liveStream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await view.goto(decision.id);
  await liveStream;
  await expect(history.region).toContainText(/voted \(4 cells\)/);
  await expect(history.region).toContainText(/Ben joined as editor/);
  await expect(history.region).not.toContainText('Ben voted');
  // Ben votes elsewhere: the open page's history shows it live (the decision-changed event).
  await voteViaApi(request, memberToken, decision.id, [
    { option: 0, criterion: 0, value: 9 },
    { option: 0, criterion: 1, value: 9 },
    { option: 1, criterion: 0, value: 3 },
    { option: 1, criterion: 1, value: 3 },
  ]);
  await expect(history.entries.first()).toContainText(/Ben voted \(4 cells\)/);
  await expect(history.frozenResult).toHaveCount(0);

  await view.endVoting();
  // Stored when voting ended: the ranking as it stood, with participation.
  await expect(history.frozenResult).toContainText(/Result when voting ended/);
  await expect(history.frozenResult.getByRole('listitem').first()).toContainText('Lisbon');
  await expect(history.frozenResult.getByRole('listitem').first()).toContainText('5.5');
  await expect(history.frozenResult).toContainText(/2 of 2 voters voted in full/);
  await expect(history.frozenResult.getByTestId('frozen-result-differs')).toHaveCount(0);
  // The history refreshed with the decision: voting ended, by the owner, with the leader.
  await expect(history.entries.first()).toContainText(/ended voting: Lisbon leads with 5.5/);
  expect(await seriousViolations(page)).toEqual([]);

  // Ben deletes his account: the history names him a former member, the frozen result stays (his votes
  // of an ended decision stay too, so the live result still matches it).
  const deletion = await request.delete('/api/users/me', {
    data: { password: member.password },
    headers: { Authorization: `Bearer ${memberToken}` },
  });
  expect(deletion.status()).toBe(204);
  await page.reload();
  await expect(history.region).toContainText(/Former member voted \(4 cells\)/);
  await expect(history.frozenResult.getByRole('listitem').first()).toContainText('5.5');
  await expect(history.frozenResult.getByTestId('frozen-result-differs')).toHaveCount(0);

  // When the server says the live matrix now differs, the box says so (the details' flag, set here).
  await page.route(`**/api/decision/${decision.id}/details`, async (route) => {
    const response = await route.fetch();
    const details = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...details, frozen_result_differs: true } });
  });
  await page.reload();
  await expect(history.frozenResult.getByTestId('frozen-result-differs')).toHaveText(
    /The live matrix now differs from this result/,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
