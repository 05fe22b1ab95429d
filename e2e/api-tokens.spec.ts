import { expect, test } from '@playwright/test';
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
