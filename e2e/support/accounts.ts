import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
import { waitForMail } from './outbox.ts';
import { uniqueEmail, uniquePassword } from './test-data.ts';

export interface TestAccount {
  email: string;
  password: string;
}

/** Creates an account through the API; tests of the registration form itself use the UI instead. */
export async function createAccount(request: APIRequestContext): Promise<TestAccount> {
  const account = { email: uniqueEmail(), password: uniquePassword() };
  const response = await request.post('/api/register', { data: { ...account, inviteToken: null } });
  expect(response.status()).toBe(201);
  return account;
}

/**
 * An account whose address is confirmed through the mailed link (read from the dev outbox), as AI calls
 * and mails to other people need.
 */
export async function createConfirmedAccount(request: APIRequestContext): Promise<TestAccount> {
  const account = await createAccount(request);
  const mail = await waitForMail(
    (candidate) => candidate.to === account.email && /verify-email\?token=/.test(candidate.text),
  );
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const confirmed = await request.post('/api/verify-email', { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return account;
}

/** Logs in through the login form; for tests of that form and of what happens right after it. */
export async function logInThroughUi(page: Page, account: TestAccount): Promise<void> {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the API and leaves the browser exactly as the login form does (the session in the
 * persisted `auth-store` and under `token`, the account's language remembered), then opens the
 * dashboard: the same state for a fraction of the time, for every test that is not about logging in.
 * 'no page' skips the dashboard when the test opens its own page next (one page load less per test).
 */
export async function signInViaApi(
  page: Page,
  account: TestAccount,
  landing: 'dashboard' | 'no page' = 'dashboard',
): Promise<void> {
  const response = await page.request.post('/api/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as {
    token: string;
    user: { language: string };
    password_change_required: boolean;
  };
  // Any page of the app's origin gives access to its storage; robots.txt is the lightest.
  await page.goto('/robots.txt');
  await page.evaluate(({ token, user, password_change_required }) => {
    localStorage.setItem('token', token);
    localStorage.setItem(
      'auth-store',
      JSON.stringify({ state: { token, user, isPasswordChangeDue: password_change_required }, version: 0 }),
    );
    localStorage.setItem('lang', user.language);
    document.cookie = `lang=${user.language}; Path=/; SameSite=Lax`;
  }, session);
  if (landing === 'no page') return;
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A second (or third) signed-in person: a browser context of their own, signed in through the API. */
export async function sessionOf(
  browser: Browser,
  account: TestAccount,
  colorScheme?: 'light' | 'dark',
): Promise<Page> {
  const page = await (await browser.newContext(colorScheme ? { colorScheme } : {})).newPage();
  await signInViaApi(page, account);
  return page;
}
