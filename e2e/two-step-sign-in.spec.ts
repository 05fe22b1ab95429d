import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { LoginPage } from './pages/LoginPage.ts';
import { createAccount, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 28: TOTP (RFC 6238) as a second factor, with recovery codes; the test computes codes like an app.

/** The code an authenticator app shows for `secret`, `stepOffset` 30-second steps from now. */
function codeOf(secret: string, stepOffset = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

/** A 6-digit code of no step near now. */
function wrongCodeOf(secret: string): string {
  const near = new Set([-1, 0, 1].map((offset) => codeOf(secret, offset)));
  let candidate = 123456;
  while (near.has(String(candidate))) candidate += 1;
  return String(candidate);
}

/** Turns TOTP on through the API (set-up for tests that are about logging in); answers secret and codes. */
async function turnOnThroughApi(request: APIRequestContext, account: TestAccount) {
  const login = await request.post('/api/login', { data: account });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const enrolment = await request.post('/api/users/me/totp', { headers });
  const { secret } = (await enrolment.json()) as { secret: string };
  const confirmed = await request.post('/api/users/me/totp/confirm', {
    headers,
    data: { code: codeOf(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] };
  await request.post('/api/logout', { headers });
  return { secret, recoveryCodes: recovery_codes };
}

/** The code step of the login form: its field has the focus, as it should for keyboard and screen reader. */
async function reachCodeStep(page: Page, account: TestAccount) {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(account.email, account.password);
  await expect(page.getByRole('heading', { name: en.twoStep.loginTitle })).toBeVisible();
  return page.getByRole('main');
}

test('two-step sign-in is turned on on the profile page; logging in then asks for a code', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInViaApi(page, account, 'no page');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: en.twoStep.title });
  await section.getByRole('button', { name: en.twoStep.turnOn }).click();

  // Step 1 has the focus; the QR code and the key for typing it in are shown.
  await expect(section.getByRole('heading', { name: en.twoStep.scanStep })).toBeFocused();
  await expect(section.getByRole('img', { name: en.twoStep.qrLabel })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page), '/profile while setting up').toEqual([]);

  // A wrong code is refused with the server's message; the right one turns it on.
  const codeField = section.getByLabel(en.twoStep.appCode);
  await codeField.fill(wrongCodeOf(secret));
  await section.getByRole('button', { name: en.twoStep.confirm, exact: true }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText(en.errors.INVALID_TOTP_CODE).first()).toBeVisible();
  await codeField.fill(codeOf(secret));
  await section.getByRole('button', { name: en.twoStep.confirm, exact: true }).click();

  // The recovery codes, once, with the heading focused.
  await expect(section.getByRole('heading', { name: en.twoStep.recoveryTitle })).toBeFocused();
  const codes = section.getByRole('list', { name: en.twoStep.recoveryListLabel }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  expect(await seriousViolations(page), '/profile with the recovery codes').toEqual([]);
  await section.getByRole('button', { name: en.twoStep.recoveryDone }).click();
  await expect(section.getByText('Two-step sign-in is on. Unused recovery codes: 10 of 10.')).toBeVisible();
  expect(await seriousViolations(page), '/profile with two-step sign-in on').toEqual([]);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // The password alone no longer signs in: the code step asks for the app's code.
  const main = await reachCodeStep(page, account);
  const loginCode = main.getByLabel(en.twoStep.loginCode);
  await expect(loginCode).toBeFocused();
  await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(loginCode).toHaveAttribute('inputmode', 'numeric');
  expect(await seriousViolations(page), '/login, code step').toEqual([]);
  await loginCode.fill(wrongCodeOf(secret));
  await main.getByRole('button', { name: en.twoStep.submit }).click();
  await expect(main.getByRole('status')).toHaveText(en.errors.INVALID_SECOND_FACTOR_CODE);
  await expect(loginCode).toBeFocused();
  // The code of the step after the one that turned it on: each code is accepted once.
  await loginCode.fill(codeOf(secret, 1));
  await main.getByRole('button', { name: en.twoStep.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a recovery code signs in once in place of the app’s code, in German too', async ({ page, request }) => {
  const account = await createAccount(request);
  const { recoveryCodes } = await turnOnThroughApi(request, account);

  const main = await reachCodeStep(page, account);
  await main.getByRole('button', { name: en.twoStep.useRecoveryCode }).click();
  const recoveryField = main.getByLabel(en.twoStep.loginRecoveryCode);
  await expect(recoveryField).toBeFocused();
  expect(await seriousViolations(page), '/login, recovery code step').toEqual([]);
  await recoveryField.fill(recoveryCodes[0]!);
  await main.getByRole('button', { name: en.twoStep.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same code again, in a German browser: refused with the German message.
  const german = await page.context().browser()!.newContext({ locale: 'de-DE' });
  const germanPage = await german.newPage();
  const loginPage = new LoginPage(germanPage);
  await loginPage.goto();
  await loginPage.logIn(account.email, account.password);
  const germanMain = germanPage.getByRole('main');
  await expect(germanMain.getByRole('heading', { name: de.twoStep.loginTitle })).toBeVisible();
  await germanMain.getByRole('button', { name: de.twoStep.useRecoveryCode }).click();
  await germanMain.getByLabel(de.twoStep.loginRecoveryCode).fill(recoveryCodes[0]!);
  await germanMain.getByRole('button', { name: de.twoStep.submit }).click();
  await expect(germanMain.getByRole('status')).toHaveText(de.errors.INVALID_SECOND_FACTOR_CODE);
  await german.close();
});
