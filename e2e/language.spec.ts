import { expect, test } from '@playwright/test';
import de from '../shared/i18n/de.json' with { type: 'json' };
import { AppFrame } from './pages/AppFrame.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { createAccount, logInThroughUi } from './support/accounts.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';

test('switching to German translates the frame and the login page and is remembered', async ({ page }) => {
  const frame = new AppFrame(page);
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await frame.switchLanguage('Deutsch');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(frame.mainNavigation.getByRole('link', { name: 'Kontakt' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Impressum' })).toBeVisible();

  // The server answers in the language of the request, so its error text is German too.
  await loginPage.logIn(uniqueEmail(), uniquePassword());
  await expect(loginPage.status).toHaveText(de.errors.INVALID_CREDENTIALS);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(frame.mainNavigation.getByRole('link', { name: 'Start' })).toBeVisible();
});

test('registration shows the German status texts', async ({ page }) => {
  const frame = new AppFrame(page);
  const registerPage = new RegisterPage(page);
  await registerPage.goto();
  await frame.switchLanguage('Deutsch');

  await registerPage.register(uniqueEmail(), uniquePassword());
  await expect(registerPage.status).toHaveText('Account erfolgreich erstellt!');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the app starts in German', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Jetzt starten – kostenlos' })).toBeVisible();
  });
});

test('a signed-in user keeps the chosen language on the account', async ({ page, request }) => {
  const account = await createAccount(request);
  await logInThroughUi(page, account);
  await new AppFrame(page).switchLanguage('Deutsch');
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Entscheidungen' })).toBeVisible();

  await expect
    .poll(async () => {
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const response = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { language: string }).language;
    })
    .toBe('de');
});
