import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
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

export async function logInThroughUi(page: Page, account: TestAccount): Promise<void> {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A second (or third) signed-in person: a browser context of their own, logged in through the UI. */
export async function sessionOf(
  browser: Browser,
  account: TestAccount,
  colorScheme?: 'light' | 'dark',
): Promise<Page> {
  const page = await (await browser.newContext(colorScheme ? { colorScheme } : {})).newPage();
  await logInThroughUi(page, account);
  return page;
}
