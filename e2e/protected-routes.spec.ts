import { expect, test } from '@playwright/test';

for (const path of ['/dashboard', '/profile', '/change-password', '/notifications']) {
  test(`anonymous visitors of ${path} are sent to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });
}

test('a revoked token logs the user out cleanly on the next start', async ({ page }) => {
  // A stored session the server does not know (e.g. revoked elsewhere) must not leave a half-logged-in app.
  await page.addInitScript(() => {
    const user = {
      id: 1,
      email: 'ghost@example.com',
      nickname: 'Ghost',
      first_name: null,
      last_name: null,
      birthday: null,
      language: 'en',
      avatar_url: null,
      created_at: '2024-01-01T00:00:00.000Z',
    };
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', 'true');
      localStorage.setItem('token', 'revoked-token');
      localStorage.setItem(
        'auth-store',
        JSON.stringify({ state: { token: 'revoked-token', user }, version: 0 }),
      );
    }
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
