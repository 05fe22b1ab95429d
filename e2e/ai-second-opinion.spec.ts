import { expect, test } from '@playwright/test';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createConfirmedAccount, signInViaApi, sessionOf } from './support/accounts.ts';
import { scriptFakeAi, SLOW_GOOD_ANSWER } from './support/ai.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { activateViaApi, createTeamDecisionViaApi, joinViaApi, voteViaApi } from './support/team.ts';

// Issue 18, the AI as a second opinion: suggestions while setting up, the AI's proposal kept beside a
// personal value the owner changed, and a team decision's AI opinion shown to a voter only after voting.
// The fake model suggests "Suggested option one/two" and "Suggested criterion one/two" (30 %, 20 %) and
// scores value = 1 + (option index + criterion index) with "<option> fits <criterion> reasonably well.".

// The fake AI server's script queue is shared: these tests run one after the other.
test.describe.configure({ mode: 'serial' });

test('New decision: suggestions with reasons, added with one click, marked as suggested until renamed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // a form, four AI calls and an axe run
  await signInViaApi(page, await createConfirmedAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();

  // Suggestions are an advanced control: under "More settings", beside the step's rows.
  await form.title.fill('Pick a laptop');
  await form.next();
  await expect(form.suggestButton('options')).toHaveCount(0);
  await form.openMoreSettings();
  await form.optionName(1).fill('Alpha');
  // A failure says so in plain words.
  await scriptFakeAi(request, { kind: 'status', status: 500 });
  await form.suggestButton('options').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The AI could not suggest anything. The AI service' }),
  ).toBeVisible();

  await form.suggestButton('options').click();
  const options = form.suggestions('options');
  // The fake also repeats "Alpha": the server leaves it out.
  await expect(options.getByRole('listitem')).toHaveCount(2);
  await expect(options.getByRole('listitem').first()).toContainText('Suggested option one');
  await expect(options.getByRole('listitem').first()).toContainText('A common choice in this situation.');
  await form.addSuggestion('options', 'Suggested option one').click();
  // It takes the empty second row, marked as the AI's until renamed.
  await expect(form.optionName(2)).toHaveValue('Suggested option one');
  await expect(form.optionName(2)).toHaveAccessibleDescription('Suggested by the AI');
  await expect(options.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('“Suggested option one” added.')).toBeVisible();
  await form.optionName(2).fill('Suggested option one, refurbished');
  await expect(form.optionName(2)).not.toHaveAccessibleDescription(/Suggested/);
  await expect(options.getByRole('listitem')).toHaveCount(2);

  await form.next();
  await form.suggestButton('criteria').click();
  const criteria = form.suggestions('criteria');
  await expect(criteria.getByRole('listitem')).toHaveCount(2);
  await expect(criteria).toContainText('People regret ignoring it later.');
  await expect(criteria).toContainText('Suggested importance: 30 %');
  expect(await seriousViolations(page)).toEqual([]);
  await form.addSuggestion('criteria', 'Suggested criterion one').click();
  await expect(form.criterionName(1)).toHaveValue('Suggested criterion one');
  await expect(form.importance(1)).toHaveValue('30');
  await expect(form.criterionName(1)).toHaveAccessibleDescription('Suggested by the AI');
  // A second one goes into a new row.
  await form.addSuggestion('criteria', 'Suggested criterion two').click();
  await expect(form.criterionName(2)).toHaveValue('Suggested criterion two');
  await expect(form.importance(2)).toHaveValue('20');
  await expect(criteria).toContainText('Every suggestion is on your list now.');
  await form.criterionName(1).fill('Battery life');
  await expect(form.criterionName(1)).not.toHaveAccessibleDescription(/Suggested/);
  await expect(form.criterionName(2)).toHaveAccessibleDescription('Suggested by the AI');

  // The suggested rows save like typed ones.
  await form.next();
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);
  const details = new DecisionDetailsPage(page);
  await expect(details.row('Suggested option one, refurbished')).toBeVisible();
  await expect(details.matrix.getByRole('columnheader', { name: /Suggested criterion two/ })).toBeVisible();
});

test('team: the owner asks the AI; a voter sees its opinion only after voting, with differences and the verdict', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // two sessions, an AI run, reloads and an axe run
  const owner = await createConfirmedAccount(request);
  const editor = await createConfirmedAccount(request);
  const ownerToken = await apiToken(request, owner);
  const editorToken = await apiToken(request, editor);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Team offsite',
    description: 'Where do we meet in spring?',
    options: ['Lisbon', 'Oslo'],
    criteria: [
      { name: 'Cost', importance: 60 },
      { name: 'Weather', importance: 40 },
    ],
  });
  await joinViaApi(request, ownerToken, decision.id, editor.email, editorToken);
  await activateViaApi(request, ownerToken, decision.id);

  const ownerPage = await sessionOf(browser, owner);
  const ownerView = new TeamDecisionPage(ownerPage);
  await ownerView.goto(decision.id);
  await expect(ownerView.aiOpinion).toContainText('never counts in the team result');
  await scriptFakeAi(request, SLOW_GOOD_ANSWER);
  await ownerView.askAiButton.click();
  await expect(ownerView.aiOpinion.getByRole('button', { name: 'The AI is scoring…' })).toBeDisabled();
  await expect(ownerPage.getByText("The AI's opinion is saved.")).toBeVisible();
  // The owner has not voted either: no AI value yet.
  await expect(ownerView.aiOpinion).toContainText('it appears here once you have voted');
  await expect(ownerView.aiValues).toHaveCount(0);

  const editorPage = await sessionOf(browser, editor);
  const editorView = new TeamDecisionPage(editorPage);
  await editorView.goto(decision.id);
  // Before their own vote an editor sees no AI panel at all, not even a hint that one might exist.
  await expect(editorView.results).toBeVisible();
  await expect(editorView.aiOpinion).toHaveCount(0);
  await expect(editorView.aiValues).toHaveCount(0);
  await expect(editorView.askAiButton).toHaveCount(0);

  // Team (the editor alone): Lisbon 8, 6 and Oslo 3, 4. AI: Lisbon 1, 2 and Oslo 2, 3.
  await voteViaApi(request, editorToken, decision.id, [
    { option: 0, criterion: 0, value: 8 },
    { option: 0, criterion: 1, value: 6 },
    { option: 1, criterion: 0, value: 3 },
    { option: 1, criterion: 1, value: 4 },
  ]);
  await editorPage.reload();
  await expect(editorView.aiValues).toHaveCount(4);
  await expect(editorView.aiValuesOf('Lisbon')).toHaveText(['AI: 1', 'AI: 2']);
  await expect(editorView.aiValuesOf('Oslo')).toHaveText(['AI: 2', 'AI: 3']);
  // Lisbon is 7 and 4 apart from the team: both marked; Oslo's cells are 1 apart.
  await expect(editorView.differingAiValues).toHaveCount(2);
  await expect(
    editorView.differingAiValues.first().getByRole('img', { name: '3 or more points from the team value' }),
  ).toBeVisible();
  await expect(editorView.aiOpinion).toContainText('3 or more points apart in 2 cells');
  const lisbonCost = editorView.aiValuesOf('Lisbon').first();
  await lisbonCost.focus();
  await expect(
    editorPage.getByRole('tooltip').filter({ hasText: 'Lisbon fits Cost reasonably well.' }),
  ).toBeVisible();
  await expect(lisbonCost).toHaveAccessibleDescription('Lisbon fits Cost reasonably well.');
  // Team weights 60/40 on the AI's values: Lisbon 1.4, Oslo 2.4, while the team has Lisbon on top.
  await expect(editorView.aiOpinion.getByTestId('ai-verdict')).toHaveText(
    "With the AI's scores, Oslo would lead.",
  );
  // It never counts: the team result is the editor's values alone.
  await expect(editorView.result('Lisbon')).toContainText('7.20');
  expect(await seriousViolations(editorPage)).toEqual([]);

  // A new run replaces the previous one; the asker's view refreshes with it once they voted.
  await voteViaApi(request, ownerToken, decision.id, [
    { option: 0, criterion: 0, value: 8 },
    { option: 0, criterion: 1, value: 6 },
    { option: 1, criterion: 0, value: 3 },
    { option: 1, criterion: 1, value: 4 },
  ]);
  await ownerPage.reload();
  await expect(ownerView.aiValues).toHaveCount(4);
  await scriptFakeAi(request, {
    kind: 'json',
    content: {
      // Lisbon only, close to the team: 9 and 7 (Oslo's cells stay without an AI value).
      recommendations: [
        {
          option_index: 0,
          bewertungen: [
            { criterion_index: 0, value: 9, explanation: 'Cheap flights.' },
            { criterion_index: 1, value: 7, explanation: 'Mild spring.' },
          ],
        },
      ],
    },
  });
  await ownerView.askAiButton.click();
  await expect(ownerView.aiValues).toHaveCount(2);
  await expect(ownerView.aiOpinion.getByTestId('ai-verdict')).toHaveText(
    "The AI agrees with the team's choice.",
  );
  await expect(ownerView.differingAiValues).toHaveCount(0);
});

test('personal AI mode: a value changed from the AI’s proposal shows “AI: n” with its reason', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // form, AI run, details, edit page and an axe run
  await signInViaApi(page, await createConfirmedAccount(request), 'no page');
  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.fill({
    title: 'Pick a laptop',
    description: 'For travel and programming',
    mode: 'ai',
    options: ['Alpha', 'Beta'],
    criteria: [
      { name: 'Price', importance: 60 },
      { name: 'Battery', importance: 40 },
    ],
  });
  await form.startAiButton.click();
  await expect(form.cell('Alpha', 'Price')).toHaveValue('1');
  await expect(form.cell('Alpha', 'Price')).toHaveAccessibleDescription('Alpha fits Price reasonably well.');

  await form.cell('Alpha', 'Price').fill('6');
  await expect(form.cell('Alpha', 'Price')).toHaveAccessibleDescription(
    'Alpha fits Price reasonably well. AI: 1',
  );
  await expect(form.cell('Alpha', 'Price')).toBeFocused();
  // Back to the AI's value: nothing to point out.
  await form.cell('Alpha', 'Price').fill('1');
  await expect(form.cell('Alpha', 'Price')).toHaveAccessibleDescription('Alpha fits Price reasonably well.');
  await form.cell('Alpha', 'Price').fill('6');
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);

  // The owner's 6 counts (Alpha 6 × 0.6 + 2 × 0.4 = 4.4); the AI's 1 stands beside it with its reason.
  const details = new DecisionDetailsPage(page);
  await expect(details.totalOf('Alpha')).toHaveText('4.4');
  await expect(details.aiProposal('Alpha', 1)).toBeVisible();
  await details.aiProposal('Alpha', 1).focus();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Alpha fits Price reasonably well.' }),
  ).toBeVisible();
  await expect(details.aiProposal('Alpha', 1)).toHaveAccessibleDescription(
    'Alpha fits Price reasonably well.',
  );
  // Unchanged cells show only the value, with the reason as before.
  await expect(details.row('Beta').getByRole('button', { name: /^AI: / })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The edit page keeps the proposal and sends it back with the save.
  await details.editButton.click();
  await expect(form.cell('Alpha', 'Price')).toHaveValue('6');
  await expect(form.cell('Alpha', 'Price')).toHaveAccessibleDescription(/AI: 1$/);
  await form.cell('Beta', 'Battery').fill('9');
  await form.saveButton.click();
  await expect(page).toHaveURL(/\/single-decision\/\d+$/);
  await expect(details.aiProposal('Alpha', 1)).toBeVisible();
  await expect(details.aiProposal('Beta', 3)).toBeVisible();
});
