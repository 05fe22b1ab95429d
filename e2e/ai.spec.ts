import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { createConfirmedAccount, signInViaApi } from './support/accounts.ts';
import { scriptFakeAi, SLOW_GOOD_ANSWER } from './support/ai.ts';
import { apiToken } from './support/decisions.ts';
import { createTeamDecisionViaApi, joinViaApi } from './support/team.ts';
import { seriousViolations } from './support/axe.ts';

// The fake AI server's script queue is shared: these tests run one after the other.
test.describe.configure({ mode: 'serial' });

// The fake model scores value = 1 + (option index + criterion index) and explains "<option> fits <criterion>…".
test('personal AI flow: New Decision in AI mode → Start AI Evaluation → editable grid with reasons → details', async ({
  page,
  request,
}) => {
  test.setTimeout(75_000); // three pages, a 4 s model answer and two axe runs: 26–30 s on CI machines
  await signInViaApi(page, await createConfirmedAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Pick a laptop',
    mode: 'ai',
    options: ['Alpha', 'Beta'],
    criteria: [
      { name: 'Price', importance: 60 },
      { name: 'Battery', importance: 40 },
    ],
  });
  // In AI mode the grid appears only after the AI ran; the AI needs the description first.
  await expect(form.cell('Alpha', 'Price')).toHaveCount(0);
  await form.startAiButton.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please describe the decision first' }),
  ).toBeVisible();
  await form.goToStep('Question');
  await form.description.fill('For travel and programming');
  await form.goToStep('Scores');

  await scriptFakeAi(request, SLOW_GOOD_ANSWER);
  await form.startAiButton.click();
  await expect(form.startAiButton).toHaveText('AI evaluation running…');
  await expect(form.startAiButton).toBeDisabled();
  await expect(page.getByText(/The AI is scoring 2 options against 2 criteria/)).toBeVisible();

  // Runs once: the button is gone, the grid is filled and stays editable.
  await expect(form.cell('Alpha', 'Price')).toHaveValue('1');
  await expect(form.startAiButton).toHaveCount(0);
  await expect(form.cell('Beta', 'Battery')).toHaveValue('3');
  await expect(form.totalOf('Beta')).toContainText('2.4');

  // Each reason shows on hover and on keyboard focus.
  await form.cell('Beta', 'Price').hover();
  await expect(form.reasonOf('Beta', 'Price')).toBeVisible();
  await form.cell('Alpha', 'Battery').focus();
  await expect(form.reasonOf('Alpha', 'Battery')).toBeVisible();
  await expect(form.cell('Alpha', 'Battery')).toHaveAccessibleDescription(
    'Alpha fits Battery reasonably well.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.type('9');
  await expect(form.totalOf('Alpha')).toContainText('4.2');

  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);
  const details = new DecisionDetailsPage(page);
  await expect(details.totalOf('Alpha')).toHaveText('4.2');
  const betaPrice = details.row('Beta').getByRole('button', { name: '2', exact: true });
  await betaPrice.focus();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Beta fits Price reasonably well.' }),
  ).toBeVisible();
  await expect(betaPrice).toHaveAccessibleDescription('Beta fits Price reasonably well.');
  expect(await seriousViolations(page)).toEqual([]);

  // The older evaluation screen lists option, score and reasoning in AI mode.
  const id = /\/single-decision\/(\d+)$/.exec(page.url())![1];
  await page.goto(`/decision/${id}/evaluate`);
  await expect(page.getByText('Beta fits Battery reasonably well.')).toBeVisible();
  await expect(page.getByText('Price: 1', { exact: true })).toBeVisible();
});

test('without an AI model the mode select says so in one plain sentence and offers AI disabled', async ({
  page,
  request,
}) => {
  await page.route('**/api/ai/status', (route) => route.fulfill({ json: { available: false } }));
  await signInViaApi(page, await createConfirmedAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.openMoreSettings();
  await expect(form.aiUnavailable).toBeVisible();
  await expect(form.mode.getByRole('option', { name: 'AI' })).toBeDisabled();
  await expect(form.mode).toHaveValue('manual');
  await expect(page.getByRole('main')).not.toContainText(/AI_PROVIDER|README/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('starting the AI over hand-made scores asks first, saying how many it replaces', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createConfirmedAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Pick a laptop',
    description: 'For travel and programming',
    options: ['Alpha', 'Beta'],
    criteria: [
      { name: 'Price', importance: 60 },
      { name: 'Battery', importance: 40 },
    ],
    scores: [
      [8, 6],
      [5, 9],
    ],
  });
  // Scored by hand first, then switched to AI mode (under "More settings"): the grid stays and the AI
  // could overwrite it.
  await form.openMoreSettings();
  await form.mode.selectOption('ai');
  let aiRequests = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/ai/recommendation') aiRequests += 1;
  });
  const question = page.getByRole('alertdialog', { name: 'Replace your scores?' });

  await form.startAiButton.click();
  await expect(question).toContainText('The AI evaluation replaces 4 of your scores with its own.');
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(form.cell('Alpha', 'Price')).toHaveValue('8');
  expect(aiRequests).toBe(0);

  await form.startAiButton.click();
  await question.getByRole('button', { name: 'Replace and evaluate' }).click();
  // The fake model scores 1 + option index + criterion index.
  await expect(form.cell('Alpha', 'Price')).toHaveValue('1');
  await expect(form.cell('Beta', 'Battery')).toHaveValue('3');
  expect(aiRequests).toBe(1);
  // The marker of the AI's reasons is explained beside the grid; a tap or click on a cell opens its reason.
  await expect(
    page.getByText("Violet dot: the AI's reason for a score. Tap, click or focus the score to read it."),
  ).toBeVisible();
  await expect(form.reasonOf('Beta', 'Price')).toBeHidden();
  await form.cell('Beta', 'Price').click();
  await expect(form.reasonOf('Beta', 'Price')).toBeVisible();
});

test('a failed AI evaluation says so with the reason and leaves the grid empty', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createConfirmedAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Pick a bike',
    description: 'City or gravel',
    mode: 'ai',
    options: ['City', 'Gravel'],
    criteria: [{ name: 'Price', importance: 100 }],
  });
  await scriptFakeAi(request, { kind: 'status', status: 500 });
  await form.startAiButton.click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '❌ AI evaluation failed. The AI service could not be reached' }),
  ).toBeVisible();
  await expect(form.cell('City', 'Price')).toHaveCount(0);
  await expect(form.startAiButton).toBeEnabled();
});

test('team AI flow: Start AI evaluation → running → KI-Auswertung erfolgreich → team view, then locked', async ({
  page,
  request,
}) => {
  test.setTimeout(75_000); // edit page, model answer, redirect and the locked views
  const owner = await createConfirmedAccount(request);
  const member = await createConfirmedAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Team offsite',
    description: 'Where do we meet in spring?',
    mode: 'ai',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost' }, { name: 'Weather' }],
  });
  await joinViaApi(request, ownerToken, decision.id, member.email, await apiToken(request, member));

  await signInViaApi(page, owner);
  await new AppFrame(page).switchLanguage('Deutsch');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  // The AI run belongs to the set-up, and only in AI mode.
  await expect(page.getByRole('button', { name: 'KI-Auswertung starten' })).toHaveCount(0);
  await edit.setupTab.click();
  await scriptFakeAi(request, SLOW_GOOD_ANSWER);
  await page.getByRole('button', { name: 'KI-Auswertung starten' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'KI-Auswertung starten' }).click();
  await expect(page.getByRole('button', { name: 'KI-Auswertung läuft…' })).toBeDisabled();
  await expect(page.getByText('KI-Auswertung erfolgreich').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));

  // The team result uses the AI's values; each cell's reason is there on focus. (The heat map below
  // has rows of the same names.)
  const osloRow = page
    .getByRole('main')
    .getByRole('region', { name: /^Teamwert jeder Option/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Oslo' }) });
  const osloWeather = osloRow.getByRole('button');
  await expect(osloWeather.last()).toHaveText('3,0');
  // The values are the model's, not votes.
  await expect(osloRow.getByText('KI-Wert')).toHaveCount(2);
  await expect(osloRow).not.toContainText('Stimme');
  await osloWeather.last().focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Oslo fits Weather' })).toBeVisible();

  // Completed by AI: editing is gone, with SPEC's message.
  await edit.goto(decision.id);
  await expect(
    page.getByText(
      'Diese Entscheidung wurde von der KI abgeschlossen und kann nicht mehr bearbeitet werden.',
    ),
  ).toBeVisible();
  await expect(edit.saveButton).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'KI-Auswertung starten' })).toHaveCount(0);
});
