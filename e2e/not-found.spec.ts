import { expect, test } from '@playwright/test';

test('an unknown route shows the 404 page inside the app frame', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
