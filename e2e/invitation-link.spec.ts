import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { createAccount } from './support/accounts.ts';

test('an invitation opened before logging in is resumed right after the login', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/invite?token=team-invite-token');
  await expect(page.getByText('You have been invited to a team decision (role: Member).')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingInviteToken'))).toBe('team-invite-token');

  await page.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login\?token=team-invite-token$/);
  await new LoginPage(page).logIn(account.email, account.password);

  await expect(page).toHaveURL(/\/invite\?token=team-invite-token$/);
  expect(await page.evaluate(() => localStorage.getItem('pendingInviteToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('inviteTokenFresh'))).toBeNull();
});

test('a login without a pending invitation goes to the dashboard', async ({ page, request }) => {
  const account = await createAccount(request);
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your decisions' })).toBeVisible();
});
