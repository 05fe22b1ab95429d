import { expect, test } from '@playwright/test';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { seriousViolations } from './support/axe.ts';

/** Each page with the text that shows it has finished loading. */
const PAGES: [path: string, readyText: string][] = [
  ['/dashboard', 'How to commute'],
  ['/new-decision', 'Step 1 of 4: Question'],
  ['/single-decision/{id}', 'Bar chart of the totals'],
  ['/decision/{id}/edit', 'Save changes'],
  ['/decision/{id}/evaluate', 'Save Evaluations'],
  ['/evaluation', 'Calculate Score'],
  ['/history', 'View Details'],
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('decision pages have no serious accessibility violations', async ({ page, request }) => {
      test.slow(); // seven pages, each loaded and scanned
      const account = await createAccount(request);
      const decision = await createDecisionViaApi(
        request,
        await apiToken(request, account),
        COMMUTE_DECISION,
      );
      await signInViaApi(page, account);
      for (const [path, readyText] of PAGES) {
        await page.goto(path.replace('{id}', String(decision.id)));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(
          page
            .getByText(readyText)
            .or(page.getByRole('img', { name: new RegExp(readyText) }))
            .first(),
        ).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}

test('the delete dialog, the filled form and the calculator result pass the checks', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account);

  await page.getByRole('button', { name: /^More actions/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/new-decision');
  await page.getByRole('button', { name: 'More settings' }).click();
  await page.getByRole('button', { name: 'Load example' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Option 2', exact: true }).fill('apartment in the city');
  await expect(page.getByText('No duplicates: this name is already used.').first()).toBeVisible();
  expect(await seriousViolations(page), 'form with duplicates').toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'form at 360 px',
  ).toBeLessThanOrEqual(360);
  await page.goto('/dashboard');
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'dashboard at 360 px',
  ).toBeLessThanOrEqual(360);
});
