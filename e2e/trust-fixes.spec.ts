import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { ageInvitationMails } from './support/app-database.ts';
import { seriousViolations } from './support/axe.ts';
import { COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';
import { acceptViaApi, activateViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

// Issue 25, "Nothing lost, nothing surprising": the small fixes a new user trips over.

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe('invitation links', () => {
  test('a re-sent invitation’s first link still works and opens the decision', async ({ page, request }) => {
    const owner = await createAccount(request);
    const invitee = await createAccount(request);
    const ownerToken = await tokenOf(request, owner);
    const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Team offsite venue' });
    const firstLink = await inviteViaApi(request, ownerToken, decision.id, invitee.email);
    ageInvitationMails(decision.id, invitee.email);
    const secondLink = await inviteViaApi(request, ownerToken, decision.id, invitee.email);
    expect(secondLink).not.toBe(firstLink);

    await signInViaApi(page, invitee, 'no page');
    await page.goto(`/invite?token=${encodeURIComponent(firstLink)}`);
    await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Team offsite venue' })).toBeVisible();

    // Opening the used link again as that member leads to the decision, not to an error.
    await page.goto(`/invite?token=${encodeURIComponent(secondLink)}`);
    await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
  });

  test('a used link tells a visitor to log in, a withdrawn one to ask for a new invitation', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request);
    const member = await createAccount(request);
    const ownerToken = await tokenOf(request, owner);
    const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Used links' });
    const used = await inviteViaApi(request, ownerToken, decision.id, member.email);
    await acceptViaApi(request, await tokenOf(request, member), used);

    await page.goto(`/invite?token=${encodeURIComponent(used)}`);
    await expect(
      page.getByText('This invitation was already accepted. Log in to open the decision.'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login\?token=/);

    const invited = await request.post('/api/team/invite', {
      data: { decision_id: decision.id, email: 'withdrawn@example.com', role: 'editor' },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    const { invite_token: withdrawn, invitation_id: invitationId } = (await invited.json()) as {
      invite_token: string;
      invitation_id: number;
    };
    const revoked = await request.delete(`/api/team/${decision.id}/invitations/${invitationId}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(revoked.status()).toBe(200);
    await page.goto(`/invite?token=${encodeURIComponent(withdrawn)}`);
    await expect(
      page.getByText('This invitation was withdrawn. Ask the person who invited you for a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  });
});

test('the dashboard card of a decided decision names the chosen option', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await tokenOf(request, owner);
  const decision = await createDecisionViaApi(request, token, COMMUTE_DECISION);
  const details = await request.get(`/api/decision/${decision.id}/details`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const car = ((await details.json()) as { options: { id: number; name: string }[] }).options.find(
    (option) => option.name === 'Car',
  )!;
  // Car, although Train leads: the card says what was chosen.
  const recorded = await request.put(`/api/decision/${decision.id}/outcome`, {
    data: { option_id: car.id, rationale: 'Needed for the kids' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(recorded.status()).toBe(200);

  await signInViaApi(page, owner);
  const card = page.getByRole('article', { name: 'How to commute' });
  await expect(card.getByText('Chosen: Car')).toBeVisible();
});

test('voting ended by hand names who ended it, not an expired deadline', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await tokenOf(request, owner);
  const decision = await createTeamDecisionViaApi(request, token, {
    name: 'Ended by hand',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost', importance: 100 }],
  });
  await activateViaApi(request, token, decision.id);
  const ended = await request.post(`/api/decision/${decision.id}/end-voting`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(ended.status()).toBe(200);

  await signInViaApi(page, owner, 'no page');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.deadlineBanner).toContainText(`Voting ended by ${owner.email.split('@')[0]} on `);
  await expect(view.deadlineBanner).not.toContainText('Ended on');
});

test('after registering (German), the login page has the address filled in and says the confirmation mail went out', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const email = uniqueEmail();
  const password = uniquePassword();
  const registerPage = new RegisterPage(page);
  await registerPage.goto();
  await registerPage.register(email, password);
  await expect(page).toHaveURL(/\/login$/);

  const loginPage = new LoginPage(page);
  await expect(loginPage.email).toHaveValue(email);
  await expect(loginPage.password).toBeFocused();
  await expect(loginPage.status).toHaveText(
    `Dein Konto ist bereit. Wir haben einen Bestätigungslink an ${email} geschickt; gib jetzt dein Passwort ein, um dich anzumelden.`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await loginPage.password.fill(password);
  await loginPage.submitButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
});

test('AI claims on the landing page and in the FAQ appear where AI is available, and the build has pages without them', async ({
  page,
}) => {
  // This server has an AI provider (playwright.config.ts): the claims are there.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 3, name: 'AI insights' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('button', { name: 'How does the AI scoring work?' })).toBeVisible();

  // What a server without a provider sends instead (server/plugins/web-app.ts picks it).
  const built = (file: string) => fs.readFileSync(path.resolve('dist/web', file), 'utf8');
  for (const file of [
    'prerendered/en/home.no-ai.html',
    'prerendered/de/faq.no-ai.html',
    'index.no-ai.html',
  ]) {
    expect(built(file)).toContain('<html data-ai="off"');
  }
  expect(built('prerendered/en/home.no-ai.html')).not.toContain('AI insights');
  expect(built('prerendered/en/home.no-ai.html')).toContain('score every option per criterion');
  expect(built('prerendered/de/faq.no-ai.html')).not.toContain('Wie funktioniert die KI-Bewertung?');
  expect(built('prerendered/de/faq.html')).toContain('Wie funktioniert die KI-Bewertung?');
});

test('the FAQ defines the vocabulary once: importance, share, weight, the scales and AI', async ({
  page,
}) => {
  await page.goto('/faq');
  const glossary = page.getByRole('region', { name: 'Glossary' });
  for (const term of ['Importance', 'Share', 'Weight', 'Scales', 'AI']) {
    await expect(glossary.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toHaveCount(1);
  }
  await expect(glossary).toContainText('Shares always add up to 100 %');
  await expect(glossary).toContainText('personal decisions are scored 1–10, team votes 0–10');
  expect(await seriousViolations(page)).toEqual([]);
});
