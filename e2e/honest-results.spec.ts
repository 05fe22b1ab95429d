import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, createDecisionViaApi } from './support/decisions.ts';
import { detailsViaApi } from './support/people.ts';
import { createTeamDecisionViaApi, joinViaApi, voteViaApi } from './support/team.ts';

// Honest results on the screens (issue 25): no winner while a result does not count yet, the reason
// said instead, a partial vote marked, and the team result column in view at every width.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function speaksGerman(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.put('/api/users/update', { data: { language: 'de' }, headers: auth(token) });
  expect(response.status()).toBe(200);
}

/** Every cell of a 3 × criteria vote by position, with `skip` cells left empty. */
function votesFor(values: number[][], skip: [number, number][] = []) {
  return values.flatMap((row, option) =>
    row.flatMap((value, criterion) =>
      skip.some(([o, c]) => o === option && c === criterion) ? [] : [{ option, criterion, value }],
    ),
  );
}

async function noPageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('an incomplete matrix names no winner and links to its first empty cell', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  // Train × Time, Car × Comfort and Car × Time are empty: 3 cells, the first one at 0-2.
  const decision = await createDecisionViaApi(request, token, {
    name: 'How to commute',
    description: '',
    mode: 'manual',
    type: 'private',
    options: ['Train', 'Car'],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Comfort', importance: 30 },
      { name: 'Time', importance: 20 },
    ],
    evaluations: [
      { option_index: 0, criterion_index: 0, value: 8, explanation: null },
      { option_index: 0, criterion_index: 1, value: 6, explanation: null },
      { option_index: 1, criterion_index: 0, value: 9, explanation: null },
    ],
  });
  await signInViaApi(page, owner, 'no page');
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);

  const notice = page.getByTestId('no-result');
  await expect(notice).toContainText('3 cells still empty');
  await expect(page.getByRole('main')).not.toContainText('Best option');
  await expect(page.getByRole('main').locator('[data-top]')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Total (provisional)' })).toBeVisible();
  // No prompt to record what was decided while there is no result.
  await expect(page.getByRole('region', { name: 'Outcome' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await notice.getByRole('link', { name: 'Fill in the first empty cell' }).click();
  await expect(page).toHaveURL(new RegExp(`/decision/${decision.id}/edit\\?cell=0-2$`));
  await expect(page.getByRole('textbox', { name: /^Score of Train for Time/ })).toBeFocused();

  // Filled in, the result counts: the best option is named again.
  const response = await request.post(`/api/decision/${decision.id}/evaluate`, {
    headers: auth(token),
    data: {
      evaluations: (await emptyCellIds(request, token, decision.id)).map(([option_id, criterion_id]) => ({
        option_id,
        criterion_id,
        value: 7,
        explanation: null,
      })),
    },
  });
  expect(response.status()).toBe(200);
  await details.goto(decision.id);
  await expect(page.getByText(/^Best option: Car/)).toBeVisible();
  await expect(page.getByTestId('no-result')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Total', exact: true })).toBeVisible();
});

/** The option × criterion ids of the commute decision's empty cells (Train × Time, Car × Comfort, Car × Time). */
async function emptyCellIds(request: APIRequestContext, token: string, decisionId: number) {
  const details = await detailsViaApi(request, token, decisionId);
  const [train, car] = details.options.map((option) => option.id) as [number, number];
  const [, comfort, time] = details.criteria.map((criterion) => criterion.id) as [number, number, number];
  return [
    [train, time],
    [car, comfort],
    [car, time],
  ] as const;
}

/** A team of owner and member over Lisbon, Oslo, Prague × `criteria`. */
async function team(request: APIRequestContext, criteria: string[]) {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Team offsite',
    options: ['Lisbon', 'Oslo', 'Prague'],
    criteria: criteria.map((name) => ({ name, importance: 10 })),
  });
  await joinViaApi(request, ownerToken, decision.id, member.email, memberToken);
  return { owner, member, ownerToken, memberToken, decision };
}

test.describe('German on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a partial vote is marked and the team status says started', async ({ browser, request }) => {
    const { owner, member, ownerToken, memberToken, decision } = await team(request, ['Kosten', 'Wetter']);
    // The member leaves Prague × Wetter empty: 5 of 6 cells.
    await voteViaApi(
      request,
      memberToken,
      decision.id,
      votesFor(
        [
          [6, 7],
          [5, 4],
          [8, 0],
        ],
        [[2, 1]],
      ),
    );
    await speaksGerman(request, memberToken);
    await speaksGerman(request, ownerToken);

    const memberPage = await signedInPage(browser, member);
    await memberPage.goto(`/team-decision/${decision.id}/edit`);
    const partial = memberPage.getByTestId('partial-vote');
    await expect(partial).toContainText(
      'Deine Stimme ist nicht vollständig: 1 Zelle leer – du zählst noch nicht als abgestimmt',
    );
    const empty = memberPage.getByRole('textbox', {
      name: /^Deine Bewertung von Prague für Wetter .*noch leer$/,
    });
    await expect(empty).toHaveAttribute('data-empty', 'true');
    await expect(memberPage.locator('input[data-empty]')).toHaveCount(1);
    await expect(
      memberPage.getByText('Lässt du ein Gewicht leer, zählt für dich die Wichtigkeit'),
    ).toBeVisible();
    expect(await seriousViolations(memberPage)).toEqual([]);

    // Filled in, the notice and the mark are gone (before saving: it follows what is typed).
    await empty.fill('3');
    await expect(partial).toHaveCount(0);
    await expect(memberPage.locator('input[data-empty]')).toHaveCount(0);

    const ownerPage = await signedInPage(browser, owner);
    const view = new TeamDecisionPage(ownerPage);
    await view.goto(decision.id);
    await expect(ownerPage.locator('li[data-status="started"]')).toContainText('Begonnen');
    await expect(ownerPage.locator('li[data-status="not-started"]')).toContainText('Nicht begonnen');
    await expect(ownerPage.locator('li[data-status="voted"]')).toHaveCount(0);
    // Nobody voted in full: no result, no leader.
    await expect(ownerPage.getByTestId('no-result')).toHaveText(
      'Noch kein Ergebnis: Niemand hat vollständig abgestimmt.',
    );
    await expect(view.results.getByRole('img', { name: 'Höchste Punktzahl' })).toHaveCount(0);
    expect(await seriousViolations(ownerPage)).toEqual([]);
  });
});

async function signedInPage(browser: Browser, account: TestAccount, width = 390) {
  const page = await (await browser.newContext({ viewport: { width, height: 844 } })).newPage();
  await signInViaApi(page, account);
  return page;
}

test('a team without a complete voter says there is no result, never a leader', async ({ page, request }) => {
  const { owner, ownerToken, decision } = await team(request, ['Cost', 'Weather']);
  await voteViaApi(request, ownerToken, decision.id, [{ option: 0, criterion: 0, value: 9 }]);
  await signInViaApi(page, owner, 'no page');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(page.getByTestId('no-result')).toHaveText('No result yet: nobody has completed a vote.');
  await expect(view.results.getByRole('columnheader', { name: 'Team result (provisional)' })).toBeVisible();
  await expect(view.results.getByRole('img', { name: 'Top score' })).toHaveCount(0);
  await expect(view.results.locator('[data-top]')).toHaveCount(0);
  // One vote per cell at most: the heat map has nothing to compare, and never claims agreement.
  await expect(view.agreementCell('Lisbon', 'Cost')).toContainText('not enough votes yet');
  await expect(view.consensus.getByRole('columnheader', { name: /Weather/ })).toContainText(
    'Weights: not enough votes yet',
  );
  await expect(view.consensus).toContainText('Not enough votes yet: a cell needs two votes');
  await expect(view.consensus).not.toContainText(/full agreement|σ|%/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the team result column is in view at 1280 px and a card per option at 390 px', async ({
  page,
  request,
}) => {
  // Eight long criteria: the table is far wider than the card, so only a column near the names shows.
  const criteria = Array.from({ length: 8 }, (_, index) => `Quite a long criterion ${index + 1}`);
  const { owner, ownerToken, decision } = await team(request, criteria);
  await voteViaApi(
    request,
    ownerToken,
    decision.id,
    votesFor([Array(8).fill(8) as number[], Array(8).fill(5) as number[], Array(8).fill(3) as number[]]),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, owner, 'no page');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.result('Lisbon')).toContainText('8.00');
  await expect(view.result('Lisbon').getByRole('img', { name: 'Top score' })).toBeVisible();
  await view.results.scrollIntoViewIfNeeded();
  for (const option of ['Lisbon', 'Oslo', 'Prague']) await expect(view.result(option)).toBeInViewport();
  // The table does scroll sideways: its last criterion is out of view, the team result is not.
  await expect(view.results.getByRole('columnheader', { name: /criterion 8/ })).not.toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const option of ['Lisbon', 'Oslo', 'Prague']) {
    const row = view.results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: option }) });
    await row.scrollIntoViewIfNeeded();
    // A card: name, team result, and every criterion's value, all on the screen.
    await expect(row.getByRole('rowheader')).toBeInViewport({ ratio: 1 });
    await expect(view.result(option)).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('cell').last()).toBeInViewport({ ratio: 1 });
  }
  // The card names the value: the column's label is shown before it (generated, not part of its text).
  await expect(view.result('Oslo')).toHaveText('5.00');
  expect(await view.result('Oslo').evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
    '"Team result"',
  );
  expect(await noPageOverflow(page)).toBeLessThanOrEqual(0);
  expect(
    await view.results.evaluate((region) => region.scrollWidth - region.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
