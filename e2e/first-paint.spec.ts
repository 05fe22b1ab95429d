import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { PRERENDERED_PAGES } from '../shared/prerendered-pages.ts';
import { AppFrame } from './pages/AppFrame.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { createAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';

const catalogs = { en, de };
const PAGE_HEADINGS = {
  en: {
    home: en.home.headline,
    faq: en.faq.title,
    login: en.login.title,
    register: en.register.title,
    contact: en.contact.title,
  },
  de: {
    home: de.home.headline,
    faq: de.faq.title,
    login: de.login.title,
    register: de.register.title,
    contact: de.contact.title,
  },
};

/** Console errors and warnings and uncaught errors (React reports a hydration mismatch as one of these). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Remembers the h1 the server sent, before any script of the app runs (app-loader.js starts the app
 * after the first paint, long after DOMContentLoaded). Hydration keeps that very node; a client
 * render that gave up on the server's markup would replace it.
 */
async function rememberPrerenderedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
        document.querySelector('h1');
    });
  });
}

async function expectHydratedInPlace(page: Page): Promise<void> {
  // Controls are enabled only once hydrated (web/lib/hydration.ts).
  await expect(new AppFrame(page).themeToggle()).toBeEnabled();
  const isSameHeading = await page.evaluate(() => {
    const remembered = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
    return remembered !== null && remembered.isConnected && remembered === document.querySelector('h1');
  });
  expect(isSameHeading, 'the prerendered heading is still the page heading after hydration').toBe(true);
}

async function signInThroughApi(page: Page, request: APIRequestContext): Promise<void> {
  const account = await createAccount(request);
  const session = (await (await request.post('/api/login', { data: account })).json()) as {
    token: string;
    user: unknown;
  };
  // What the app stores after a login (zustand's persisted `auth-store`, and the token on its own).
  await page.addInitScript((stored) => {
    localStorage.setItem('auth-store', JSON.stringify({ state: stored, version: 0 }));
    localStorage.setItem('token', stored.token);
  }, session);
}

test.describe('without JavaScript, a German visitor', () => {
  test.use({ javaScriptEnabled: false, locale: 'de-DE' });

  test('reads the prerendered German pages and can follow their links', async ({ page }) => {
    const response = await page.goto('/faq');
    expect(response?.headers()['content-language']).toBe('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle(`${de.faq.title} · Decision Compass`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', de.seo.faq.description);
    await expect(page.getByRole('heading', { level: 1, name: de.faq.title })).toBeVisible();
    await expect(page.getByRole('button', { name: de.faq.items.aiScoring.question })).toBeVisible();

    await new AppFrame(page).mainNavigation.getByRole('link', { name: de.nav.contact }).click();
    await expect(page).toHaveURL(/\/kontakt$/);
    await expect(page.getByRole('heading', { level: 1, name: de.contact.title })).toBeVisible();
  });

  test('sees the login form disabled, so nothing is submitted before the app runs', async ({ page }) => {
    await page.goto('/login');
    const loginPage = new LoginPage(page);
    await expect(page.getByRole('heading', { level: 1, name: de.login.title })).toBeVisible();
    await expect(loginPage.email).toBeDisabled();
    await expect(loginPage.submitButton).toBeDisabled();
  });

  test('gets the language of the lang cookie, which wins over the browser language', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
    const response = await page.goto('/');
    expect(response?.headers()['content-language']).toBe('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: en.home.headline })).toBeVisible();
  });
});

for (const language of ['en', 'de'] as const) {
  test.describe(`hydration in ${language}`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('an anonymous visitor: every prerendered page hydrates in place without a console error', async ({
      page,
    }) => {
      const problems = collectProblems(page);
      await rememberPrerenderedHeading(page);
      for (const [name, path] of Object.entries(PRERENDERED_PAGES) as [
        keyof typeof PRERENDERED_PAGES,
        string,
      ][]) {
        const response = await page.goto(path);
        expect(response?.headers()['content-language'], path).toBe(language);
        await expectHydratedInPlace(page);
        await expect(
          page.getByRole('heading', { level: 1, name: PAGE_HEADINGS[language][name] }),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      }
      expect(problems).toEqual([]);
    });

    test('a signed-in visitor: the anonymous page hydrates, then the signed-in frame shows', async ({
      page,
      request,
    }) => {
      await signInThroughApi(page, request);
      const problems = collectProblems(page);
      await rememberPrerenderedHeading(page);
      for (const path of Object.values(PRERENDERED_PAGES)) {
        await page.goto(path);
        await expectHydratedInPlace(page);
        await expect(new AppFrame(page).accountMenuButton, path).toBeVisible();
        await expect(
          page.getByRole('link', { name: catalogs[language].nav.register, exact: true }),
        ).toHaveCount(0);
      }
      expect(problems).toEqual([]);
    });
  });
}

test.describe('after hydration', () => {
  test('the login form on the prerendered page signs in', async ({ page, request }) => {
    const account = await createAccount(request);
    const problems = collectProblems(page);
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await loginPage.logIn(account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(problems).toEqual([]);
  });

  test('the language switch translates the page and the next visit is prerendered in that language', async ({
    page,
    context,
  }) => {
    await page.goto('/faq');
    await new AppFrame(page).switchLanguage('Deutsch');
    await expect(page.getByRole('heading', { level: 1, name: de.faq.title })).toBeVisible();
    await expect(page).toHaveTitle(`${de.faq.title} · Decision Compass`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', de.seo.faq.description);
    expect(await context.cookies()).toContainEqual(expect.objectContaining({ name: 'lang', value: 'de' }));

    const response = await page.reload();
    expect(response?.headers()['content-language']).toBe('de');
    await expect(page.getByRole('heading', { level: 1, name: de.faq.title })).toBeVisible();
  });

  test('a stored language other than the served one wins once hydrated', async ({ page, context }) => {
    // A visitor who chose German on an English browser before the cookie existed.
    await page.addInitScript(() => localStorage.setItem('lang', 'de'));
    const problems = collectProblems(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-language']).toBe('en');
    await expect(page.getByRole('heading', { level: 1, name: de.login.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(new AppFrame(page).themeToggle()).toHaveAccessibleName(de.theme.switchToDark);
    // The choice now travels in the cookie, so the next page comes prerendered in German.
    expect(await context.cookies()).toContainEqual(expect.objectContaining({ name: 'lang', value: 'de' }));
    expect((await page.goto('/faq'))?.headers()['content-language']).toBe('de');
    expect(problems).toEqual([]);
  });

  test.describe('with a dark system preference', () => {
    test.use({ colorScheme: 'dark' });

    test('the page paints dark before hydration, and the toggle follows once hydrated', async ({ page }) => {
      const problems = collectProblems(page);
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(/dark/);
      const toggle = new AppFrame(page).themeToggle();
      await expect(toggle).toBeEnabled();
      await expect(toggle).toHaveAccessibleName(en.theme.switchToLight);
      await toggle.click();
      await expect(page.locator('html')).not.toHaveClass(/dark/);
      expect(problems).toEqual([]);
    });
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the prerendered contact page passes axe once hydrated', async ({ page }) => {
      await page.goto('/kontakt');
      await expect(new AppFrame(page).themeToggle()).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
