import { expect, test, type APIRequestContext, type Dialog, type Page } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
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

/** An active team decision (Pizza, Sushi × Taste, Price) of a new owner, open on their vote page. */
async function voteOnNewTeamDecision(page: Page, request: APIRequestContext, name: string) {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, token, {
    name,
    options: ['Pizza', 'Sushi'],
    criteria: ['Taste', 'Price'],
  });
  await activateViaApi(request, token, decision.id);
  await signInViaApi(page, owner, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  return { edit, decision };
}

test('New decision: a reload keeps the typing, says so, and Discard empties the form', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.title.fill('Where to spend the summer');
  await form.next();
  await form.optionName(1).fill('Lisbon');

  expect(await reloadAnsweringLeaveQuestion(page)).toBe(true);
  await expect(form.title).toHaveValue('Where to spend the summer');
  const notice = page.getByRole('status').filter({ hasText: 'Restored your unsaved input' });
  await expect(notice).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.next();
  await expect(form.optionName(1)).toHaveValue('Lisbon');

  await notice.getByRole('button', { name: 'Discard' }).click();
  await expect(form.optionName(1)).toHaveValue('');
  await form.back();
  await expect(form.title).toHaveValue('');
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
  const { edit, decision } = await voteOnNewTeamDecision(page, request, 'Team lunch');
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

  // The owner's page also holds the set-up tab's form: an unsaved vote still asks before leaving.
  await edit.vote('Pizza', 'Price').fill('4');
  await page.getByRole('main').getByRole('link', { name: 'Back to the team decision' }).click();
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await question.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
  await edit.goto(decision.id);
  await expect(edit.vote('Pizza', 'Price')).toHaveValue('');
});

test('the vote grid states its scale, moves like a spreadsheet and refuses a decimal with a message', async ({
  page,
  request,
}) => {
  const { edit } = await voteOnNewTeamDecision(page, request, 'Team dinner');
  await expect(
    page.getByRole('table', { name: 'Your score of every option per criterion (0–10)' }),
  ).toBeVisible();

  // Enter goes down the column, then to the top of the next one; Tab goes across the row.
  await edit.vote('Pizza', 'Taste').focus();
  for (const key of ['7', 'Enter', '8', 'Enter']) await page.keyboard.press(key);
  await expect(edit.vote('Sushi', 'Taste')).toHaveValue('8');
  await expect(edit.vote('Pizza', 'Price')).toBeFocused();
  await page.keyboard.press('Shift+Enter');
  await expect(edit.vote('Sushi', 'Taste')).toBeFocused();
  await edit.vote('Pizza', 'Taste').focus();
  await page.keyboard.press('Tab');
  await expect(edit.vote('Pizza', 'Price')).toBeFocused();

  // A decimal stays as typed and is refused, never rounded; a number off the scale names the scale.
  const cell = edit.vote('Sushi', 'Price');
  await cell.fill('7.5');
  await expect(cell).toHaveValue('7.5');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveAccessibleDescription('Whole numbers only (0–10)');
  await expect(page.getByText('Whole numbers only (0–10)', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(edit.saveButton).toBeDisabled();
  await cell.fill('11');
  await expect(cell).toHaveAccessibleDescription('Only 0–10');
  await expect(edit.saveButton).toBeDisabled();
  await cell.fill('7');
  await expect(cell).not.toHaveAttribute('aria-invalid');
  await expect(edit.saveButton).toBeEnabled();
});

test('German: a decimal in a score cell is refused in German, and the restored input says so', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request));
  await new AppFrame(page).switchLanguage('Deutsch');
  const main = page.getByRole('main');
  const form = new DecisionFormPage(page);
  await page.goto('/new-decision');
  await main.getByLabel('Titel', { exact: true }).fill('Neues Fahrrad');
  await form.next();
  await main.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Stadtrad');
  await form.next();
  await main.getByRole('textbox', { name: 'Kriterium 1', exact: true }).fill('Preis');
  await form.next();
  const cell = main.getByRole('textbox', { name: 'Bewertung von Stadtrad für Preis (1–10)' });
  await cell.fill('7,5');
  await expect(cell).toHaveValue('7,5');
  await expect(cell).toHaveAccessibleDescription(/Nur ganze Zahlen \(1–10\)/);

  await reloadAnsweringLeaveQuestion(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Deine ungespeicherten Eingaben wurden wiederhergestellt' }),
  ).toBeVisible();
  // The flow starts at its first step again, with everything typed still there.
  await form.goToStep('Scores');
  await expect(cell).toHaveValue('7,5');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
});
