import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, createDecisionViaApi } from './support/decisions.ts';

test('search and filter the dashboard, then delete a decision through the dialog', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const base = { description: '', type: 'private' as const, options: ['A', 'B'] };
  await createDecisionViaApi(request, token, { ...base, name: 'Trip to Rome', mode: 'manual' });
  await createDecisionViaApi(request, token, {
    ...base,
    name: 'Trip to Oslo',
    mode: 'ai',
    description: 'Fjords or museums?',
  });
  await createDecisionViaApi(request, token, {
    ...base,
    name: 'Buy a bike',
    mode: 'manual',
    type: 'public',
    criteria: [{ name: 'Price', importance: 100 }],
    evaluations: [
      { option_index: 0, criterion_index: 0, value: 7, explanation: null },
      { option_index: 1, criterion_index: 0, value: 4, explanation: null },
    ],
  });
  await signInViaApi(page, account);

  const dashboard = new DashboardPage(page);
  await expect(dashboard.heading).toHaveText(/Your decisions\s*\(?3\)?/);
  // Newest first.
  await expect(dashboard.cards.getByRole('heading')).toHaveText([
    'Buy a bike',
    'Trip to Oslo',
    'Trip to Rome',
  ]);

  const bike = dashboard.card('Buy a bike');
  await expect(bike).toContainText('SOLO');
  await expect(bike).toContainText('Manual');
  await expect(bike).toContainText('Score 7.0');
  await expect(bike.getByRole('link', { name: /^Details/ })).toHaveAttribute('href', /\/decision\/\d+$/);
  await expect(bike.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', /\/decision\/\d+\/edit$/);
  await expect(dashboard.card('Trip to Oslo')).toContainText('AI');
  await expect(dashboard.card('Trip to Oslo')).toContainText('Fjords or museums?');

  await dashboard.search.fill('trip');
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Trip to Oslo', 'Trip to Rome']);
  await dashboard.search.fill('ROME');
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Trip to Rome']);
  await dashboard.search.fill('nothing like this');
  await expect(dashboard.emptyText).toBeVisible();
  await dashboard.search.fill('');

  await expect(dashboard.filter('All')).toHaveAttribute('aria-pressed', 'true');
  await dashboard.filter('AI').click();
  await expect(dashboard.filter('AI')).toHaveAttribute('aria-pressed', 'true');
  await expect(dashboard.filter('All')).toHaveAttribute('aria-pressed', 'false');
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Trip to Oslo']);
  await dashboard.filter('Manual').click();
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Buy a bike', 'Trip to Rome']);
  await dashboard.filter('Team').click();
  await expect(dashboard.emptyText).toBeVisible();
  await dashboard.filter('Solo').click();
  await expect(dashboard.cards).toHaveCount(3);

  // Search and filter together, and both survive a reload (they live in the URL).
  await dashboard.filter('Manual').click();
  await dashboard.search.fill('bike');
  // The search reaches the URL after a deferred render; reloading earlier would lose it.
  await expect(page).toHaveURL(/[?&]q=bike/);
  await page.reload();
  await expect(dashboard.search).toHaveValue('bike');
  await expect(dashboard.filter('Manual')).toHaveAttribute('aria-pressed', 'true');
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Buy a bike']);
  await dashboard.search.fill('');
  await dashboard.filter('All').click();

  // Escape cancels the dialog without deleting.
  await dashboard.openDeleteDialog('Buy a bike');
  await expect(dashboard.deleteDialog).toContainText('Are you sure you want to delete this decision?');
  await expect(dashboard.deleteDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dashboard.deleteDialog).toHaveCount(0);
  await expect(dashboard.cards).toHaveCount(3);

  await dashboard.deleteThroughDialog('Buy a bike');
  await expect(page.getByText('Decision deleted.')).toBeVisible();
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Trip to Oslo', 'Trip to Rome']);
  await expect(dashboard.heading).toHaveText(/Your decisions\s*\(?2\)?/);
  await page.reload();
  await expect(dashboard.cards).toHaveCount(2);
});

test('a long list is shown a page at a time', async ({ page, request }) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  for (let index = 1; index <= 26; index += 1) {
    await createDecisionViaApi(request, token, {
      name: `Decision ${index}`,
      mode: 'manual',
      type: 'private',
    });
  }
  await signInViaApi(page, account);
  const dashboard = new DashboardPage(page);
  await expect(dashboard.cards).toHaveCount(24);
  await expect(page.getByText('Showing 24 of 26')).toBeVisible();
  await page.getByRole('button', { name: 'Show 2 more' }).click();
  await expect(dashboard.cards).toHaveCount(26);
  await expect(page.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
});

test('past 100 decisions: Show more loads the rest from the server, and search finds an old one', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // 105 decisions created through the API, five pages and an axe run
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const oldest = await createDecisionViaApi(request, token, {
    name: 'Grandmother’s garden',
    mode: 'manual',
    type: 'private',
  });
  for (let index = 1; index < 105; index += 1) {
    await createDecisionViaApi(request, token, {
      name: `Decision ${index}`,
      mode: 'manual',
      type: 'private',
    });
  }
  await signInViaApi(page, account);
  const dashboard = new DashboardPage(page);
  await expect(dashboard.heading).toHaveText(/Your decisions\s*\(?105\)?/);
  await expect(dashboard.cards).toHaveCount(24);
  await expect(page.getByText('Showing 24 of 105')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  for (const shown of [48, 72, 96]) {
    await page.getByRole('button', { name: 'Show 24 more' }).click();
    await expect(dashboard.cards).toHaveCount(shown);
  }
  await page.getByRole('button', { name: 'Show 9 more' }).click();
  await expect(dashboard.cards).toHaveCount(105);
  await expect(page.getByText('Showing 105 of 105')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
  await expect(dashboard.cards.getByRole('heading').last()).toHaveText('Grandmother’s garden');

  // The search runs on the server over all decisions: a fresh page finds the oldest one at once.
  await page.reload();
  await expect(dashboard.cards).toHaveCount(24);
  await dashboard.search.fill('GARDEN');
  await expect(dashboard.cards.getByRole('heading')).toHaveText(['Grandmother’s garden']);
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(
    dashboard.card('Grandmother’s garden').getByRole('link', { name: /^Details/ }),
  ).toHaveAttribute('href', new RegExp(`/decision/${oldest.id}$`));
  expect(await seriousViolations(page)).toEqual([]);
});

test('My Decisions lists the saved decisions newest first with a link to each', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInViaApi(page, account, 'no page');
  await page.goto('/history');
  await expect(page.getByText('You have not saved any decisions yet.')).toBeVisible();

  const token = await apiToken(request, account);
  const first = await createDecisionViaApi(request, token, {
    name: 'First',
    mode: 'manual',
    type: 'private',
  });
  await createDecisionViaApi(request, token, { name: 'Second', mode: 'manual', type: 'private' });
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('My Decisions');
  await expect(main.getByRole('listitem').getByRole('heading')).toHaveText(['Second', 'First']);
  await main.getByRole('link', { name: 'View Details: First' }).click();
  await expect(page).toHaveURL(new RegExp(`/single-decision/${first.id}$`));
});
