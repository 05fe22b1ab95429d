import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage.ts';
import { OutcomePanel } from './pages/OutcomePanel.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { setProfileViaApi } from './support/people.ts';
import { activateViaApi, createTeamDecisionViaApi, joinViaApi, voteViaApi } from './support/team.ts';

/** A day `days` from today in the browser's zone, as the date input takes it. */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test('after voting ended the owner records an outcome against the leader; both members see the banner live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // two browsers, ending the vote, recording, editing and removing the outcome
  const [owner, member] = await Promise.all([createAccount(request), createAccount(request)]);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  await setProfileViaApi(request, ownerToken, { nickname: 'Olga' });
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Outcome journey',
    options: ['Lisbon', 'Prague'],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Weather', importance: 50 },
    ],
  });
  await joinViaApi(request, ownerToken, decision.id, member.email, memberToken);
  await activateViaApi(request, ownerToken, decision.id);
  // Prague leads by the votes.
  await voteViaApi(request, memberToken, decision.id, [
    { option: 0, criterion: 0, value: 4 },
    { option: 0, criterion: 1, value: 4 },
    { option: 1, criterion: 0, value: 8 },
    { option: 1, criterion: 1, value: 8 },
  ]);

  // The owner works in the dark theme, the member in the light one: axe checks both.
  const ownerPage = await (await browser.newContext({ colorScheme: 'dark' })).newPage();
  const memberPage = await (await browser.newContext()).newPage();
  await signInViaApi(ownerPage, owner);
  await signInViaApi(memberPage, member, 'no page');
  const ownerView = new TeamDecisionPage(ownerPage);
  await ownerView.goto(decision.id);
  await new TeamDecisionPage(memberPage).goto(decision.id);
  const ownerOutcome = new OutcomePanel(ownerPage);
  const memberOutcome = new OutcomePanel(memberPage);
  // Nothing to record while voting is open.
  await expect(ownerView.endVotingButton).toBeVisible();
  await expect(ownerOutcome.recordButton).toHaveCount(0);

  await ownerView.endVoting();
  await ownerOutcome.recordButton.click();
  await expect(ownerOutcome.dialog).toBeVisible();
  // The leader is the default, marked as leading.
  await expect(ownerOutcome.optionSelect.locator('option:checked')).toHaveText('Prague (leading)');
  await ownerOutcome.optionSelect.selectOption({ label: 'Lisbon' });
  await ownerOutcome.rationale.fill('Cheaper flights, and the team can work remotely there.');
  await expect(ownerOutcome.reviewOn).toHaveAttribute('min', dayFromToday(0));
  await ownerOutcome.reviewOn.fill(dayFromToday(30));
  await ownerOutcome.saveButton.click();
  await expect(ownerPage.getByText('Outcome recorded.')).toBeVisible();
  await expect(ownerOutcome.dialog).toHaveCount(0);

  for (const [outcome, recordedBy] of [
    [ownerOutcome, 'Recorded by you on'],
    [memberOutcome, 'Recorded by Olga on'],
  ] as const) {
    await expect(outcome.banner.getByRole('heading', { name: 'Decided: Lisbon' })).toBeVisible();
    await expect(outcome.banner).toContainText('By the results, Prague leads: the chosen option differs.');
    await expect(outcome.banner).toContainText('Cheaper flights, and the team can work remotely there.');
    await expect(outcome.banner).toContainText('Review on ');
    await expect(outcome.banner).toContainText(recordedBy);
  }
  // Only the owner and admins change it.
  await expect(memberOutcome.editButton).toHaveCount(0);
  expect(await seriousViolations(memberPage), 'team view with an outcome (member, light)').toEqual([]);
  await expect(ownerPage.getByText('Outcome recorded.')).toHaveCount(0);
  expect(await seriousViolations(ownerPage), 'team view with an outcome (owner, dark)').toEqual([]);

  // Edit by keyboard: the dialog opens prefilled, Escape closes it and gives the focus back.
  await ownerOutcome.editButton.focus();
  await ownerPage.keyboard.press('Enter');
  await expect(ownerOutcome.optionSelect.locator('option:checked')).toHaveText('Lisbon');
  expect(await seriousViolations(ownerPage), 'outcome dialog').toEqual([]);
  // As a user would: Escape once the focus is in the dialog (React Aria moves it in after opening).
  await expect
    .poll(() => ownerPage.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
    .toBe(true);
  await ownerPage.keyboard.press('Escape');
  await expect(ownerOutcome.dialog).toHaveCount(0);
  await expect(ownerOutcome.editButton).toBeFocused();
  await ownerOutcome.editButton.click();
  await ownerOutcome.optionSelect.selectOption({ label: 'Prague (leading)' });
  await ownerOutcome.saveButton.click();
  await expect(memberOutcome.banner.getByRole('heading', { name: 'Decided: Prague' })).toBeVisible();
  await expect(memberOutcome.banner).not.toContainText('the chosen option differs');

  // Removing asks first; then the decision is back to "voting ended" for both.
  await ownerOutcome.removeButton.click();
  await ownerOutcome.confirmRemoval();
  await expect(ownerPage.getByText('Outcome removed.')).toBeVisible();
  await expect(ownerOutcome.banner).toHaveCount(0);
  await expect(ownerOutcome.recordButton).toBeVisible();
  await expect(memberOutcome.banner).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`a personal decision's outcome: banner on its page and "Decided" on its card (${theme}, 390 px, axe)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const owner = await createAccount(request);
    const decision = await createDecisionViaApi(request, await apiToken(request, owner), {
      ...COMMUTE_DECISION,
      name: `Commute ${theme}`,
    });
    const context = await browser.newContext({ colorScheme: theme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInViaApi(page, owner, 'no page');
    await page.goto(`/single-decision/${decision.id}`);
    const outcome = new OutcomePanel(page);
    await expect(page.getByText('Made up your mind?')).toBeVisible();
    expect(await seriousViolations(page), `details with the record prompt, ${theme}`).toEqual([]);

    await outcome.recordButton.click();
    await expect(outcome.optionSelect.locator('option:checked')).toHaveText('Train (leading)');
    await outcome.rationale.fill('Reading time on the way.');
    expect(await seriousViolations(page), `outcome dialog, ${theme}`).toEqual([]);
    await outcome.saveButton.click();
    await expect(outcome.banner.getByRole('heading', { name: 'Decided: Train' })).toBeVisible();
    // axe would read the toast while it fades; it says its piece and goes.
    await expect(page.getByText('Outcome recorded.')).toBeVisible();
    await expect(page.getByText('Outcome recorded.')).toHaveCount(0);
    await expect(outcome.banner).toContainText('Recorded by you on');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `details with an outcome, ${theme}`).toEqual([]);

    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.card(`Commute ${theme}`).getByText('Decided', { exact: true })).toBeVisible();
    expect(await seriousViolations(page), `dashboard with a decided card, ${theme}`).toEqual([]);
    await context.close();
  });
}
