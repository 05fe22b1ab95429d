import { expect, test } from '@playwright/test';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { ApiTokensSection } from './pages/ApiTokensSection.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';

test('create an API token (shown once, copied), use it from a script, revoke it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000); // two axe runs
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await createAccount(page.request);
  await signInViaApi(page, account, 'no page');
  await page.goto('/profile');
  const tokens = new ApiTokensSection(page);
  await expect(tokens.empty).toBeVisible();

  await tokens.create('Weekly report', 'write', '7');
  await expect(tokens.newToken).toBeVisible();
  await expect(tokens.newToken).toContainText(en.apiTokens.newTokenWarning);
  const token = await tokens.newTokenValue.inputValue();
  expect(token).toMatch(/^dc_pat_[A-Za-z0-9_-]{43}$/);
  await expect(tokens.item('Weekly report')).toContainText(en.apiTokens.scope_write);
  await expect(tokens.item('Weekly report')).toContainText(en.apiTokens.neverUsed);
  expect(await seriousViolations(page), 'profile with a new API token').toEqual([]);

  await tokens.copyButton.click();
  await expect(tokens.newToken.getByRole('status')).toHaveText(en.apiTokens.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // A script calls the API with it.
  const asScript = { authorization: `Bearer ${token}` };
  expect((await page.request.get('/api/decision', { headers: asScript })).status()).toBe(200);

  // Shown once: after a reload the list has the token, used, but nowhere its value.
  await page.reload();
  await expect(tokens.item('Weekly report')).toContainText(/last used/);
  await expect(tokens.newToken).toHaveCount(0);
  expect(await page.content()).not.toContain(token);

  await tokens.revoke('Weekly report');
  await expect(tokens.empty).toBeVisible();
  expect((await page.request.get('/api/decision', { headers: asScript })).status()).toBe(401);
  expect(await seriousViolations(page), 'profile after revoking').toEqual([]);
});

test('the section in German: created token shown once with its warning', async ({ page }) => {
  const account = await createAccount(page.request);
  const login = await page.request.post('/api/login', { data: account });
  const { token: session } = (await login.json()) as { token: string };
  const german = await page.request.put('/api/users/update', {
    data: { language: 'de' },
    headers: { authorization: `Bearer ${session}` },
  });
  expect(german.status()).toBe(200);
  await signInViaApi(page, account, 'no page');
  await page.goto('/profile');

  const region = page.getByRole('region', { name: de.apiTokens.title });
  await expect(region.getByText(de.apiTokens.empty)).toBeVisible();
  await region.getByLabel(de.apiTokens.nameLabel).fill('Export-Skript');
  await region.getByLabel(de.apiTokens.expiryLabel).selectOption('never');
  await region.getByRole('button', { name: de.apiTokens.create }).click();
  await expect(region).toContainText(de.apiTokens.newTokenWarning);
  const item = region.getByRole('listitem').filter({ hasText: 'Export-Skript' });
  await expect(item).toContainText(de.apiTokens.scope_read);
  await expect(item).toContainText(de.apiTokens.noExpiry);
  expect(await seriousViolations(page), 'German profile with a new API token').toEqual([]);
});
