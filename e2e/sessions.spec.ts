import { expect, test, type Page } from '@playwright/test';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { createConfirmedAccount, sessionOf, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForMail } from './support/outbox.ts';
import { uniqueEmail } from './support/test-data.ts';

const sessionsRegion = (page: Page) => page.getByRole('region', { name: en.signedInSessions.title });

test('two browsers signed in: the list shows both, signing out the other ends it on its next request', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two browser contexts and an axe run
  const account = await createConfirmedAccount(page.request);
  await signInViaApi(page, account, 'no page');
  const otherBrowser = await sessionOf(browser, account);

  await page.goto('/profile');
  const sessions = sessionsRegion(page);
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(
    sessions.getByRole('listitem').filter({ hasText: en.signedInSessions.thisDevice }),
  ).toHaveCount(1);
  // Chromium on Linux, in plain words; the address only as a hint (127.0.0.x).
  await expect(sessions.getByRole('listitem').first()).toContainText('Chrome on Linux');
  await expect(sessions).toContainText('127.0.0.x');
  expect(await seriousViolations(page), 'profile with the sessions list').toEqual([]);

  await sessions.getByRole('button', { name: /^Sign out Chrome on Linux/ }).click();

  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions).toContainText(en.signedInSessions.onlyThisDevice);
  // The other browser learns on its next request: back at the login page, told why.
  await otherBrowser.goto('/dashboard');
  await expect(otherBrowser).toHaveURL(/\/login/);
  await expect(otherBrowser.getByText(en.session.expired)).toBeVisible();
  // This browser stays signed in.
  await page.reload();
  await expect(sessionsRegion(page).getByRole('listitem')).toHaveCount(1);
  await otherBrowser.context().close();
});

test('"Überall sonst abmelden" (German) keeps only this browser', async ({ page, browser }) => {
  const account = await createConfirmedAccount(page.request);
  // The account speaks German: the profile page follows it.
  const login = await page.request.post('/api/login', { data: account });
  const { token } = (await login.json()) as { token: string };
  const german = await page.request.put('/api/users/update', {
    data: { language: 'de' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(german.status()).toBe(200);
  await signInViaApi(page, account, 'no page');
  const others = [await sessionOf(browser, account), await sessionOf(browser, account)];

  await page.goto('/profile');
  const sessions = page.getByRole('region', { name: de.signedInSessions.title });
  await expect(sessions.getByRole('listitem')).toHaveCount(4);
  await expect(sessions.getByRole('button', { name: /^Abmelden: Chrome unter Linux/ })).toHaveCount(3);
  await sessions.getByRole('button', { name: de.signedInSessions.signOutOthers }).click();

  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions).toContainText(de.signedInSessions.onlyThisDevice);
  for (const other of others) {
    await other.goto('/dashboard');
    await expect(other).toHaveURL(/\/login/);
    await other.context().close();
  }
});

test('change the e-mail address: the link mailed to the new address applies it, the old one gets a notice', async ({
  page,
}) => {
  test.setTimeout(90_000); // two mails and an axe run
  const account = await createConfirmedAccount(page.request);
  await signInViaApi(page, account, 'no page');
  const newEmail = uniqueEmail();

  await page.goto('/profile');
  const form = page.getByRole('region', { name: en.emailChange.title });
  await expect(form).toContainText(account.email);
  // A wrong password changes nothing and says so.
  await form.getByLabel(en.emailChange.newEmail).fill(newEmail);
  await form.getByLabel(en.emailChange.password).fill('not my password');
  await form.getByRole('button', { name: en.emailChange.submit }).click();
  await expect(form.getByRole('status')).toContainText(en.errors.WRONG_CURRENT_PASSWORD);

  await form.getByLabel(en.emailChange.password).fill(account.password);
  await form.getByRole('button', { name: en.emailChange.submit }).click();
  await expect(form.getByRole('status')).toHaveText(en.emailChange.sent.replace('{{email}}', newEmail));

  const notice = await waitForMail(
    (mail) => mail.to === account.email && mail.subject === en.mail.emailChangeNotice.subject,
  );
  expect(notice.text).toContain(newEmail);
  const confirmation = await waitForMail(
    (mail) => mail.to === newEmail && mail.subject === en.mail.emailChangeConfirmation.subject,
  );
  const link = /https?:\/\/\S+\/confirm-email-change\?token=[A-Za-z0-9_-]+/.exec(confirmation.text)?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('status')).toHaveText(en.confirmEmailChange.success);
  expect(await seriousViolations(page), 'confirmation page').toEqual([]);
  await page.getByRole('link', { name: en.confirmEmailChange.toProfile }).click();
  await expect(page.getByRole('region', { name: en.emailChange.title })).toContainText(newEmail);

  // The link is used up, and the new address logs in.
  await page.goto(link!);
  await expect(page.getByRole('status')).toHaveText(en.errors.INVALID_EMAIL_CHANGE_LINK);
  const login = await page.request.post('/api/login', {
    data: { email: newEmail, password: account.password },
  });
  expect(login.status()).toBe(200);
});
