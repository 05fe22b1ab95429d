import { expect, test, type Locator, type Page } from '@playwright/test';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { createTeamDecisionViaApi } from './support/team.ts';

// One scale per decision on every grid (personal 1–10, team 0–10); a value off the scale is flagged at
// its cell, blocks saving and never enters a total; Enter moves to the next cell; the focus ring shows.

/** Counts the requests that would save: a blocked save sends none. */
function countSaves(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

async function expectFlagged(cell: Locator, message: string) {
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveAccessibleDescription(message);
  // The message is shown at the cell, not only read.
  await expect(cell.locator('xpath=following-sibling::*[1]')).toHaveText(message);
}

test('the personal form flags 0 and 11 at the cell, leaves the total out and does not save', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Scale check',
    options: ['Train', 'Car'],
    criteria: [
      { name: 'Cost', importance: 60 },
      { name: 'Comfort', importance: 40 },
    ],
    scores: [
      [8, 6],
      [5, 9],
    ],
  });
  await expect(form.totalOf('Train')).toContainText('7.2');

  const saves = countSaves(page, 'POST', /^\/api\/decision$/);
  await form.cell('Train', 'Cost').fill('0');
  await expectFlagged(form.cell('Train', 'Cost'), 'Only 1–10');
  // No total with a value that cannot be saved: "–", read as not calculated, and no rank.
  await expect(form.totalOf('Train')).toHaveText('–not calculated: a score is outside 1–10');
  await expect(form.totalOf('Car')).toContainText('6.6');
  await expect(page.getByText('Scores must be whole numbers from 1 to 10.', { exact: false })).toBeVisible();
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/new-decision$/);
  await form.cell('Car', 'Comfort').fill('11');
  await expectFlagged(form.cell('Car', 'Comfort'), 'Only 1–10');
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/new-decision$/);
  expect(saves()).toBe(0);

  // Corrected, the totals come back and the decision saves.
  await form.cell('Train', 'Cost').fill('8');
  await form.cell('Car', 'Comfort').fill('9');
  await expect(form.cell('Train', 'Cost')).not.toHaveAttribute('aria-invalid');
  await expect(form.totalOf('Train')).toContainText('7.2');
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);
  expect(saves()).toBe(1);
});

test('Enter moves down a column (then to the next column), Shift+Enter up, and never submits', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Keyboard only',
    options: ['Alpha', 'Beta'],
    criteria: [
      { name: 'Price', importance: 50 },
      { name: 'Speed', importance: 50 },
    ],
  });
  const saves = countSaves(page, 'POST', /^\/api\/decision$/);
  await form.cell('Alpha', 'Price').focus();
  for (const key of ['7', 'Enter', '5', 'Enter', '9', 'Enter', '3', 'Enter']) await page.keyboard.press(key);
  await expect(form.cell('Alpha', 'Price')).toHaveValue('7');
  await expect(form.cell('Beta', 'Price')).toHaveValue('5');
  await expect(form.cell('Alpha', 'Speed')).toHaveValue('9');
  await expect(form.cell('Beta', 'Speed')).toHaveValue('3');
  // Enter in the last cell stays there; Shift+Enter goes back up.
  await expect(form.cell('Beta', 'Speed')).toBeFocused();
  await page.keyboard.press('Shift+Enter');
  await expect(form.cell('Alpha', 'Speed')).toBeFocused();
  await expect(page).toHaveURL(/\/new-decision$/);
  expect(saves()).toBe(0);
  await expect(form.totalOf('Alpha')).toContainText('8.0');
  await expect(form.totalOf('Beta')).toContainText('4.0');
});

test('grid cells show a clearly visible focus ring in both themes', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`/decision/${decision.id}/edit`);
    const cell = new DecisionFormPage(page).cell('Train', 'Cost');
    const ringOf = () => cell.evaluate((input) => getComputedStyle(input).boxShadow);
    const unfocused = await ringOf();
    await cell.focus();
    const focused = await ringOf();
    expect(focused, theme).not.toBe(unfocused);
    // An offset ring of 2px around a 2px gap: two shadows, the outer one 4px wide.
    expect(focused, theme).toMatch(/0px 0px 0px 2px, .*0px 0px 0px 4px/);
  }
});

test('the evaluate screen of a personal decision is 1–10: a 0 is flagged and nothing is sent', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account, 'no page');
  await page.goto(`/decision/${decision.id}/evaluate`);
  await expect(page.getByRole('table', { name: 'Evaluation grid from 1 to 10' })).toBeVisible();
  const cell = page.getByRole('textbox', { name: 'Score of Car for Cost (1–10)' });
  const total = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /Car$/ }) })
    .getByRole('cell')
    .last();
  await expect(total).toHaveText('6.6');

  const saves = countSaves(page, 'POST', /\/evaluate$/);
  await cell.fill('0');
  await expectFlagged(cell, 'Only 1–10');
  await expect(total).toHaveText('–not calculated: a score is outside 1–10');
  await page.getByRole('button', { name: 'Save Evaluations' }).click();
  await expect(cell).toBeFocused();
  expect(saves()).toBe(0);

  await cell.fill('10');
  await expect(total).toHaveText(/9\.6$/);
  await page.getByRole('button', { name: 'Save Evaluations' }).click();
  await expect(page.getByRole('main').getByText('Evaluations saved!')).toBeVisible();
  expect(saves()).toBe(1);
});

test('the team vote grid takes 0 but flags 11 at the cell and keeps Save disabled', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const decision = await createTeamDecisionViaApi(request, await apiToken(request, account), {
    name: 'Team scale',
    options: [{ name: 'Lisbon' }, { name: 'Oslo' }],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Weather', importance: 50 },
    ],
  });
  await signInViaApi(page, account, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  await edit.vote('Lisbon', 'Cost').fill('0');
  await expect(edit.vote('Lisbon', 'Cost')).not.toHaveAttribute('aria-invalid');
  await edit.vote('Lisbon', 'Weather').fill('11');
  await expectFlagged(edit.vote('Lisbon', 'Weather'), 'Only 0–10');
  await expect(edit.saveButton).toBeDisabled();

  // Enter moves down the column instead of saving the form.
  await edit.vote('Lisbon', 'Weather').fill('7');
  await expect(edit.saveButton).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(edit.vote('Oslo', 'Weather')).toBeFocused();
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the evaluate grid keeps option names and totals in view while its cells scroll', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const decision = await createDecisionViaApi(request, await apiToken(request, account), {
      ...COMMUTE_DECISION,
      criteria: [
        { name: 'Cost', importance: 30 },
        { name: 'Comfort', importance: 30 },
        { name: 'Reliability', importance: 20 },
        { name: 'Environment', importance: 20 },
      ],
    });
    await signInViaApi(page, account, 'no page');
    await page.goto(`/decision/${decision.id}/evaluate`);
    const table = page.getByRole('table', { name: 'Evaluation grid from 1 to 10' });
    const rowHeader = (option: string) => page.getByRole('rowheader', { name: new RegExp(`${option}$`) });
    const nameOf = (option: string) => table.locator(rowHeader(option));
    const totalOf = (option: string) =>
      table
        .getByRole('row')
        .filter({ has: rowHeader(option) })
        .getByRole('cell')
        .last();
    for (const option of ['Train', 'Car']) {
      await expect(nameOf(option)).toBeInViewport();
      await expect(totalOf(option)).toBeInViewport();
    }
    // The last criterion's cell is reached by the keyboard; the name and the total stay visible.
    const last = page.getByRole('textbox', { name: 'Score of Car for Environment (1–10)' });
    await last.focus();
    await last.fill('7');
    await expect(last).toBeInViewport();
    await expect(nameOf('Car')).toBeInViewport();
    await expect(totalOf('Car')).toBeInViewport();
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`a flagged cell passes axe in the ${theme} theme`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: theme });
    const account = await createAccount(request);
    const decision = await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
    await signInViaApi(page, account, 'no page');
    await page.goto(`/decision/${decision.id}/edit`);
    const form = new DecisionFormPage(page);
    await form.cell('Train', 'Cost').fill('0');
    await expectFlagged(form.cell('Train', 'Cost'), 'Only 1–10');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
