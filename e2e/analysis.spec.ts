import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { DecisionAnalysis } from '../shared/api/analysis.ts';
import type { CreateDecisionRequest } from '../shared/api/decisions.ts';
import { AnalysisPanel } from './pages/AnalysisPanel.ts';
import { AppFrame } from './pages/AppFrame.ts';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi, sessionOf } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, createDecisionViaApi } from './support/decisions.ts';
import { detailsViaApi } from './support/people.ts';
import { createTeamDecisionViaApi, joinViaApi, voteViaApi } from './support/team.ts';

// How solid is the answer (issue 17): robustness, the nearest flip, win probability, the sweep chart,
// what-if weights that can be kept, and options a must-have knocks out.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A (8, 5, 6), B (5, 9, 8), C (6, 6, 6) on Price 50, Quality 30, Service 20. */
const VALUES = [
  [8, 5, 6],
  [5, 9, 8],
  [6, 6, 6],
];

/**
 * The worked example: B leads with 6.8 (A 6.7, C 6.0); A takes the lead if Price counts 51.6 % instead
 * of 50 % (Price 54 of 104), so the result is fragile.
 */
const WORKED_EXAMPLE: CreateDecisionRequest = {
  name: 'Which supplier',
  type: 'private',
  mode: 'manual',
  options: ['A', 'B', 'C'],
  criteria: [
    { name: 'Price', importance: 50 },
    { name: 'Quality', importance: 30 },
    { name: 'Service', importance: 20 },
  ],
  evaluations: VALUES.flatMap((row, option_index) =>
    row.map((value, criterion_index) => ({ option_index, criterion_index, value, explanation: null })),
  ),
};

/**
 * A matrix row by its option's exact name: the one-letter names of the example also occur inside
 * other rows' names ("Rank", "Best option"), so the page objects' substring match would be ambiguous.
 */
function matrixRow(table: Locator, option: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByText(option, { exact: true }) });
}

async function analysisViaApi(request: APIRequestContext, token: string, decisionId: number) {
  const response = await request.get(`/api/decision/${decisionId}/analysis`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as DecisionAnalysis;
}

/** The worked example as a team decision: owner and an editor vote the same values. */
async function teamWorkedExample(request: APIRequestContext) {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Which supplier, together',
    options: ['A', 'B', 'C'],
    criteria: [
      { name: 'Price', importance: 50 },
      { name: 'Quality', importance: 30 },
      { name: 'Service', importance: 20 },
    ],
  });
  await joinViaApi(request, ownerToken, decision.id, member.email, memberToken);
  const votes = VALUES.flatMap((row, option) =>
    row.map((value, criterion) => ({ option, criterion, value })),
  );
  await voteViaApi(request, ownerToken, decision.id, votes);
  await voteViaApi(request, memberToken, decision.id, votes);
  return { owner, member, decision, memberToken };
}

test('the panel answers how solid the worked example is', async ({ page, request }) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const decision = await createDecisionViaApi(request, token, WORKED_EXAMPLE);
  const serverAnalysis = await analysisViaApi(request, token, decision.id);
  await signInViaApi(page, account, 'no page');
  await new DecisionDetailsPage(page).goto(decision.id);
  const panel = new AnalysisPanel(page);

  // The verdict's confidence and what would change it come first; the rest waits one click away.
  await expect(panel.label).toHaveText('Fragile');
  await expect(panel.label).toHaveAttribute('data-label', 'fragile');
  await expect(panel.verdict).toHaveText('A takes the lead if Price counts 51.6 % instead of 50 %.');
  await expect(panel.winProbability).toHaveCount(0);
  await expect(panel.slider('Price')).toHaveCount(0);
  await panel.exploreToggle.click();
  await expect(panel.slider('Price')).toBeVisible();
  // Left open, it stays open for this user.
  await page.reload();
  await expect(panel.slider('Price')).toBeVisible();

  // Win probability as text, the server's figures (seeded by the revision) while nothing was moved.
  const b = serverAnalysis.stability.options.find((entry) => entry.option_id === serverAnalysis.leaders[0])!;
  const bShare = String(Math.round(b.win_share * 1000) / 10);
  await expect(panel.winEntry('B')).toContainText(`${bShare} %`);
  await expect(panel.winEntry('B')).toContainText(`mean rank ${b.mean_rank}`);
  await expect(panel.region).toContainText('2,000 variations of the weights, each ±50 %');

  // The sweep chart opens on the criterion of the nearest flip, with the flips in words.
  await expect(panel.sweepChart).toHaveAccessibleName(/Price goes from 0 to 100 %/);
  await expect(panel.sweepCriterion).toHaveValue(
    String((await detailsViaApi(request, token, decision.id)).criteria[0]!.id),
  );
  await expect(panel.region).toContainText('From 51.6 % upwards, A takes the lead.');
  await panel.sweepCriterion.selectOption({ label: 'Service' });
  await expect(panel.sweepChart).toHaveAccessibleName(/Service goes from 0 to 100 %/);
  await expect(panel.region).toContainText('Below 15.8 %, A takes the lead.');

  await panel.howItWorks.click();
  await expect(panel.region).toContainText(
    'fragile when the nearest flip point is less than 5 percentage points',
  );
});

test('on a 390 px phone the sweep chart keeps 12 px labels inside the screen', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), WORKED_EXAMPLE);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, account, 'no page');
  await new DecisionDetailsPage(page).goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await panel.sweepChart.scrollIntoViewIfNeeded();
  // The drawing is as wide as its box, so its labels are not scaled down with it.
  const labels = panel.sweepChart.locator('text');
  await expect(labels.first()).toBeVisible();
  await expect
    .poll(() =>
      labels.evaluateAll((texts) => Math.min(...texts.map((text) => text.getBoundingClientRect().height))),
    )
    .toBeGreaterThanOrEqual(12);
  const rightmost = await labels.evaluateAll((texts) =>
    Math.max(...texts.map((text) => text.getBoundingClientRect().right)),
  );
  expect(rightmost).toBeLessThanOrEqual(390);
});

test('what-if: the Price slider moves the lead to A, unsaved until reset', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), WORKED_EXAMPLE);
  await signInViaApi(page, account, 'no page');
  await new DecisionDetailsPage(page).goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await expect(panel.leader).toHaveAttribute('data-option', 'B');
  await expect(panel.notSaved).toHaveCount(0);

  // Price 53 of 103 is 51.5 %: B still leads; 54 of 104 is 51.9 %: A does.
  const price = panel.slider('Price');
  await price.focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(price).toHaveValue('53');
  await expect(panel.notSaved).toBeVisible();
  await expect(panel.leader).toHaveAttribute('data-option', 'B');
  await page.keyboard.press('ArrowRight');
  await expect(panel.leader).toHaveAttribute('data-option', 'A');
  await expect(panel.region).toContainText('54 → 52 %');

  // At the end of the track A leads by far; the analysis follows the sliders.
  await page.keyboard.press('End');
  await expect(price).toHaveValue('100');
  await expect(panel.leader).toHaveAttribute('data-option', 'A');
  await expect(panel.leader).toContainText('7.1');
  await expect(panel.verdict).toHaveText('B takes the lead if Price counts 51.6 % instead of 66.7 %.');

  await panel.resetButton.click();
  await expect(panel.notSaved).toHaveCount(0);
  await expect(price).toHaveValue('50');
  await expect(panel.leader).toHaveAttribute('data-option', 'B');
  await expect(panel.verdict).toHaveText('A takes the lead if Price counts 51.6 % instead of 50 %.');
  // The details page never changed.
  await expect(matrixRow(new DecisionDetailsPage(page).matrix, 'B').getByRole('cell').last()).toHaveText(
    '6.8',
  );
});

test('"Use these weights" saves the shares as importances and keeps must-haves and anchors', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const decision = await createDecisionViaApi(request, token, {
    ...WORKED_EXAMPLE,
    criteria: [
      { name: 'Price', importance: 50, minimum: 4 },
      { name: 'Quality', importance: 30, anchors: { low: 'flimsy', high: 'lasts for ever' } },
      { name: 'Service', importance: 20 },
    ],
  });
  await signInViaApi(page, account, 'no page');
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await panel.slider('Price').focus();
  await page.keyboard.press('End');
  await expect(panel.leader).toHaveAttribute('data-option', 'A');

  // 100 : 30 : 20 saved as whole percents: 67, 20, 13.
  await panel.useWeightsButton.click();
  await expect(page.getByText('Importances saved')).toBeVisible();
  await expect(panel.notSaved).toHaveCount(0);
  await expect(panel.slider('Price')).toHaveValue('67');

  await page.reload();
  await expect(panel.slider('Price')).toHaveValue('67');
  await expect(panel.slider('Quality')).toHaveValue('20');
  await expect(panel.slider('Service')).toHaveValue('13');
  await expect(matrixRow(details.matrix, 'A').getByRole('cell').last()).toHaveText('7.1');
  const saved = await detailsViaApi(request, token, decision.id);
  expect(
    saved.criteria.map(({ name, importance, minimum, anchors }) => ({ name, importance, minimum, anchors })),
  ).toEqual([
    { name: 'Price', importance: 67, minimum: 4, anchors: null },
    { name: 'Quality', importance: 20, minimum: null, anchors: { low: 'flimsy', high: 'lasts for ever' } },
    { name: 'Service', importance: 13, minimum: null, anchors: null },
  ]);
  expect(saved.evaluations).toHaveLength(9);
});

test('a team voter tries weights and keeps them as their own', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { member, decision } = await teamWorkedExample(request);
  const page = await sessionOf(browser, member);
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await expect(panel.label).toHaveText('Fragile');
  await expect(panel.verdict).toHaveText('A takes the lead if Price counts 51.6 % instead of 50 %.');

  await panel.slider('Price').focus();
  await page.keyboard.press('End');
  await expect(panel.notSaved).toBeVisible();
  await expect(panel.leader).toHaveAttribute('data-option', 'A');
  await expect(panel.leader).toContainText('7.13');
  // The team result itself is untouched until the weights are used.
  const teamResult = (option: string) => matrixRow(view.results, option).getByTestId('team-result');
  await expect(teamResult('B').getByRole('img', { name: 'Top score' })).toBeVisible();

  await panel.useWeightsButton.click();
  await expect(page.getByText('Your weights are saved')).toBeVisible();
  await expect(panel.notSaved).toHaveCount(0);
  // The owner left their weights empty, so their importances count (issue 25): the team weights are
  // the means of 67 : 20 : 13 and 50 : 30 : 20, i.e. 58.5 : 25 : 16.5, and A leads with
  // (8·58.5 + 5·25 + 6·16.5) / 100 = 6.92.
  await expect(view.results.getByRole('columnheader', { name: /Price/ })).toContainText(
    'Team weight 58.5 → 59 %',
  );
  await expect(teamResult('A').getByRole('img', { name: 'Top score' })).toBeVisible();
  await expect(teamResult('A')).toContainText('6.92');
  // The sliders start from the team weights again, now the means.
  await expect(panel.slider('Price')).toHaveValue('59');
});

test('without any weight the panel says so instead of a label, and the sliders still try weights', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  // Criteria created without importances weigh 0 until someone weights them: every total is 0.
  const decision = await createTeamDecisionViaApi(request, token, {
    name: 'Unweighted offsite',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost' }, { name: 'Weather' }],
  });
  await voteViaApi(request, token, decision.id, [
    { option: 0, criterion: 0, value: 3 },
    { option: 0, criterion: 1, value: 4 },
    { option: 1, criterion: 0, value: 8 },
    { option: 1, criterion: 1, value: 7 },
  ]);
  await signInViaApi(page, owner, 'no page');
  await new TeamDecisionPage(page).goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await expect(panel.verdict).toHaveText(
    'Every criterion weighs 0 so far, so every option totals 0: give the criteria weights to see how solid the result is.',
  );
  await expect(panel.label).toHaveCount(0);
  await expect(panel.winProbability).toHaveCount(0);

  // Trying a weight gives the real analysis at once.
  await panel.slider('Cost').focus();
  await page.keyboard.press('End');
  await expect(panel.notSaved).toBeVisible();
  await expect(panel.label).toHaveText('Robust');
  await expect(panel.winProbability).toBeVisible();
  await expect(panel.leader).toHaveAttribute('data-option', 'Oslo');
});

test('a reader of a public decision tries weights but cannot keep them', async ({ browser, request }) => {
  const owner = await createAccount(request);
  const reader = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, owner), {
    ...WORKED_EXAMPLE,
    type: 'public',
  });
  const page = await sessionOf(browser, reader);
  await new DecisionDetailsPage(page).goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await panel.slider('Price').focus();
  await page.keyboard.press('End');
  await expect(panel.notSaved).toBeVisible();
  await expect(panel.leader).toHaveAttribute('data-option', 'A');
  await expect(panel.resetButton).toBeVisible();
  await expect(panel.useWeightsButton).toHaveCount(0);
});

test('while team results are hidden, there is no analysis either', async ({ browser, request }) => {
  const owner = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Sealed supplier vote',
    options: ['A', 'B', 'C'],
    criteria: [
      { name: 'Price', importance: 50 },
      { name: 'Quality', importance: 30 },
      { name: 'Service', importance: 20 },
    ],
    results_visibility: 'after_close',
  });
  await voteViaApi(
    request,
    ownerToken,
    decision.id,
    VALUES.flatMap((row, option) => row.map((value, criterion) => ({ option, criterion, value }))),
  );
  const page = await sessionOf(browser, owner);
  const analysisRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/analysis')) analysisRequests.push(sent.url());
  });
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.resultsHidden).toContainText('Results appear when voting ends.');
  await expect(new AnalysisPanel(page).region).toHaveCount(0);
  expect(analysisRequests).toEqual([]);
});

test('options below a must-have are set apart with the reason, never with a trophy', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), {
    ...WORKED_EXAMPLE,
    options: ['A', 'B', 'C', 'D'],
    criteria: [
      { name: 'Price', importance: 50, minimum: 6 },
      { name: 'Quality', importance: 30 },
      { name: 'Service', importance: 20 },
    ],
    evaluations: [
      ...(WORKED_EXAMPLE.evaluations ?? []),
      // D has the best Quality and Service but no Price at all.
      { option_index: 3, criterion_index: 1, value: 10, explanation: null },
      { option_index: 3, criterion_index: 2, value: 10, explanation: null },
    ],
  });
  await signInViaApi(page, account, 'no page');
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);

  // A leads: B (Price 5) and D (no Price) miss the minimum 6, whatever their totals.
  await expect(page.getByText('Best option: A with a total of 6.7.')).toBeVisible();
  await expect(matrixRow(details.matrix, 'A')).toHaveAttribute('data-top', 'true');
  for (const option of ['B', 'D']) {
    const row = matrixRow(details.matrix, option);
    await expect(row).toHaveAttribute('data-muted', 'true');
    await expect(row).not.toHaveAttribute('data-top');
    await expect(row.getByText('Knocked out', { exact: true })).toBeVisible();
  }
  await expect(matrixRow(details.matrix, 'B')).toContainText('Price 5 is below the minimum 6');
  await expect(matrixRow(details.matrix, 'D')).toContainText('has no value for Price');
  // Knocked-out options come after every option that passes.
  await expect(details.matrix.getByRole('rowheader')).toHaveText([
    /Rank 1\s*A/,
    /Rank 2\s*C/,
    /Rank 3\s*B/,
    /Rank 4\s*D/,
  ]);

  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await expect(panel.knockedOut('B')).toHaveText(/B\s*Knocked out: Price 5 is below the minimum 6/);
  await expect(panel.knockedOut('D')).toHaveText(/D\s*Knocked out: has no value for Price/);
  await expect(panel.winEntry('B')).toHaveCount(0);
  // Even when Price counts nothing, the what-if ranking never puts them first.
  await panel.slider('Price').focus();
  await page.keyboard.press('Home');
  await expect(panel.leader).toHaveAttribute('data-option', 'C');
  await expect(panel.liveRanking.locator('li[data-knocked-out]')).toHaveCount(2);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the panel passes axe on the details page and the team view (${theme})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request);
    const decision = await createDecisionViaApi(request, await apiToken(request, account), {
      ...WORKED_EXAMPLE,
      criteria: [
        { name: 'Price', importance: 50, minimum: 6 },
        { name: 'Quality', importance: 30 },
        { name: 'Service', importance: 20 },
      ],
    });
    const page = await sessionOf(browser, account, theme);
    await new DecisionDetailsPage(page).goto(decision.id);
    const panel = new AnalysisPanel(page);
    await panel.openExplore();
    await expect(panel.sweepChart).toBeVisible();
    // The what-if state with its notice and buttons, and the explanation unfolded.
    await panel.slider('Quality').focus();
    await page.keyboard.press('End');
    await expect(panel.notSaved).toBeVisible();
    await panel.howItWorks.click();
    expect(await seriousViolations(page), `details page with the panel (${theme})`).toEqual([]);

    const team = await teamWorkedExample(request);
    const memberPage = await sessionOf(browser, team.member, theme);
    await new TeamDecisionPage(memberPage).goto(team.decision.id);
    const teamPanel = new AnalysisPanel(memberPage);
    await teamPanel.openExplore();
    await expect(teamPanel.sweepChart).toBeVisible();
    await teamPanel.slider('Price').focus();
    await memberPage.keyboard.press('End');
    await expect(teamPanel.useWeightsButton).toBeVisible();
    expect(await seriousViolations(memberPage), `team view with the panel (${theme})`).toEqual([]);
  });
}

test('German: the panel speaks German with German numbers', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), WORKED_EXAMPLE);
  await signInViaApi(page, account);
  await new AppFrame(page).switchLanguage('Deutsch');
  await new DecisionDetailsPage(page).goto(decision.id);
  const panel = new AnalysisPanel(page);
  await panel.openExplore();
  await expect(panel.region.getByRole('heading', { level: 2 })).toHaveText(
    'Wie belastbar ist dieses Ergebnis?',
  );
  await expect(panel.label).toHaveText('Fragil');
  await expect(panel.verdict).toHaveText('A liegt vorn, wenn Price mit 51,6 % statt 50 % zählt.');
  await expect(panel.region).toContainText('2.000 Variationen der Gewichte, jeweils ±50 %');
  await expect(panel.region).toContainText('Ab 51,6 % liegt A vorn.');
  await panel.slider('Price').focus();
  await page.keyboard.press('End');
  await expect(panel.notSaved).toBeVisible();
  await expect(panel.useWeightsButton).toBeVisible();
  await expect(panel.leader).toContainText('Vorn');
  await expect(panel.leader).toContainText('7,1');
});
