import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreateDecisionRequest } from '../shared/api/decisions.ts';
import { AppFrame } from './pages/AppFrame.ts';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { NewTeamDecisionPage } from './pages/NewTeamDecisionPage.ts';
import { TemplateDialog } from './pages/TemplateDialog.ts';
import { WeightsTools } from './pages/WeightsTools.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { detailsViaApi } from './support/people.ts';
import { createTeamDecisionViaApi, joinViaApi } from './support/team.ts';

const LAPTOP_CRITERIA = [
  { name: 'Price', importance: '25', low: '> 2,000 €', high: '< 800 €' },
  {
    name: 'Performance',
    importance: '25',
    low: 'Struggles with everyday tasks',
    high: 'Handles heavy work with ease',
  },
  { name: 'Battery life', importance: '20', low: '< 4 hours', high: '> 12 hours' },
  { name: 'Weight', importance: '15', low: '> 2.5 kg', high: '< 1.2 kg' },
  { name: 'Display', importance: '15', low: 'Dim and low resolution', high: 'Bright, sharp, true colours' },
];

/** A new account's decision, opened signed in on its edit page. */
async function editPageOf(page: Page, request: APIRequestContext, input: CreateDecisionRequest) {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const decision = await createDecisionViaApi(request, token, input);
  await signInViaApi(page, account, 'no page');
  await page.goto(`/decision/${decision.id}/edit`);
  const form = new DecisionFormPage(page);
  // The weight tools and must-haves are advanced controls.
  await form.openMoreSettings();
  return { decision, token, form, tools: new WeightsTools(page) };
}

test('a new decision from the laptop template: criteria, weights and anchors filled, saved, anchors beside the grid', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // template dialog with an axe scan, the form, details and the evaluation page
  await signInViaApi(page, await createAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  const templates = new TemplateDialog(page);

  await templates.open();
  await expect(templates.dialog).toBeVisible();
  // An empty form: nothing to replace, so no warning.
  await expect(templates.replaceWarning).toHaveCount(0);
  await templates.choose('Buying a laptop');
  await expect(templates.previewCriteria().getByRole('listitem')).toHaveCount(5);
  await expect(templates.previewCriteria()).toContainText('1 = > 2,000 € · 10 = < 800 €');
  expect(await seriousViolations(page), 'template dialog').toEqual([]);
  await templates.useButton.click();
  await expect(templates.dialog).toHaveCount(0);

  await expect(form.title).toHaveValue('Buying a laptop');
  await expect(form.description).toHaveValue('Which laptop suits me best for work and travel?');
  await form.next();
  // The laptop template has no example options: two empty rows to fill in.
  await form.optionName(1).fill('Alpha');
  await form.optionName(2).fill('Beta');
  await form.next();
  for (const [index, criterion] of LAPTOP_CRITERIA.entries()) {
    await expect(form.criterionName(index + 1)).toHaveValue(criterion.name);
    await expect(form.importance(index + 1)).toHaveValue(criterion.importance);
  }
  const price = form.mustHave('Price');
  await expect(price.toggle).toContainText('scale labels set');
  await price.open();
  await expect(price.low).toHaveValue('> 2,000 €');
  await expect(price.high).toHaveValue('< 800 €');
  await expect(price.minimum).toHaveValue('');
  expect(await seriousViolations(page), 'form with an open disclosure').toEqual([]);
  await form.next();

  // The anchors stand under each criterion's header and describe every cell of its column.
  await expect(page.getByRole('columnheader', { name: /^Price/ })).toContainText(
    '1 = > 2,000 € · 10 = < 800 €',
  );
  await expect(form.cell('Alpha', 'Price')).toHaveAccessibleDescription('1 = > 2,000 € · 10 = < 800 €');
  await form.cell('Alpha', 'Price').fill('8');
  await form.cell('Beta', 'Price').fill('5');
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);

  const details = new DecisionDetailsPage(page);
  await expect(details.heading).toHaveText('Buying a laptop');
  await expect(
    details.matrix.getByRole('columnheader', { name: 'Price importance 25, counts 25 %' }),
  ).toBeVisible();
  await expect(
    details.matrix.getByRole('columnheader', { name: 'Battery life importance 20, counts 20 %' }),
  ).toBeVisible();

  // The evaluation grid names what the ends of each scale mean, too.
  const decisionId = page.url().split('/').pop();
  await page.goto(`/decision/${decisionId}/evaluate`);
  const weightCell = page.getByRole('textbox', { name: 'Score of Alpha for Weight (1–10)' });
  await expect(weightCell).toHaveAccessibleDescription('1 = > 2.5 kg · 10 = < 1.2 kg');
  await expect(page.getByText('1 = > 2.5 kg · 10 = < 1.2 kg')).toBeVisible();
});

test('compare three criteria in pairs: weights and consistency live, a warning on contradictions, then use them', async ({
  page,
  request,
}) => {
  const { form, tools } = await editPageOf(page, request, {
    name: 'Pick a bike',
    options: ['City bike', 'Gravel bike'],
    criteria: [
      { name: 'Cost', importance: 10 },
      { name: 'Comfort', importance: 10 },
      { name: 'Speed', importance: 10 },
    ],
  });
  await expect(form.importance(1)).toHaveValue('10');

  await tools.pairsButton.click();
  await expect(tools.pairsDialog).toBeVisible();
  // Nothing answered yet: every pair counts as equal, so the weights are equal (their shares add up to 100).
  await expect(tools.pairsResult).toContainText('Cost: 33 → 34 %');
  await expect(tools.pairsResult).toContainText('Comfort: 33 → 33 %');
  await expect(tools.pairsResult).toContainText('Consistency ratio: 0.00');

  // Saaty's textbook answers: Cost 3× Comfort, Cost 5× Speed, Comfort 3× Speed.
  await tools.answer('Cost', 'Comfort', 'Cost', 3);
  await tools.answer('Cost', 'Speed', 'Cost', 5);
  await tools.answer('Comfort', 'Speed', 'Comfort', 3);
  await expect(tools.pairsResult).toContainText('Cost: 64 → 64 %');
  await expect(tools.pairsResult).toContainText('Comfort: 26 → 26 %');
  await expect(tools.pairsResult).toContainText('Speed: 10 → 10 %');
  await expect(tools.pairsResult).toContainText('Consistency ratio: 0.03');
  await expect(tools.contradictionWarning).toHaveCount(0);

  // Speed beating Comfort extremely contradicts the other two answers.
  await tools.answer('Comfort', 'Speed', 'Speed', 9);
  await expect(tools.contradictionWarning).toContainText('Your judgments contradict each other');
  await expect(tools.contradictionWarning).toContainText('check the pairs');
  expect(await seriousViolations(page), 'pairs dialog').toEqual([]);

  await tools.answer('Comfort', 'Speed', 'Comfort', 3);
  await expect(tools.contradictionWarning).toHaveCount(0);
  await tools.useWeights(tools.pairsDialog);
  await expect(form.importance(1)).toHaveValue('64');
  await expect(form.importance(2)).toHaveValue('26');
  await expect(form.importance(3)).toHaveValue('10');
  await expect(page.getByText('Sum of importances: 100')).toBeVisible();
});

test('rank four criteria with the move buttons: 52, 27, 15 and 6 %, adding up to 100', async ({
  page,
  request,
}) => {
  const { decision, form, tools } = await editPageOf(page, request, {
    name: 'New phone',
    options: ['Phone A', 'Phone B'],
    criteria: [
      { name: 'Camera', importance: 25 },
      { name: 'Battery', importance: 25 },
      { name: 'Size', importance: 25 },
      { name: 'Price', importance: 25 },
    ],
  });
  // Pairwise comparison is offered for 3–7 criteria, so it is available here too.
  await expect(tools.pairsButton).toBeEnabled();

  await tools.rankButton.click();
  await expect(tools.rankDialog).toBeVisible();
  // Equal weights keep the list's order.
  await expect(tools.rankRows()).toHaveText([/Camera.*52 %/, /Battery.*27 %/, /Size.*15 %/, /Price.*6 %/]);
  // Price to the top, Camera one down.
  await tools.moveUp('Price', 3);
  await tools.moveDown('Camera');
  await expect(tools.rankRows()).toHaveText([/Price.*52 %/, /Battery.*27 %/, /Camera.*15 %/, /Size.*6 %/]);
  expect(await seriousViolations(page), 'rank dialog').toEqual([]);
  await tools.useWeights(tools.rankDialog);

  await expect(form.importance(1)).toHaveValue('15');
  await expect(form.importance(2)).toHaveValue('27');
  await expect(form.importance(3)).toHaveValue('6');
  await expect(form.importance(4)).toHaveValue('52');
  await expect(page.getByText('Sum of importances: 100')).toBeVisible();
  await form.saveButton.click();
  await expect(page).toHaveURL(new RegExp(`/single-decision/${decision.id}$`));
  const details = new DecisionDetailsPage(page);
  await expect(
    details.matrix.getByRole('columnheader', { name: 'Price importance 52, counts 52 %' }),
  ).toBeVisible();
});

test('a minimum is saved and knocks an option below it out of the top; clearing it clears it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // two saves, two reloads, details twice
  // Train 7.2 (Comfort 6), Car 6.6 (Comfort 9).
  const { decision, token, form } = await editPageOf(page, request, COMMUTE_DECISION);
  const comfort = form.mustHave('Comfort');

  await comfort.open();
  await comfort.minimum.fill('7');
  await comfort.minimum.press('Tab');
  await expect(comfort.toggle).toContainText('minimum 7');
  // The live grid already ranks Train (Comfort 6) after Car.
  await expect(form.totalOf('Train')).toContainText('below a minimum');
  await expect(form.totalOf('Car')).not.toContainText('below a minimum');
  await form.saveButton.click();
  await expect(page).toHaveURL(new RegExp(`/single-decision/${decision.id}$`));

  const details = new DecisionDetailsPage(page);
  await expect(details.totalOf('Train')).toHaveText('7.2');
  await expect(details.row('Car')).toContainText('Best option');
  await expect(details.row('Train')).not.toContainText('Best option');

  await page.goto(`/decision/${decision.id}/edit`);
  await form.openMoreSettings();
  await expect(comfort.toggle).toContainText('minimum 7');
  await comfort.open();
  await expect(comfort.minimum).toHaveValue('7');

  // Emptied, the minimum is sent as null and removed.
  await comfort.minimum.fill('');
  await comfort.minimum.press('Tab');
  await form.saveButton.click();
  await expect(page).toHaveURL(new RegExp(`/single-decision/${decision.id}$`));
  await expect(details.row('Train')).toContainText('Best option');
  const stored = await detailsViaApi(request, token, decision.id);
  expect(stored.criteria.map((criterion) => criterion.minimum)).toEqual([null, null]);
});

test('a voter scales their own weights to 100 %, compares in pairs and saves; anchors stand beside the votes', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createAccount(request);
  const editor = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const editorToken = await apiToken(request, editor);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Offsite venue',
    options: ['Lisbon', 'Prague'],
    criteria: [
      { name: 'Cost', importance: 30, anchors: { low: '> 600 €', high: '< 200 €' } },
      { name: 'Weather', importance: 30 },
      { name: 'Travel', importance: 40 },
    ],
  });
  await joinViaApi(request, ownerToken, decision.id, editor.email, editorToken);
  await signInViaApi(page, editor, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  const tools = new WeightsTools(page);

  // Team scale 0–10: the anchors name 0 and 10, and describe each vote of the column.
  await expect(edit.vote('Lisbon', 'Cost')).toHaveAccessibleDescription('0 = > 600 € · 10 = < 200 €');
  await expect(page.getByRole('columnheader', { name: /^Cost/ })).toContainText('0 = > 600 € · 10 = < 200 €');

  await edit.weight('Cost').fill('30');
  await edit.weight('Weather').fill('30');
  await edit.weight('Travel').fill('60');
  await tools.scaleButton.click();
  await expect(edit.weight('Cost')).toHaveValue('25');
  await expect(edit.weight('Weather')).toHaveValue('25');
  await expect(edit.weight('Travel')).toHaveValue('50');
  expect(await seriousViolations(page), 'vote tab with the weight tools').toEqual([]);

  await tools.pairsButton.click();
  await tools.answer('Cost', 'Weather', 'Cost', 3);
  await tools.answer('Cost', 'Travel', 'Cost', 5);
  await tools.answer('Weather', 'Travel', 'Weather', 3);
  await expect(tools.pairsResult).toContainText('Consistency ratio: 0.03');
  await tools.useWeights(tools.pairsDialog);
  await expect(edit.weight('Cost')).toHaveValue('64');
  await expect(edit.weight('Weather')).toHaveValue('26');
  await expect(edit.weight('Travel')).toHaveValue('10');
  await edit.saveButton.click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();

  // Nobody else has weighted: the only weights stored are the editor's.
  const stored = await detailsViaApi(request, editorToken, decision.id);
  const weightOf = new Map(
    Object.values(stored.weightsByUser)
      .flat()
      .map((entry) => [
        stored.criteria.find((criterion) => criterion.id === entry.criterion_id)?.name,
        entry.weight,
      ]),
  );
  expect(Object.fromEntries(weightOf)).toEqual({ Cost: 64, Weather: 26, Travel: 10 });
});

test('a new team decision from the supplier template, with a must-have, keeps weights and anchors', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createAccount(request);
  await signInViaApi(page, owner, 'no page');
  const newTeam = new NewTeamDecisionPage(page);
  await newTeam.goto();
  await newTeam.title.fill('Our next supplier');
  const templates = new TemplateDialog(page);

  await templates.openButton.click();
  // The title typed above would be replaced: the dialog says so.
  await expect(templates.replaceWarning).toBeVisible();
  await templates.choose('Choosing a supplier');
  // Team decisions score 0–10.
  await expect(templates.previewCriteria()).toContainText('0 = Often late · 10 = Always on time');
  await templates.useButton.click();
  await expect(templates.dialog).toHaveCount(0);

  await expect(newTeam.title).toHaveValue('Choosing a supplier');
  await expect(newTeam.row('Option', 1)).toHaveValue('Supplier A');
  await expect(newTeam.row('Option', 3)).toHaveValue('Supplier C');
  await expect(newTeam.row('Criterion', 2)).toHaveValue('Quality');
  await expect(page.getByText(/^Default weights from the template: Price 30 %, Quality 25 %/)).toBeVisible();
  const quality = new DecisionFormPage(page).mustHave('Quality');
  await quality.open();
  await expect(quality.low).toHaveValue('Frequent defects');
  await quality.minimum.fill('4');
  await quality.minimum.press('Tab');
  expect(await seriousViolations(page), 'new team decision from a template').toEqual([]);

  await newTeam.continueButton.click();
  await expect(page).toHaveURL(/\/team-invite\/\d+$/);
  const decisionId = Number(page.url().split('/').pop());
  const stored = await detailsViaApi(request, await apiToken(request, owner), decisionId);
  expect(stored.options.map((option) => option.name)).toEqual(['Supplier A', 'Supplier B', 'Supplier C']);
  expect(
    stored.criteria.map(({ name, importance, minimum, anchors }) => ({ name, importance, minimum, anchors })),
  ).toEqual([
    {
      name: 'Price',
      importance: 30,
      minimum: null,
      anchors: { low: 'Most expensive offer', high: 'Cheapest offer' },
    },
    {
      name: 'Quality',
      importance: 25,
      minimum: 4,
      anchors: { low: 'Frequent defects', high: 'No complaints' },
    },
    {
      name: 'Delivery reliability',
      importance: 20,
      minimum: null,
      anchors: { low: 'Often late', high: 'Always on time' },
    },
    {
      name: 'Service and communication',
      importance: 15,
      minimum: null,
      anchors: { low: 'Hard to reach', high: 'Answers within hours' },
    },
    {
      name: 'Payment and contract terms',
      importance: 10,
      minimum: null,
      anchors: { low: 'Prepayment, long lock-in', high: 'Flexible, fair terms' },
    },
  ]);
});

test('in German, a template fills the form in German', async ({ page, request }) => {
  await signInViaApi(page, await createAccount(request));
  await new AppFrame(page).switchLanguage('Deutsch');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  const templates = new TemplateDialog(page);
  await templates.use('Nutzwertanalyse');

  const main = page.getByRole('main');
  await expect(main.getByLabel('Titel', { exact: true })).toHaveValue('Nutzwertanalyse');
  await form.next();
  await expect(main.getByRole('textbox', { name: 'Option 1', exact: true })).toHaveValue('Alternative A');
  await form.next();
  await expect(main.getByRole('textbox', { name: 'Kriterium 1', exact: true })).toHaveValue('Nutzen');
  await expect(main.getByRole('spinbutton', { name: 'Wichtigkeit von Kriterium 1 (0–100)' })).toHaveValue(
    '30',
  );
  const benefit = form.mustHave('Nutzen');
  await benefit.open();
  await expect(benefit.low).toHaveValue('Kein spürbarer Nutzen');
  await expect(page.getByText('Vorlage geladen: Nutzwertanalyse. Pass sie nach Belieben an.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Paarweise vergleichen' })).toBeEnabled();
  await form.next();
  await expect(main.getByRole('columnheader', { name: /^Nutzen/ })).toContainText(
    '1 = Kein spürbarer Nutzen · 10 = Großer Nutzen',
  );
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the template, pairs and rank dialogs and an open disclosure pass axe', async ({ page, request }) => {
    test.setTimeout(90_000); // four axe scans
    await signInViaApi(page, await createAccount(request), 'no page');
    const form = new DecisionFormPage(page);
    await form.gotoNew();
    const templates = new TemplateDialog(page);
    await templates.open();
    await templates.choose('Comparing job offers');
    expect(await seriousViolations(page), 'template dialog').toEqual([]);
    await templates.useButton.click();
    await expect(templates.dialog).toHaveCount(0);

    await form.goToStep('Criteria');
    await form.mustHave('Salary and benefits').open();
    expect(await seriousViolations(page), 'form with an open disclosure').toEqual([]);

    const tools = new WeightsTools(page);
    await tools.pairsButton.click();
    await tools.answer('Salary and benefits', 'The work itself', 'The work itself', 9);
    await tools.answer('The work itself', 'Work-life balance', 'Work-life balance', 9);
    await expect(tools.contradictionWarning).toBeVisible();
    expect(await seriousViolations(page), 'pairs dialog with the warning').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(tools.pairsDialog).toHaveCount(0);

    await tools.rankButton.click();
    await expect(tools.rankRows()).toHaveCount(5);
    expect(await seriousViolations(page), 'rank dialog').toEqual([]);
  });
});
