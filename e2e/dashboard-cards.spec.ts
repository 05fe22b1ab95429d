import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { DecisionDetails } from '../shared/api/decisions.ts';
import { DashboardPage } from './pages/DashboardPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

// Issue 14: the dashboard welcomes first-time users, sorts, and its cards say where each decision
// stands; the details header keeps its title readable; toasts never cover the navigation.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function post(request: APIRequestContext, token: string, url: string, data?: object) {
  const response = await request.post(url, { headers: auth(token), ...(data ? { data } : {}) });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Scores one cell of a team decision as the token's owner. */
async function vote(
  request: APIRequestContext,
  token: string,
  decisionId: number,
  option: string,
  value: number,
) {
  const response = await request.get(`/api/decision/${decisionId}/details`, { headers: auth(token) });
  const details = (await response.json()) as DecisionDetails;
  const optionId = details.options.find((candidate) => candidate.name === option)!.id;
  await post(request, token, `/api/decision/${decisionId}/evaluate`, {
    evaluations: [{ option_id: optionId, criterion_id: details.criteria[0]!.id, value, explanation: null }],
  });
}

/** The lower edge of the sticky navbar (the page's banner). */
async function navbarBottom(page: Page): Promise<number> {
  const box = (await page.getByRole('banner').boundingBox())!;
  return box.y + box.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

test('a first-time user is welcomed with where to start instead of an empty search', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request));
  const dashboard = new DashboardPage(page);
  await expect(dashboard.welcome).toContainText('List your options and the criteria that matter');
  await expect(dashboard.heading).toHaveText(/Your decisions\s*\(?0\)?/);
  // Nothing to search, filter or sort yet, and no "No decisions found." either.
  await expect(dashboard.search).toHaveCount(0);
  await expect(dashboard.sort).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Filter decisions' })).toHaveCount(0);
  await expect(dashboard.emptyText).toHaveCount(0);
  // The welcome holds the two ways to start, once each on the page.
  await expect(page.getByRole('main').getByRole('link', { name: 'New Decision' })).toHaveCount(1);
  await dashboard.welcome.getByRole('link', { name: 'New Team Decision' }).click();
  await expect(page).toHaveURL(/\/new-team-decision$/);
});

test('cards say where each decision stands, sort by name or score, and ended votes offer results', async ({
  page,
  request,
}) => {
  const [owner, member] = await Promise.all([createAccount(request), createAccount(request)]);
  const [ownerToken, memberToken] = await Promise.all([apiToken(request, owner), apiToken(request, member)]);
  const inTwoDays = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const teamDecision = async (name: string, options: string[], timer: string | null = null) => {
    const decision = await createTeamDecisionViaApi(request, ownerToken, {
      name,
      timer,
      options,
      criteria: [{ name: 'Cost', importance: 100 }],
    });
    await acceptViaApi(
      request,
      memberToken,
      await inviteViaApi(request, ownerToken, decision.id, member.email),
    );
    return decision;
  };

  await createDecisionViaApi(request, ownerToken, COMMUTE_DECISION);
  const silent = await teamDecision('Silent team', ['North', 'South']);
  const voting = await teamDecision('Voting team', ['Lisbon', 'Oslo'], inTwoDays);
  await post(request, ownerToken, `/api/decision/${voting.id}/activate`);
  // A complete vote (issue 16: every cell) counts in "1 of 2 voted".
  await vote(request, memberToken, voting.id, 'Oslo', 8);
  await vote(request, memberToken, voting.id, 'Lisbon', 3);
  const ended = await teamDecision('Ended team', ['Rome', 'Paris']);
  await post(request, ownerToken, `/api/decision/${ended.id}/activate`);
  await vote(request, ownerToken, ended.id, 'Paris', 5);
  await vote(request, ownerToken, ended.id, 'Rome', 2); // complete: a result needs a complete vote
  await post(request, ownerToken, `/api/decision/${ended.id}/end-voting`);

  await signInViaApi(page, owner);
  const dashboard = new DashboardPage(page);
  await expect(dashboard.cards).toHaveCount(4);

  const commute = dashboard.card('How to commute');
  await expect(commute).toContainText('Leading option');
  await expect(commute).toContainText('Train');
  await expect(commute).toContainText('Score 7.2');

  // Before anyone voted: "No votes yet", never "Score 0.0"; viewers and invitations are no voters.
  const silentCard = dashboard.card('Silent team');
  await expect(silentCard).toContainText('Draft (not activated)');
  await expect(silentCard).toContainText('No votes yet');
  await expect(silentCard).toContainText('0 of 2 voted');
  await expect(silentCard).not.toContainText('Score');
  await expect(silentCard.getByRole('link', { name: 'Vote: Silent team' })).toHaveAttribute(
    'href',
    `/team-decision/${silent.id}/edit`,
  );

  const votingCard = dashboard.card('Voting team');
  await expect(votingCard).toContainText('Voting open');
  await expect(votingCard).toContainText('Oslo');
  await expect(votingCard).toContainText('Score 8.00');
  await expect(votingCard).toContainText('1 of 2 voted');
  await expect(votingCard).toContainText('Deadline');
  await expect(votingCard.getByRole('link', { name: 'Vote: Voting team' })).toBeVisible();

  // Voting ended: the main action is the result, no longer "Vote".
  const endedCard = dashboard.card('Ended team');
  await expect(endedCard).toContainText('Voting ended');
  await expect(endedCard).toContainText('Paris');
  await expect(endedCard.getByRole('link', { name: 'Results: Ended team' })).toHaveAttribute(
    'href',
    `/team-decision/${ended.id}`,
  );
  await expect(endedCard.getByRole('link', { name: /^Vote/ })).toHaveCount(0);

  // "Newest" is the default order, not a filter; the order lives in the URL.
  await expect(dashboard.sort).toHaveValue('newest');
  await expect(dashboard.filter('All')).toHaveAttribute('aria-pressed', 'true');
  await expect(dashboard.cards.getByRole('heading')).toHaveText([
    'Ended team',
    'Voting team',
    'Silent team',
    'How to commute',
  ]);
  await dashboard.sort.selectOption({ label: 'Score (highest first)' });
  await expect(dashboard.cards.getByRole('heading')).toHaveText([
    'Voting team',
    'How to commute',
    'Ended team',
    'Silent team',
  ]);
  await dashboard.sort.selectOption({ label: 'Name (A–Z)' });
  await expect(page).toHaveURL(/[?&]sort=name/);
  await page.reload();
  await expect(dashboard.sort).toHaveValue('name');
  await expect(dashboard.cards.getByRole('heading')).toHaveText([
    'Ended team',
    'How to commute',
    'Silent team',
    'Voting team',
  ]);
  // Sorting combines with the filters.
  await dashboard.filter('Team').click();
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Ended team', 'Silent team', 'Voting team']);

  // Exports and Delete wait in the card's menu; the confirmation names the decision.
  await dashboard.moreActions('Voting team').click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Download PDF',
    'Download CSV',
    'Delete',
  ]);
  await dashboard.menuItem('Delete').click();
  await expect(dashboard.deleteDialog.getByRole('heading')).toHaveText('Delete “Voting team”');
  await expect(dashboard.deleteDialog).toContainText('Are you sure you want to delete this decision?');
  await page.keyboard.press('Escape');
  await expect(dashboard.cards).toHaveCount(3);
});

test('the menu offers no Delete to a member who does not own the decision', async ({ page, request }) => {
  const [owner, member] = await Promise.all([createAccount(request), createAccount(request)]);
  const [ownerToken, memberToken] = await Promise.all([apiToken(request, owner), apiToken(request, member)]);
  const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Their team' });
  await acceptViaApi(
    request,
    memberToken,
    await inviteViaApi(request, ownerToken, decision.id, member.email),
  );

  await signInViaApi(page, member);
  const dashboard = new DashboardPage(page);
  await dashboard.moreActions('Their team').click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Download PDF', 'Download CSV']);
});

test('the details header keeps the title its width: actions beside a short title, under a long one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const short = await createDecisionViaApi(request, token, { ...COMMUTE_DECISION, name: 'Short' });
  const longName =
    'Which of the three offers for the new office in the city centre should we accept before the end of the quarter, given rent, commute and space';
  const long = await createDecisionViaApi(request, token, { ...COMMUTE_DECISION, name: longName });
  await signInViaApi(page, account);
  const toolbar = page.getByRole('toolbar', { name: 'Actions for this decision' });
  const title = page.getByRole('heading', { level: 1 });

  await page.goto(`/single-decision/${short.id}`);
  await expect(toolbar.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  let titleBox = await boxOf(title);
  let toolbarBox = await boxOf(toolbar);
  expect(toolbarBox.y, 'toolbar on the title’s line').toBeLessThan(titleBox.y + titleBox.height);
  // One toolbar: arrow keys move between its actions.
  await toolbar.getByRole('button', { name: 'Download PDF' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Download CSV' })).toBeFocused();

  await page.goto(`/single-decision/${long.id}`);
  await expect(title).toHaveText(longName);
  titleBox = await boxOf(title);
  toolbarBox = await boxOf(toolbar);
  const header = await boxOf(page.getByRole('main').locator('header').first());
  expect(toolbarBox.y, 'toolbar under the long title').toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  expect(titleBox.width, 'the long title spans the header').toBeGreaterThan(header.width * 0.9);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/single-decision/${short.id}`);
  await expect(toolbar.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  titleBox = await boxOf(title);
  toolbarBox = await boxOf(toolbar);
  expect(toolbarBox.y, 'phone: toolbar under the title').toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a 390 px phone the dashboard fits and toasts stay below the navigation', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  await createDecisionViaApi(request, token, { ...COMMUTE_DECISION, name: 'Desk decision' });
  await createDecisionViaApi(request, token, { ...COMMUTE_DECISION, name: 'Phone decision' });
  await signInViaApi(page, account);
  const dashboard = new DashboardPage(page);
  const toasts = page.locator('[data-sonner-toast]');

  await dashboard.deleteThroughDialog('Desk decision');
  await expect(toasts.filter({ hasText: 'Decision deleted.' })).toBeVisible();
  // Polled: sonner slides a toast in from above, so its first frames sit higher than where it rests.
  const restsBelow = async (toast: Locator, bottom: number) =>
    expect.poll(async () => (await boxOf(toast)).y).toBeGreaterThanOrEqual(bottom);
  await restsBelow(toasts.first(), await navbarBottom(page));

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dashboard.cards).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dashboard.deleteThroughDialog('Phone decision');
  await expect(dashboard.welcome).toBeVisible();
  await expect(toasts.first()).toBeVisible();
  const bottom = await navbarBottom(page);
  for (const toast of await toasts.all()) await restsBelow(toast, bottom);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the welcome, the cards, their menu and the named delete dialog pass the checks', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request);
      await signInViaApi(page, account);
      const dashboard = new DashboardPage(page);
      await expect(dashboard.welcome).toBeVisible();
      expect(await seriousViolations(page), 'welcome').toEqual([]);

      const token = await apiToken(request, account);
      await createDecisionViaApi(request, token, COMMUTE_DECISION);
      const team = await createTeamDecisionViaApi(request, token, {
        name: 'Ended team',
        options: ['Rome', 'Paris'],
        criteria: [{ name: 'Cost', importance: 100 }],
      });
      await post(request, token, `/api/decision/${team.id}/activate`);
      await createTeamDecisionViaApi(request, token, { name: 'Draft team' });
      await vote(request, token, team.id, 'Paris', 6);
      await post(request, token, `/api/decision/${team.id}/end-voting`);
      await page.reload();
      await expect(dashboard.cards).toHaveCount(3);
      expect(await seriousViolations(page), 'cards').toEqual([]);

      await dashboard.moreActions('How to commute').click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page), 'menu').toEqual([]);
      await dashboard.menuItem('Delete').click();
      await expect(dashboard.deleteDialog).toBeVisible();
      expect(await seriousViolations(page), 'delete dialog').toEqual([]);
    });
  });
}
