import { expect, test } from '@playwright/test';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';

test('create a manual decision with 3 options × 3 criteria, scored by keyboard, then see the ranking and chart', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request));
  await page.getByRole('link', { name: 'New Decision' }).click();
  await expect(page).toHaveURL(/\/new-decision$/);

  const form = new DecisionFormPage(page);
  await form.fill({
    title: 'Choose a laptop',
    description: 'For work and travel',
    options: ['Alpha', 'Beta', 'Gamma'],
    criteria: [
      { name: 'Price', importance: 50 },
      { name: 'Battery', importance: 30 },
      { name: 'Weight', importance: 20 },
    ],
  });

  // The whole grid without the mouse: digits, then arrow keys to the next cell.
  await form.cell('Alpha', 'Price').focus();
  for (const key of [
    '6',
    'ArrowRight',
    '8',
    'ArrowRight',
    '7',
    'ArrowDown',
    '6',
    'ArrowLeft',
    '5',
    'ArrowLeft',
    '9',
  ]) {
    await page.keyboard.press(key);
  }
  await page.keyboard.press('ArrowDown');
  for (const key of ['7', 'ArrowRight', '7', 'ArrowRight', '9']) await page.keyboard.press(key);
  await expect(form.cell('Beta', 'Price')).toHaveValue('9');
  await expect(form.cell('Gamma', 'Weight')).toHaveValue('9');

  // Live weighted totals: Σ value × importance / Σ importance (the importances add up to 100 here).
  await expect(form.totalOf('Alpha')).toHaveText('6.8');
  await expect(form.totalOf('Beta')).toHaveText('7.2');
  await expect(form.totalOf('Gamma')).toContainText('7.4');

  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);

  const details = new DecisionDetailsPage(page);
  await expect(details.heading).toHaveText('Choose a laptop');
  await expect(page.getByText('For work and travel')).toBeVisible();
  await expect(
    details.matrix.getByRole('columnheader', { name: 'Price importance 50, counts 50 %' }),
  ).toBeVisible();
  await expect(details.totalOf('Alpha')).toHaveText('6.8');
  await expect(details.totalOf('Beta')).toHaveText('7.2');
  await expect(details.totalOf('Gamma')).toHaveText('7.4');
  await expect(details.row('Gamma')).toContainText('Best option');
  await expect(details.row('Alpha')).not.toContainText('Best option');
  await expect(details.row('Beta')).not.toContainText('Best option');
  await expect(page.getByText('Best option: Gamma with a total of 7.4.')).toBeVisible();
  await expect(details.chart).toHaveAttribute(
    'aria-label',
    'Bar chart of the totals: 1. Gamma: 7.4 (Best option), 2. Beta: 7.2, 3. Alpha: 6.8',
  );
});

test('editing a score changes the total, live and after saving', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account, 'no page');

  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);
  await expect(details.totalOf('Train')).toHaveText('7.2');
  await expect(details.totalOf('Car')).toHaveText('6.6');
  await details.editButton.click();
  await expect(page).toHaveURL(new RegExp(`/decision/${decision.id}/edit$`));

  const form = new DecisionFormPage(page);
  await expect(form.title).toHaveValue('How to commute');
  await expect(form.cell('Car', 'Comfort')).toHaveValue('9');
  await expect(form.importance(1)).toHaveValue('60');
  await form.cell('Car', 'Cost').fill('10');
  await expect(form.totalOf('Car')).toContainText('9.6');
  await form.saveButton.click();

  await expect(page.getByText('Decision updated')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/single-decision/${decision.id}$`));
  await expect(details.totalOf('Car')).toHaveText('9.6');
  await expect(details.totalOf('Train')).toHaveText('7.2');
  await expect(details.row('Car')).toContainText('Best option');
  await expect(details.row('Train')).not.toContainText('Best option');
});

test('comment on a decision, edit the comment and delete it after confirming', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account, 'no page');
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);
  await expect(page.getByText('No comments yet. Start the discussion.')).toBeVisible();

  // A blank text is ignored.
  await details.commentInput.fill('   ');
  await details.postCommentButton.click();
  await expect(details.comments).toHaveCount(0);

  await details.commentInput.fill('The train lets me read on the way.');
  await details.postCommentButton.click();
  await expect(details.comments).toHaveCount(1);
  const comment = details.comment('The train lets me read on the way.');
  // The reader's own comment: "You", never "Anonymous".
  await expect(comment).toContainText('You');
  await expect(comment).not.toContainText('Anonymous');
  await expect(comment.locator('time')).toHaveText(/ago$/);
  await expect(details.commentInput).toHaveValue('');

  await comment.getByRole('button', { name: 'Edit comment' }).click();
  await expect(details.commentInput).toBeFocused();
  await expect(details.commentInput).toHaveValue('The train lets me read on the way.');
  await expect(details.postCommentButton).toHaveCount(0);
  await details.commentInput.fill('The train lets me read and relax on the way.');
  await details.saveCommentButton.click();
  await expect(details.comment('read and relax')).toContainText('(edited)');
  await expect(details.comments).toHaveCount(1);
  await expect(details.postCommentButton).toBeVisible();

  await details.comment('read and relax').getByRole('button', { name: 'Delete comment' }).click();
  await expect(details.confirmDialog).toContainText('Are you sure you want to delete this comment?');
  await details.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(details.comments).toHaveCount(1);

  await details.comment('read and relax').getByRole('button', { name: 'Delete comment' }).click();
  await details.confirmDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(details.comments).toHaveCount(0);
  await expect(page.getByText('No comments yet. Start the discussion.')).toBeVisible();
});

test('duplicate option or criterion names block saving until they are fixed', async ({ page, request }) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Holiday',
    options: ['Beach', 'Mountains'],
    criteria: [{ name: 'Cost', importance: 100 }],
  });
  await expect(form.saveButton).toBeEnabled();

  // Names are left-trimmed as typed and compared trimmed and case-insensitive; Next waits.
  await form.goToStep('Options');
  await form.optionName(2).fill('  beach ');
  await expect(form.optionName(2)).toHaveValue('beach ');
  await expect(form.duplicateWarning).toBeVisible();
  await expect(form.optionName(2)).toHaveAttribute('aria-invalid', 'true');
  await expect(form.optionName(1)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No duplicates: this name is already used.')).toHaveCount(2);
  await form.nextButton.click();
  await expect(form.stepStatus).toHaveText('Step 2 of 4: Options');

  await form.optionName(2).fill('Mountains');
  await expect(form.duplicateWarning).toHaveCount(0);
  await form.next();

  await form.addCriterionButton.click();
  await form.criterionName(2).fill('COST');
  await expect(form.duplicateWarning).toBeVisible();
  await expect(form.criterionName(2)).toHaveAttribute('aria-invalid', 'true');
  await form.nextButton.click();
  await expect(form.stepStatus).toHaveText('Step 3 of 4: Criteria');
  await form.addCriterionButton.click();
  await page.getByRole('button', { name: 'Remove criterion 2' }).click();
  await expect(form.duplicateWarning).toHaveCount(0);
  await form.next();
  await expect(form.saveButton).toBeEnabled();
});

test('missing fields are reported, and the example loads a live comparison to start from', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.nextButton.click();
  await expect(form.title).toHaveAttribute('aria-invalid', 'true');
  await expect(form.stepStatus).toHaveText('Step 1 of 4: Question');
  await expect(page).toHaveURL(/\/new-decision$/);

  await form.openMoreSettings();
  await page.getByRole('button', { name: 'Load example' }).click();
  await expect(form.title).toHaveValue('Where should I live?');
  await form.next();
  await expect(form.optionName(1)).toHaveValue('Apartment in the city');
  await form.next();
  await expect(form.importance(1)).toHaveValue('50');
  await expect(form.importance(2)).toHaveValue('30');
  await expect(form.importance(3)).toHaveValue('20');
  await form.next();
  await expect(form.totalOf('House in the suburbs')).toContainText('7.3');
  await form.cell('Apartment in the city', 'Price').fill('10');
  await expect(form.totalOf('Apartment in the city')).toContainText('8.7');

  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);
  const details = new DecisionDetailsPage(page);
  await expect(details.heading).toHaveText('Where should I live?');
  await expect(details.row('Apartment in the city')).toContainText('Best option');
});

test('a save the server refuses shows its message as an alert and next to the field', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Refused',
    options: ['One', 'Two'],
    criteria: [{ name: 'Cost', importance: 50 }],
  });
  await page.route('/api/decision', (route) =>
    route.fulfill({
      status: 409,
      json: {
        error: 'Names must be unique.',
        code: 'DUPLICATE_NAME',
        fields: { 'options.1.name': 'No duplicates: this name is already used.' },
      },
    }),
  );
  await form.saveButton.click();
  await expect(page.getByText('❌ Error: Names must be unique.')).toBeVisible();
  // The step with the field opens, the message beside it.
  await expect(form.stepStatus).toHaveText('Step 2 of 4: Options');
  await expect(form.optionName(2)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/new-decision$/);
  await expect(form.savingOverlay).toHaveCount(0);
  await form.goToStep('Scores');

  await page.route('/api/decision', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
  await form.saveButton.click();
  await expect(page.getByText('❌ Error: Error creating decision')).toBeVisible();
});
