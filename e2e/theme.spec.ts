import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';

test.use({ colorScheme: 'light' });

test('the chosen theme survives a reload', async ({ page }) => {
  const frame = new AppFrame(page);
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await frame.themeToggle().click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(frame.themeToggle()).toHaveAccessibleName('Switch to light theme');

  await frame.themeToggle().click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test.describe('with a dark system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('the theme follows the system until the user chooses', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});
