import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DecisionDetails } from '../shared/api/decisions.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { NewTeamDecisionPage } from './pages/NewTeamDecisionPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { TeamInvitePage } from './pages/TeamInvitePage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, createDecisionViaApi } from './support/decisions.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

const AI_UNAVAILABLE = 'AI scoring is not available on this server.';

/** The server as one without an AI model answers the status (the rest of the app is real). */
async function withoutAiModel(page: Page) {
  await page.route('**/api/ai/status', (route) => route.fulfill({ json: { available: false } }));
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Votes (by option and criterion name) and weights through the one-request team save. */
async function voteViaApi(
  request: APIRequestContext,
  token: string,
  decisionId: number,
  votes: Record<string, Record<string, number>>,
) {
  const details = (await (
    await request.get(`/api/decision/${decisionId}/details`, { headers: auth(token) })
  ).json()) as DecisionDetails;
  const idOf = (rows: { id: number; name: string }[], name: string) =>
    rows.find((row) => row.name === name)!.id;
  const response = await request.put(`/api/team-decisions/${decisionId}`, {
    headers: auth(token),
    data: {
      votes: Object.entries(votes).flatMap(([option, cells]) =>
        Object.entries(cells).map(([criterion, value]) => ({
          option_id: idOf(details.options, option),
          criterion_id: idOf(details.criteria, criterion),
          value,
        })),
      ),
    },
  });
  expect(response.status()).toBe(200);
}

async function endVotingViaApi(request: APIRequestContext, token: string, decisionId: number) {
  const response = await request.post(`/api/decision/${decisionId}/end-voting`, { headers: auth(token) });
  expect(response.status()).toBe(200);
}

test.describe('AI scoring without a model on the server', () => {
  test('every mode select offers AI disabled with one plain sentence; AI-mode decisions keep their grid', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000); // four pages, a save and an axe run
    const owner = await createAccount(request);
    const token = await apiToken(request, owner);
    const personal = await createDecisionViaApi(request, token, {
      name: 'Pick a laptop',
      mode: 'ai',
      type: 'private',
      options: ['Alpha', 'Beta'],
      criteria: [{ name: 'Price', importance: 100 }],
    });
    const team = await createTeamDecisionViaApi(request, token, {
      name: 'Team laptops',
      description: 'One model for everyone',
      mode: 'ai',
      options: ['Alpha', 'Beta'],
      criteria: ['Price'],
    });
    await withoutAiModel(page);
    await signInViaApi(page, owner);
    const main = page.getByRole('main');

    // New decision and new team decision: AI cannot be chosen, and the reason is one sentence.
    const form = new DecisionFormPage(page);
    await form.gotoNew();
    await form.openMoreSettings();
    await expect(form.mode.getByRole('option', { name: 'AI' })).toBeDisabled();
    await expect(main.getByText(AI_UNAVAILABLE, { exact: true })).toBeVisible();
    await new NewTeamDecisionPage(page).goto();
    await expect(
      main.getByLabel('Mode', { exact: true }).getByRole('option', { name: 'AI Mode' }),
    ).toBeDisabled();
    await expect(main.getByText(AI_UNAVAILABLE, { exact: true })).toBeVisible();

    // A personal decision already in AI mode: the grid is there to score by hand.
    await page.goto(`/decision/${personal.id}/edit`);
    await form.openMoreSettings();
    await expect(form.mode).toHaveValue('ai');
    await expect(form.cell('Alpha', 'Price')).toBeVisible();
    await expect(form.startAiButton).toBeDisabled();
    await form.cell('Alpha', 'Price').fill('7');
    await form.saveButton.click();
    await expect(page).toHaveURL(/\/single-decision\/\d+$/);

    // The team set-up in AI mode: the AI section says the same sentence, its button is disabled.
    const edit = new EditTeamDecisionPage(page);
    await edit.goto(team.id, 'setup');
    await expect(edit.startAiButton).toBeDisabled();
    await expect(edit.startAiButton).toHaveAccessibleDescription(AI_UNAVAILABLE);
    await expect(main).not.toContainText(/AI_PROVIDER|AI_MODEL|README/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the team set-up shows the AI section only in AI mode; loading the example keeps the chosen mode', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const team = await createTeamDecisionViaApi(request, await apiToken(request, owner), {
    name: 'Manual by choice',
    options: ['A', 'B'],
    criteria: ['C'],
  });
  await signInViaApi(page, owner, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(team.id, 'setup');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Manual by choice');
  await expect(edit.startAiButton).toHaveCount(0);
  await page.getByLabel('Mode', { exact: true }).selectOption('ai');
  await expect(edit.startAiButton).toBeEnabled();

  const form = new DecisionFormPage(page);
  await form.gotoNew();
  await form.openMoreSettings();
  await form.mode.selectOption('ai');
  await page.getByRole('button', { name: 'Load example' }).click();
  await expect(form.mode).toHaveValue('ai');
  await form.next();
  await expect(form.optionName(2)).not.toHaveValue('');
});

test.describe('after voting ended', () => {
  test('the team view names the winner with its result, all winners of a tie, or that nobody voted', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request);
    const token = await apiToken(request, owner);
    const make = (name: string) =>
      createTeamDecisionViaApi(request, token, {
        name,
        options: ['Lisbon', 'Prague'],
        criteria: [{ name: 'Cost', importance: 100 }],
      });
    const [won, tied, silent] = [await make('Won'), await make('Tied'), await make('Silent')];
    await voteViaApi(request, token, won.id, { Lisbon: { Cost: 4 }, Prague: { Cost: 9 } });
    await voteViaApi(request, token, tied.id, { Lisbon: { Cost: 6 }, Prague: { Cost: 6 } });
    for (const decision of [won, tied, silent]) await endVotingViaApi(request, token, decision.id);

    await signInViaApi(page, owner);
    const view = new TeamDecisionPage(page);
    const main = page.getByRole('main');
    await view.goto(won.id);
    await expect(view.deadlineBanner).toContainText('Voting ended');
    await expect(view.deadlineBanner).toContainText('Winner: Prague with a team result of 9.00.');
    await expect(main.getByRole('link', { name: 'View your vote' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Vote', exact: true })).toHaveCount(0);

    await view.goto(tied.id);
    await expect(view.deadlineBanner).toContainText(
      'Tie: Lisbon and Prague, each with a team result of 6.00.',
    );
    await view.goto(silent.id);
    await expect(view.deadlineBanner).toContainText('Voting ended');
    await expect(view.deadlineBanner).toContainText('No votes were cast, so there is no winner.');
  });

  test('in German: "Abstimmung beendet"', async ({ page, request }) => {
    const owner = await createAccount(request);
    const token = await apiToken(request, owner);
    const decision = await createTeamDecisionViaApi(request, token, {
      name: 'Auf Deutsch',
      options: ['Lissabon', 'Prag'],
      criteria: [{ name: 'Kosten', importance: 100 }],
    });
    await voteViaApi(request, token, decision.id, { Lissabon: { Kosten: 8 }, Prag: { Kosten: 3 } });
    await endVotingViaApi(request, token, decision.id);
    await page.addInitScript(() => localStorage.setItem('lang', 'de'));
    await signInViaApi(page, owner, 'no page');
    const view = new TeamDecisionPage(page);
    await view.goto(decision.id);
    await expect(view.deadlineBanner).toContainText('Abstimmung beendet');
    await expect(view.deadlineBanner).toContainText('Gewonnen hat Lissabon mit einem Teamergebnis von 8,00.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Deine Stimme ansehen' })).toBeVisible();
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the ended team view and the activated invite page have no serious accessibility violations', async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request);
      const token = await apiToken(request, owner);
      const decision = await createTeamDecisionViaApi(request, token, {
        name: 'Ended',
        options: ['Lisbon', 'Prague'],
        criteria: [{ name: 'Cost', importance: 100 }],
      });
      await voteViaApi(request, token, decision.id, { Lisbon: { Cost: 4 }, Prague: { Cost: 9 } });
      const activated = await request.post(`/api/decision/${decision.id}/activate`, { headers: auth(token) });
      expect(activated.status()).toBe(200);
      await endVotingViaApi(request, token, decision.id);
      await signInViaApi(page, owner, 'no page');

      const view = new TeamDecisionPage(page);
      await view.goto(decision.id);
      await expect(view.deadlineBanner).toContainText('Winner: Prague');
      expect(await seriousViolations(page), 'team view').toEqual([]);
      await new TeamInvitePage(page).goto(decision.id);
      await expect(page.getByText('Voting on this decision has ended.')).toBeVisible();
      expect(await seriousViolations(page), 'invite page').toEqual([]);
    });
  });
}

test('"Activate Decision" is offered to a draft and gives way to a note once activated', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const token = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, token, {
    name: 'Go live',
    options: ['A'],
    criteria: ['B'],
  });
  await acceptViaApi(
    request,
    await apiToken(request, member),
    await inviteViaApi(request, token, decision.id, member.email),
  );
  await signInViaApi(page, owner, 'no page');
  const invitePage = new TeamInvitePage(page);
  await invitePage.goto(decision.id);
  await invitePage.activateButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await invitePage.goto(decision.id);
  await expect(
    page.getByText('This decision is active: the members have been told that voting can start.'),
  ).toBeVisible();
  await expect(invitePage.activateButton).toHaveCount(0);
});

test.describe('legal pages', () => {
  test('without operator settings they say the details are not published yet, never a variable name', async ({
    page,
  }) => {
    // The e2e server runs without OPERATOR_* (see playwright.config.ts).
    for (const path of ['/impressum', '/datenschutz', '/privacy']) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(
        main.getByText('The operator of this site has not published these details yet.').first(),
      ).toBeVisible();
      await expect(main).not.toContainText(/OPERATOR_|VITE_|README|Musterstraße|example\.org/);
    }
    await expect(page.getByRole('main')).toContainText('write to the operator of this site');
  });

  test('they print the operator the server was started with', async ({ page }) => {
    // What GET /api/operator answers when OPERATOR_NAME, _ADDRESS and _EMAIL are set (see the API test).
    await page.route('**/api/operator', (route) =>
      route.fulfill({
        json: {
          name: 'Erika Mustermann',
          address: 'Musterstraße 1\n10115 Berlin',
          email: 'kontakt@example.org',
          retention: { unconfirmed_account_days: 21, notification_days: 90 },
        },
      }),
    );
    await page.goto('/impressum');
    const provider = page.getByRole('region', { name: 'Information pursuant to § 5 DDG' });
    await expect(provider).toContainText('Erika Mustermann');
    await expect(provider).toContainText('Musterstraße 1');
    await expect(page.getByRole('main')).toContainText('E-mail: kontakt@example.org');
    await expect(page.getByRole('main')).not.toContainText('not published');
    await page.goto('/datenschutz');
    await expect(page.getByRole('main')).toContainText('write to kontakt@example.org');
    // The storage periods are this server's settings (UNCONFIRMED_ACCOUNT_DAYS, NOTIFICATION_RETENTION_DAYS).
    const storage = page.getByRole('region', { name: '10. Storage period' });
    await expect(storage).toContainText('21 days after registration');
    await expect(storage).toContainText('notifications: 90 days after they were created');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`have no serious accessibility violations (${theme})`, async ({ page }) => {
      test.setTimeout(90_000); // two pages with an axe run each
      await page.emulateMedia({ colorScheme: theme });
      for (const path of ['/impressum', '/datenschutz']) {
        await page.goto(path);
        await expect(
          page.getByText('The operator of this site has not published these details yet.').first(),
        ).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }
});

test('a path without a page answers 404 with the not-found page; a known page with an unknown id stays 200', async ({
  page,
  request,
}) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  expect((await request.get('/decision/999999')).status()).toBe(200);
  expect((await request.get('/impressum')).status()).toBe(200);
  await signInViaApi(page, await createAccount(request), 'no page');
  const unknownId = await page.goto('/team-decision/999999');
  expect(unknownId?.status()).toBe(200);
  await expect(page.getByRole('alert')).toContainText('Decision not found');
});
