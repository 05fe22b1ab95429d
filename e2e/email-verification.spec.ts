import { expect, test, type Page } from '@playwright/test';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { LoginPage } from './pages/LoginPage.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { TeamInvitePage } from './pages/TeamInvitePage.ts';
import { seriousViolations } from './support/axe.ts';
import { mailsMatching, waitForMail, type OutboxMail } from './support/outbox.ts';
import { createTeamDecisionViaApi } from './support/team.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';

const isVerificationMailTo = (email: string) => (mail: OutboxMail) =>
  mail.to === email && mail.subject === en.mail.emailVerification.subject;

function verificationLinkOf(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  return link!;
}

const bannerOf = (page: Page) => page.getByRole('region', { name: en.verifyEmail.title });

test('register → confirmation banner with Send again → the mailed link confirms → banner gone', async ({
  page,
}) => {
  test.setTimeout(90_000); // register, log in, an axe run, two mails
  const email = uniqueEmail();
  const password = uniquePassword();
  const registerPage = new RegisterPage(page);
  await registerPage.goto();
  await registerPage.register(email, password);
  await expect(registerPage.status).toHaveText('Account created successfully!');
  await expect(page).toHaveURL(/\/login$/);
  await new LoginPage(page).logIn(email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = bannerOf(page);
  await expect(banner).toContainText(en.verifyBanner.message.replace('{{email}}', email));
  expect(await seriousViolations(page), 'dashboard with the banner').toEqual([]);
  await banner.getByRole('button', { name: en.verifyBanner.resend }).click();
  await expect(banner.getByRole('status')).toHaveText(en.verifyBanner.sent);
  await expect.poll(() => mailsMatching(isVerificationMailTo(email)).length).toBe(2);

  const link = verificationLinkOf(await waitForMail(isVerificationMailTo(email)));
  await page.goto(link);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(en.verifyEmail.success);
  await expect(bannerOf(page)).toHaveCount(0);
  await page.getByRole('link', { name: en.verifyEmail.toDashboard }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(bannerOf(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your decisions' })).toBeVisible();
  await expect(bannerOf(page)).toHaveCount(0);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(en.verifyEmail.failure);
});

test('an unconfirmed owner’s invitation: the invite page says the mail waits and shows the link; confirming sends it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // log in, invite, an axe run, confirm
  const owner = { email: uniqueEmail(), password: uniquePassword() };
  expect((await request.post('/api/register', { data: { ...owner, inviteToken: null } })).status()).toBe(201);
  const login = await request.post('/api/login', { data: owner });
  const { token } = (await login.json()) as { token: string };
  const decision = await createTeamDecisionViaApi(request, token, { name: 'Held invitation' });

  await page.goto('/login');
  await new LoginPage(page).logIn(owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const invitePage = new TeamInvitePage(page);
  await invitePage.goto(decision.id);
  const invitee = uniqueEmail();
  const link = await invitePage.invite(invitee, 'editor');
  expect(link).toMatch(/\/invite\?token=[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('note')).toHaveText(en.teamInvite.mailHeld.replace('{{email}}', invitee));
  expect(await seriousViolations(page), 'invite page with the held-mail notice').toEqual([]);
  expect(mailsMatching((mail) => mail.to === invitee)).toEqual([]);

  await page.goto(verificationLinkOf(await waitForMail(isVerificationMailTo(owner.email))));
  await expect(page.getByRole('main').getByRole('status')).toHaveText(en.verifyEmail.success);
  const invitation = await waitForMail((mail) => mail.to === invitee);
  expect(invitation.subject).toContain('Held invitation');
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('an unknown confirmation link says so in German', async ({ page }) => {
    await page.goto('/verify-email?token=no-such-token');
    await expect(page.getByRole('heading', { level: 1, name: de.verifyEmail.title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(de.verifyEmail.failure);
    await expect(page.getByRole('main').getByRole('link', { name: de.verifyEmail.toLogin })).toBeVisible();
  });
});
