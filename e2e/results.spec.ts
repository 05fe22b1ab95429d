import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DecisionDetails } from '../shared/api/decisions.ts';
import { AppFrame } from './pages/AppFrame.ts';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { EvaluationCalculatorPage } from './pages/EvaluationCalculatorPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, createDecisionViaApi } from './support/decisions.ts';
import { createTeamDecisionViaApi } from './support/team.ts';

// Totals are Σ value × importance / Σ importance on the decision's scale; ranking tables are sorted by
// total with rank numbers; team options nobody voted on say "no votes yet"; name and total stay in view
// on a 390 px phone.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Importances adding up to 60 (30 / 20 / 10); the tied winners Delta and Bravo are entered last and
 * third: Alpha (4·30 + 4·20 + 4·10) / 60 = 4, Bravo (8·30 + 6·20 + 9·10) / 60 = 7.5,
 * Charlie (5·30 + 5·20 + 1·10) / 60 ≈ 4.3, Delta (9·30 + 6·20 + 6·10) / 60 = 7.5.
 */
const SIXTY = {
  name: 'Which office chair',
  description: 'Importances that add up to 60',
  mode: 'manual' as const,
  type: 'private' as const,
  options: ['Alpha', 'Charlie', 'Bravo', 'Delta'],
  criteria: [
    { name: 'Comfort', importance: 30 },
    { name: 'Price', importance: 20 },
    { name: 'Looks', importance: 10 },
  ],
  evaluations: [
    [0, 0, 4],
    [0, 1, 4],
    [0, 2, 4],
    [1, 0, 5],
    [1, 1, 5],
    [1, 2, 1],
    [2, 0, 8],
    [2, 1, 6],
    [2, 2, 9],
    [3, 0, 9],
    [3, 1, 6],
    [3, 2, 6],
  ].map(([option_index, criterion_index, value]) => ({
    option_index: option_index!,
    criterion_index: criterion_index!,
    value: value!,
    explanation: null,
  })),
};

async function signedInWithDecision(page: Page, request: APIRequestContext) {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const decision = await createDecisionViaApi(request, token, SIXTY);
  await signInViaApi(page, account);
  return { token, decision };
}

/** A team decision with importances 65 / 55 / 45 / 55 (the example) and three options. */
async function teamDecision(request: APIRequestContext, token: string) {
  const decision = await createTeamDecisionViaApi(request, token, {
    name: 'Team offsite',
    options: [{ name: 'Lisbon' }, { name: 'Oslo' }, { name: 'Prague' }],
    criteria: [
      { name: 'Cost', importance: 65 },
      { name: 'Weather', importance: 55 },
      { name: 'Food', importance: 45 },
      { name: 'Travel', importance: 55 },
    ],
  });
  const response = await request.get(`/api/decision/${decision.id}/details`, { headers: auth(token) });
  const details = (await response.json()) as DecisionDetails;
  return { decision, details };
}

test('the details rank options best first with rank numbers, shares and totals on the 1–10 scale', async ({
  page,
  request,
}) => {
  const { decision } = await signedInWithDecision(page, request);
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);

  // Best first; the tied winners share rank 1 and lead, whatever order they were entered in.
  // (The text holds the badge's digit and its spoken label "Rank n".)
  await expect(details.matrix.getByRole('rowheader')).toHaveText([
    /^1Rank 1\s*Bravo/,
    /^1Rank 1\s*Delta/,
    /^3Rank 3\s*Charlie/,
    /^4Rank 4\s*Alpha/,
  ]);
  await expect(details.row('Bravo').getByRole('rowheader')).toHaveAccessibleName(/^Rank 1 Bravo/);
  // On the scale (7.5 of 10), not 4.5 "out of 6".
  await expect(details.totalOf('Bravo')).toHaveText('7.5');
  await expect(details.totalOf('Delta')).toHaveText('7.5');
  await expect(details.totalOf('Charlie')).toHaveText('4.3');
  await expect(details.totalOf('Alpha')).toHaveText('4.0');
  await expect(details.row('Bravo')).toContainText('Best option');
  await expect(details.row('Delta')).toContainText('Best option');
  await expect(page.getByText('Tied for best: Bravo, Delta with a total of 7.5 each.')).toBeVisible();

  // Each importance with its share of the sum: 30 of 60 counts 50 %.
  await expect(details.matrix.getByRole('columnheader', { name: /^Comfort/ })).toContainText('30 → 50 %');
  await expect(details.matrix.getByRole('columnheader', { name: /^Price/ })).toContainText('20 → 33 %');
  await expect(details.matrix.getByRole('columnheader', { name: /^Looks/ })).toContainText('10 → 17 %');
  await expect(details.matrix.getByRole('columnheader', { name: /^Comfort/ })).toHaveAccessibleName(
    'Comfort importance 30, counts 50 %',
  );
  await expect(page.getByText(/Σ \(score × importance\) \/ Σ importances/)).toContainText('1–10 scale');

  // The chart: best first with ranks, against the highest possible total 10.
  await expect(details.chart).toHaveAttribute(
    'aria-label',
    'Bar chart of the totals: 1. Bravo: 7.5 (Best option), 1. Delta: 7.5 (Best option), 3. Charlie: 4.3, 4. Alpha: 4.0',
  );
  await expect(page.getByText('Bars are drawn against the highest possible total (10).')).toBeVisible();

  // German: the same shares and the formula in German.
  await new AppFrame(page).switchLanguage('Deutsch');
  await expect(page.getByRole('columnheader', { name: /^Comfort/ })).toHaveAccessibleName(
    'Comfort Wichtigkeit 30, zählt 50 %',
  );
  await expect(page.getByText(/Σ \(Bewertung × Wichtigkeit\) \/ Σ Wichtigkeiten/)).toBeVisible();
});

test('a team result lists options nobody voted on last as "no votes yet", with team weights as shares', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const { decision, details } = await teamDecision(request, token);
  await signInViaApi(page, account, 'no page');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);

  // Before anyone voted: no zeros anywhere.
  await expect(page.getByText('Nobody has voted yet, so there is no team result so far.')).toBeVisible();
  for (const option of ['Lisbon', 'Oslo', 'Prague']) {
    await expect(view.result(option)).toContainText('no votes yet');
  }
  await expect(view.results).not.toContainText('0.00');
  // 65 / 55 / 45 / 55 add up to 220: the shares add up to 100 % (30 + 25 + 20 + 25).
  const headers = view.results.getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Cost' })).toContainText('Team weight 65 → 30 %');
  await expect(headers.filter({ hasText: 'Weather' })).toContainText('Team weight 55 → 25 %');
  await expect(headers.filter({ hasText: 'Food' })).toContainText('Team weight 45 → 20 %');
  await expect(headers.filter({ hasText: 'Travel' })).toContainText('Team weight 55 → 25 %');

  // The owner votes on Prague only (entered last): Prague is ahead, the others follow without a value,
  // but nobody has completed a vote, so no option leads (issue 25).
  const [, oslo, prague] = details.options.map((option) => option.id);
  const [cost, weather] = details.criteria.map((criterion) => criterion.id);
  const vote = (option_id: number, criterion_id: number, value: number) => ({
    option_id,
    criterion_id,
    value,
    explanation: null,
  });
  const response = await request.post(`/api/decision/${decision.id}/evaluate`, {
    headers: auth(token),
    data: { evaluations: [vote(prague!, cost!, 8), vote(prague!, weather!, 6), vote(oslo!, cost!, 0)] },
  });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(view.results.getByRole('rowheader')).toHaveText([
    /^1Rank 1\s*Prague/,
    /^2Rank 2\s*Oslo/,
    /^–\s*Lisbon/,
  ]);
  // Prague (8·65 + 6·55) / 220 = 3.86; a vote of 0 is a result (0.00), Lisbon has none.
  await expect(view.result('Prague')).toContainText('3.86');
  await expect(view.results.getByRole('img', { name: 'Top score' })).toHaveCount(0);
  await expect(view.result('Oslo')).toContainText('0.00');
  await expect(view.result('Lisbon')).toContainText('no votes yet');
  // Still nobody complete: the reason stays, and no option is named the leader.
  await expect(page.getByText('No result yet: nobody has completed a vote.')).toBeVisible();

  await new AppFrame(page).switchLanguage('Deutsch');
  await expect(page.getByTestId('team-result').last()).toContainText('noch keine Stimmen');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('option names and totals stay in view in every ranking table, and the calculator is usable', async ({
    page,
    request,
  }) => {
    const { token, decision } = await signedInWithDecision(page, request);
    const details = new DecisionDetailsPage(page);
    await details.goto(decision.id);
    for (const option of ['Bravo', 'Delta', 'Charlie', 'Alpha']) {
      // Scrolled again on a retry: sections rendering below (chart, analysis) may still move the page.
      await expect(async () => {
        await details.row(option).scrollIntoViewIfNeeded();
        await expect(details.row(option).getByRole('rowheader')).toBeInViewport({ timeout: 1000 });
        await expect(details.totalOf(option)).toBeInViewport({ timeout: 1000 });
      }).toPass();
    }
    // Scrolled sideways, the name and the total stay where they are.
    await details.matrix.locator('xpath=..').evaluate((region) => (region.scrollLeft = region.scrollWidth));
    await expect(details.row('Bravo').getByRole('rowheader')).toBeInViewport();
    await expect(details.totalOf('Bravo')).toBeInViewport();

    const { decision: team } = await teamDecision(request, token);
    const view = new TeamDecisionPage(page);
    await view.goto(team.id);
    for (const option of ['Lisbon', 'Oslo', 'Prague']) {
      await view.result(option).scrollIntoViewIfNeeded();
      await expect(view.results.getByRole('rowheader', { name: option })).toBeInViewport();
      await expect(view.result(option)).toBeInViewport();
    }

    const calculator = new EvaluationCalculatorPage(page);
    await calculator.goto();
    await calculator.criterionName(1).fill('Taste');
    await calculator.criterionName(2).fill('Price');
    await calculator.optionName(1).fill('Pizza');
    await calculator.optionName(2).fill('Soup');
    // The inputs are on the screen, not beside it.
    await expect(calculator.weight('Taste')).toBeInViewport();
    await expect(calculator.rating('Pizza', 'Taste')).toBeInViewport();
    await calculator.weight('Taste').fill('50');
    await calculator.weight('Price').fill('50');
    for (const [option, taste, price] of [
      ['Pizza', '5', '2'],
      ['Soup', '4', '4'],
    ] as const) {
      await calculator.rating(option, 'Taste').fill(taste);
      await calculator.rating(option, 'Price').fill(price);
    }
    await calculator.calculateButton.click();
    await expect(calculator.resultItems).toHaveText([/Soup\s*4\.00$/, /Pizza\s*3\.50$/]);
    await expect(calculator.resultItems.first()).toBeInViewport();
  });
});

test('the quick calculator is in the navigation, on desktop and in the phone menu, and says it saves nothing', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request));
  const frame = new AppFrame(page);
  await frame.mainNavigation.getByRole('link', { name: 'Quick calculator' }).click();
  await expect(page).toHaveURL(/\/evaluation$/);
  await expect(page.getByText(/A quick sketch that saves nothing/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'New decision' })).toHaveAttribute(
    'href',
    '/new-decision',
  );

  await frame.switchLanguage('Deutsch');
  await expect(frame.mainNavigation.getByRole('link', { name: 'Schnellrechner' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText(/Eine schnelle Skizze, die nichts speichert/)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.locator('#mobile-navigation').getByRole('link', { name: 'Schnellrechner' }).click();
  await expect(page).toHaveURL(/\/evaluation$/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the result pages pass axe in the ${theme} theme`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: theme });
    const { token, decision } = await signedInWithDecision(page, request);
    const { decision: team } = await teamDecision(request, token);
    const pages: [string, RegExp][] = [
      [`/single-decision/${decision.id}`, /Bar chart of the totals/],
      [`/team-decision/${team.id}`, /no votes yet/],
      ['/evaluation', /Calculate Score/],
      [`/decision/${decision.id}/evaluate`, /Save Evaluations/],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await expect(
        page
          .getByText(ready)
          .or(page.getByRole('img', { name: ready }))
          .first(),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    }
  });
}
