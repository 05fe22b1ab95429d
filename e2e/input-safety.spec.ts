import { expect, test, type Dialog, type Page } from '@playwright/test';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { activateViaApi, createTeamDecisionViaApi } from './support/team.ts';

// Issue 25, "Nothing lost, nothing surprising": unsaved input survives a reload and leaving asks first;
// score grids move like a spreadsheet and refuse what they cannot keep.

/** Reloads and accepts the browser's "leave site?" question, returning whether it was asked. */
async function reloadAnsweringLeaveQuestion(page: Page): Promise<boolean> {
  let wasAsked = false;
  const answer = (dialog: Dialog) => {
    wasAsked ||= dialog.type() === 'beforeunload';
    void dialog.accept();
  };
  page.on('dialog', answer);
  await page.reload();
  page.off('dialog', answer);
  return wasAsked;
}

test('New decision: a reload keeps the typing, says so, and Discard empties the form', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request));
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.title.fill('Where to spend the summer');
  await form.optionName(1).fill('Lisbon');

  expect(await reloadAnsweringLeaveQuestion(page)).toBe(true);
  await expect(form.title).toHaveValue('Where to spend the summer');
  await expect(form.optionName(1)).toHaveValue('Lisbon');
  const notice = page.getByRole('status').filter({ hasText: 'Restored your unsaved input' });
  await expect(notice).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await notice.getByRole('button', { name: 'Discard' }).click();
  await expect(form.title).toHaveValue('');
  await expect(form.optionName(1)).toHaveValue('');
  await expect(notice).toBeHidden();
  // Discarded means gone: nothing comes back after another reload.
  await page.reload();
  await expect(form.title).toHaveValue('');
  await expect(notice).toBeHidden();
});

test('leaving a form with unsaved input asks first; an untouched form leaves at once', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request));
  const form = new DecisionFormPage(page);
  const main = page.getByRole('main');
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });

  await form.gotoNew();
  await main.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(question).toBeHidden();

  await form.gotoNew();
  await form.title.fill('New bike');
  await main.getByRole('link', { name: 'Cancel' }).click();
  await expect(question).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/new-decision$/);
  await expect(form.title).toHaveValue('New bike');

  await main.getByRole('link', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Leaving discarded the input: the next visit starts empty.
  await form.gotoNew();
  await expect(form.title).toHaveValue('');
});

test('the vote page keeps unsaved scores over a reload until they are saved', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, token, {
    name: 'Team lunch',
    options: ['Pizza', 'Sushi'],
    criteria: ['Taste', 'Price'],
  });
  await activateViaApi(request, token, decision.id);
  await signInViaApi(page, owner);
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  await edit.vote('Sushi', 'Taste').fill('9');
  await edit.weight('Price').fill('30');

  expect(await reloadAnsweringLeaveQuestion(page)).toBe(true);
  await expect(edit.vote('Sushi', 'Taste')).toHaveValue('9');
  await expect(edit.weight('Price')).toHaveValue('30');
  await expect(page.getByRole('status').filter({ hasText: 'Restored your unsaved input' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await edit.saveButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored your unsaved input' })).toBeHidden();
  // Saved: a reload shows the stored vote without a restore notice and without asking.
  expect(await reloadAnsweringLeaveQuestion(page)).toBe(false);
  await expect(edit.vote('Sushi', 'Taste')).toHaveValue('9');
  await expect(page.getByRole('status').filter({ hasText: 'Restored your unsaved input' })).toBeHidden();
});
