import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/faq',
  '/kontakt',
  '/forgot-password',
  '/reset-password?token=unknown',
  '/impressum',
  '/datenschutz',
  '/no-such-page',
];
const SIGNED_IN_PAGES = ['/profile', '/change-password'];

async function waitForPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Profile loads its data after the heading appears.
  await expect(page.getByText('Loading profile')).toHaveCount(0);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await waitForPage(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('signed-in pages have no serious accessibility violations', async ({ page, request }) => {
      test.setTimeout(SIGNED_IN_PAGES.length * 10_000 + 15_000); // one page load and axe run each
      await signInViaApi(page, await createAccount(request));
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await waitForPage(page);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}

test('the FAQ answers are reachable and pass the checks when expanded', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByRole('button', { name: 'How does the AI scoring work?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/In AI mode, the title, description/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the mobile navigation opens from the menu button at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-navigation').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator('#mobile-navigation')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the signed-in navbar fits a 360 px screen', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInViaApi(page, account);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  // Without a nickname or name the menu is named after the address's local part.
  const name = account.email.split('@')[0];
  await expect(page.getByRole('button', { name: `Account menu of ${name}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the axe check itself reports what it is shown: a low-contrast text and an unnamed button', async ({
  page,
}) => {
  await page.goto('/faq');
  await waitForPage(page);
  expect(await seriousViolations(page)).toEqual([]);
  // The same document again (axe already injected), now with two faults added.
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Barely readable';
    faint.style.cssText = 'color: #ddd; background: #fff';
    const unnamed = document.createElement('button');
    unnamed.id = 'unnamed-button';
    document.querySelector('main')!.append(faint, unnamed);
  });
  const found = await seriousViolations(page);
  expect(found.map(({ id }) => id).sort()).toEqual(['button-name', 'color-contrast']);
  expect(found.find(({ id }) => id === 'button-name')?.targets).toEqual(['#unnamed-button']);
});
