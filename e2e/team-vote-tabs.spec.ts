import { expect, test } from '@playwright/test';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

/** A team decision (2 options × 2 criteria with default weights) with the owner and one editor. */
async function teamWithEditor(request: Parameters<typeof createAccount>[0]) {
  const owner = await createAccount(request);
  const editor = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Offsite venue',
    description: 'Where the team meets in May',
    timer: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
    options: ['Lisbon', 'Prague'],
    criteria: [
      { name: 'Cost', importance: 30 },
      { name: 'Weather', importance: 90 },
    ],
  });
  await acceptViaApi(
    request,
    await apiToken(request, editor),
    await inviteViaApi(request, ownerToken, decision.id, editor.email),
  );
  return { owner, ownerToken, editor, decision };
}

test('the page opens on "Your vote": own weights with their shares, then scores, one Save', async ({
  page,
  request,
}) => {
  const { editor, decision } = await teamWithEditor(request);
  await signInViaApi(page, editor, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Vote on the team decision' })).toBeVisible();
  await expect(edit.voteTab).toHaveAttribute('aria-selected', 'true');
  // Editors vote; setting up is for owner and admin.
  await expect(edit.setupTab).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('spinbutton', { name: /Default weight/ })).toHaveCount(0);

  // Weights first, then scores; the team shares add up to 100 % (importances 30 and 90).
  const weightsHeading = page.getByRole('heading', { name: 'Your weighting' });
  const votesHeading = page.getByRole('heading', { name: 'Your evaluation' });
  expect((await weightsHeading.boundingBox())!.y).toBeLessThan((await votesHeading.boundingBox())!.y);
  const weights = page.getByRole('region', { name: 'Your weight per criterion and the current team weight' });
  await expect(weights.getByRole('row', { name: /Cost/ })).toContainText('25 %');
  await expect(weights.getByRole('row', { name: /Weather/ })).toContainText('75 %');

  await edit.weight('Cost').fill('60');
  await edit.weight('Weather').fill('20');
  await expect(weights.getByRole('row', { name: /Cost/ })).toContainText('→ 75 %');
  await expect(weights.getByRole('row', { name: /Weather/ })).toContainText('→ 25 %');
  await edit.vote('Lisbon', 'Cost').fill('7');
  await expect(edit.saveButton).toHaveCount(1);
  await edit.saveButton.click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(edit.weight('Cost')).toHaveValue('60');
  await expect(edit.vote('Lisbon', 'Cost')).toHaveValue('7');
});

test('owner and admin switch to "Set up" with the keyboard; the tab is in the URL and typing survives a switch', async ({
  page,
  request,
}) => {
  const { owner, decision } = await teamWithEditor(request);
  await signInViaApi(page, owner);
  const edit = new EditTeamDecisionPage(page);
  // "Change deadline" on the team view opens the set-up, where the deadline is.
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await view.changeDeadlineLink.click();
  await expect(edit.setupTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Deadline', { exact: true })).toBeVisible();

  await edit.goto(decision.id);
  await edit.weight('Cost').fill('40');

  await edit.voteTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(edit.setupTab).toBeFocused();
  await expect(edit.setupTab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=setup$/);
  const setupPanel = page.getByRole('tabpanel', { name: 'Set up' });
  await expect(setupPanel.getByLabel('Title', { exact: true })).toHaveValue('Offsite venue');
  await expect(setupPanel.getByRole('spinbutton', { name: 'Importance of Cost (0–100)' })).toHaveValue('30');
  // One Save on each tab: only the open tab's is there to press.
  await expect(edit.saveButton).toHaveCount(1);

  await page.keyboard.press('ArrowLeft');
  await expect(edit.voteTab).toHaveAttribute('aria-selected', 'true');
  await expect(edit.weight('Cost')).toHaveValue('40');

  await edit.goto(decision.id, 'setup');
  await expect(edit.setupTab).toHaveAttribute('aria-selected', 'true');
});

test('once voting ended: one lock notice, inputs disabled, no Save bar on either tab', async ({
  page,
  request,
}) => {
  const { owner, ownerToken, decision } = await teamWithEditor(request);
  const ended = await request.post(`/api/decision/${decision.id}/end-voting`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
  });
  expect(ended.status()).toBe(200);
  await signInViaApi(page, owner, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  const main = page.getByRole('main');
  // Ended by hand: the notice names who ended it (issue 25), not an expired deadline.
  const endedBy = `Voting ended by ${owner.email.split('@')[0]} on `;
  await expect(main.getByText(endedBy, { exact: false })).toHaveText(
    new RegExp(`^${endedBy}.+\\. Voting is no longer possible\\.$`),
  );
  await expect(main.getByText(/^Voting ended by/)).toHaveCount(1);
  await expect(main.getByText(/^Deadline expired/)).toHaveCount(0);
  await expect(edit.weight('Cost')).toBeDisabled();
  await expect(main.getByRole('button', { name: /^(Save|Saving…)$/ })).toHaveCount(0);

  await edit.setupTab.click();
  await expect(main.getByText(endedBy, { exact: false })).toHaveText(
    new RegExp(`^${endedBy}.+ – editing disabled$`),
  );
  await expect(main.getByText(/^Voting ended by/)).toHaveCount(1);
  await expect(main.getByLabel('Title', { exact: true })).toBeDisabled();
  await expect(main.getByRole('button', { name: /^(Save|Saving…)$/ })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('both tabs have no serious accessibility violations', async ({ page, request }) => {
      test.setTimeout(90_000); // three axe runs and a second login
      const { owner, editor, decision } = await teamWithEditor(request);
      await signInViaApi(page, owner, 'no page');
      const edit = new EditTeamDecisionPage(page);
      await edit.goto(decision.id);
      await expect(edit.weight('Cost')).toBeVisible();
      expect(await seriousViolations(page), 'your vote').toEqual([]);
      await edit.setupTab.click();
      await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'set up').toEqual([]);

      await logInAs(page, editor);
      await edit.goto(decision.id);
      await expect(edit.weight('Cost')).toBeVisible();
      expect(await seriousViolations(page), 'editor').toEqual([]);
    });
  });
}

/** Signs the page out and in as someone else. */
async function logInAs(page: Parameters<typeof signInViaApi>[0], account: TestAccount) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signInViaApi(page, account);
}

test('the vote tab works on a 390 px phone: nothing off-screen, Save in reach', async ({ page, request }) => {
  const { editor, decision } = await teamWithEditor(request);
  await signInViaApi(page, editor);
  await page.setViewportSize({ width: 390, height: 844 });
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  await expect(edit.weight('Weather')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(edit.voteTab).toBeInViewport();
  await edit.weight('Weather').fill('50');
  await edit.vote('Prague', 'Weather').fill('8');
  await expect(edit.saveButton).toBeInViewport();
  await edit.saveButton.click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
});
