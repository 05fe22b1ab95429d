import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { createAccount } from './support/accounts.ts';

test('an unknown invitation link shows the invalid-link message and keeps no pending invitation', async ({
  page,
}) => {
  await page.goto('/invite?token=no-such-invitation');
  await expect(page.getByText('Invalid or expired invitation link.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingInviteToken'))).toBeNull();
});

test('a login without a pending invitation goes to the dashboard', async ({ page, request }) => {
  const account = await createAccount(request);
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your decisions' })).toBeVisible();
});
