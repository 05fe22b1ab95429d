import { expect, test } from '@playwright/test';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, createDecisionViaApi } from './support/decisions.ts';
import { createTeamDecisionViaApi } from './support/team.ts';

/** Issue 31's laptops: price in € (lower is better) and battery in hours (higher is better). */
const LAPTOP_CRITERIA = [
  { name: 'Price', importance: 60, kind: 'measure' as const, unit: '€', direction: 'lower' as const },
  { name: 'Battery', importance: 40, kind: 'measure' as const, unit: 'h', direction: 'higher' as const },
];

test('a personal laptop decision: raw values in the grid with their scores, explained on the details page', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, owner), {
    name: 'Which laptop?',
    description: '',
    type: 'private',
    mode: 'manual',
    options: ['Aero', 'Brick', 'Carbon'],
    criteria: LAPTOP_CRITERIA,
    evaluations: [1299, 999, 1650].flatMap((price, option) => [
      { option_index: option, criterion_index: 0, measure: price },
      { option_index: option, criterion_index: 1, measure: [10, 8, 14][option]! },
    ]),
  });
  await signInViaApi(page, owner, 'no page');

  const form = new DecisionFormPage(page);
  await page.goto(`/decision/${decision.id}/edit`);
  await expect(page.getByLabel('How is Price scored?')).toHaveValue('measure');
  await expect(page.getByLabel('Unit of Price')).toHaveValue('€');
  await expect(page.getByLabel('What is better for Price?')).toHaveValue('lower');
  const aeroPrice = page.getByRole('textbox', { name: 'Aero: Price in €' });
  await expect(aeroPrice).toHaveValue('1299');
  // The score follows the raw value while typing: the cheapest laptop scores 10.
  await aeroPrice.fill('899');
  await expect(page.getByRole('cell').filter({ has: aeroPrice })).toContainText('→ 10.0');
  expect(await seriousViolations(page)).toEqual([]);
  await form.saveButton.click();

  const details = new DecisionDetailsPage(page);
  await expect(page).toHaveURL(new RegExp(`/single-decision/${decision.id}$`));
  await details.goto(decision.id);
  // Brick 999 € between 899 € (best) and 1,650 € (worst): 1 + 9 × 651 / 751 = 8.8.
  await expect(page.getByRole('cell', { name: '999 € → 8.8' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '1,650 € → 1.0' })).toBeVisible();
  await expect(
    page.getByText('Price is measured: the lowest value counts best, so 899 € scores 10'),
  ).toBeVisible();
  await expect(
    page.getByText('Battery is measured: the highest value counts best, so 14 h scores 10'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a must-have in the unit: price at most 1,500 € knocks out the 1,650 € laptop', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, owner), {
    name: 'Which laptop?',
    description: '',
    type: 'private',
    mode: 'manual',
    options: ['Aero', 'Brick', 'Carbon'],
    criteria: LAPTOP_CRITERIA,
    evaluations: [1299, 999, 1650].flatMap((price, option) => [
      { option_index: option, criterion_index: 0, measure: price },
      { option_index: option, criterion_index: 1, measure: [10, 8, 14][option]! },
    ]),
  });
  await signInViaApi(page, owner, 'no page');

  const form = new DecisionFormPage(page);
  await page.goto(`/decision/${decision.id}/edit`);
  const price = form.mustHave('Price');
  await price.open();
  // Lower is better: the must-have is an upper bound in €, and a measured criterion has no scale labels.
  await expect(price.measuredMinimum).toHaveAccessibleName('At most, in € (must-have)');
  await expect(price.minimum).toHaveCount(0);
  await expect(price.low).toHaveCount(0);
  await price.measuredMinimum.fill('1500');
  await price.measuredMinimum.blur();
  await expect(price.toggle).toContainText('at most 1,500 €');
  const battery = form.mustHave('Battery');
  await battery.open();
  await expect(battery.measuredMinimum).toHaveAccessibleName('At least, in h (must-have)');
  expect(await seriousViolations(page)).toEqual([]);
  await form.saveButton.click();

  await expect(page).toHaveURL(new RegExp(`/single-decision/${decision.id}$`));
  const details = new DecisionDetailsPage(page);
  const carbon = details.matrix.getByRole('row').filter({ hasText: 'Carbon' });
  await expect(carbon).toHaveAttribute('data-muted', 'true');
  await expect(carbon.getByText('Knocked out', { exact: true })).toBeVisible();
  await expect(carbon).toContainText('Price 1,650 € is above the maximum 1,500 €');
  for (const kept of ['Aero', 'Brick'])
    await expect(details.matrix.getByRole('row').filter({ hasText: kept })).not.toHaveAttribute(
      'data-muted',
      'true',
    );
  expect(await seriousViolations(page)).toEqual([]);

  // The must-have was stored in the unit: the editor shows it again.
  await page.goto(`/decision/${decision.id}/edit`);
  await price.open();
  await expect(price.measuredMinimum).toHaveValue('1,500');
});

test('a team laptop decision: owner enters the facts on the set-up page, the vote grid shows them read-only', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const decision = await createTeamDecisionViaApi(request, await apiToken(request, owner), {
    name: 'Team laptop',
    options: ['Aero', 'Brick'],
    criteria: [...LAPTOP_CRITERIA, { name: 'Looks', importance: 20 }],
  });
  await signInViaApi(page, owner, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id, 'setup');
  // The set-up's criteria editor says how each criterion is scored.
  await expect(page.getByLabel('How is Price scored?')).toHaveValue('measure');
  await expect(page.getByLabel('How is Looks scored?')).toHaveValue('score');
  const facts = page.getByRole('region', { name: 'Facts of the measured criteria' });
  await expect(facts).toBeVisible();
  await facts.getByRole('textbox', { name: 'Aero: Price in €' }).fill('1299');
  await facts.getByRole('textbox', { name: 'Brick: Price in €' }).fill('999');
  await facts.getByRole('textbox', { name: 'Aero: Battery in h' }).fill('10');
  await facts.getByRole('textbox', { name: 'Brick: Battery in h' }).fill('14');
  await facts.getByRole('button', { name: 'Save facts' }).click();
  await expect(page.getByText('Facts saved.')).toBeVisible();
  // Team scale 0–10: the dearer laptop scores 0 on price, the cheaper 10.
  await expect(facts).toContainText('→ 0.0');
  await expect(facts).toContainText('→ 10.0');
  expect(await seriousViolations(page)).toEqual([]);

  await edit.goto(decision.id, 'vote');
  // The caption names the facts beside the 0–10 votes, and a measured column says it holds facts.
  const votes = page.getByRole('table', {
    name: 'Your score of every option per criterion (0–10); measured criteria show their facts, the same for everyone',
  });
  await expect(votes.getByRole('columnheader', { name: /Price/ })).toContainText('Fact in €, not voted on');
  await expect(votes.getByRole('columnheader', { name: /Battery/ })).toContainText('Fact in h, not voted on');
  await expect(votes.getByText('1,299 € → 0.0')).toBeVisible();
  await expect(votes.getByText('14 h → 10.0')).toBeVisible();
  // Only the score criterion takes a vote.
  await expect(edit.vote('Aero', 'Looks')).toBeEditable();
  await expect(page.getByRole('textbox', { name: /Aero.*Price/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
