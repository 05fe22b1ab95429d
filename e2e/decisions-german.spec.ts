import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';

test('the older evaluation screen, editing and comments speak German', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account);
  await new AppFrame(page).switchLanguage('Deutsch');
  const main = page.getByRole('main');

  await page.goto(`/decision/${decision.id}/evaluate`);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Entscheidung bewerten');
  // A personal decision is scored 1–10 on this screen too.
  const carCost = main.getByRole('textbox', { name: 'Bewertung von Car für Cost (1–10)' });
  await carCost.fill('3');
  await main.getByRole('button', { name: 'Bewertungen speichern' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Bewertungen gespeichert!' })).toBeVisible();

  // 3 × 0.6 + 9 × 0.4 = 5.4, with a German decimal comma.
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('How to commute');
  await expect(
    main
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Car' }) })
      .getByRole('cell')
      .last(),
  ).toHaveText('5,4');

  await main.getByRole('link', { name: 'Bearbeiten', exact: true }).click();
  await main.getByLabel('Titel', { exact: true }).fill('Wie pendeln?');
  await main.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Entscheidung aktualisiert')).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Wie pendeln?');

  await main.getByRole('textbox', { name: 'Kommentar schreiben' }).fill('Zug ist entspannter.');
  await main.getByRole('button', { name: 'Kommentar senden' }).click();
  await expect(main.getByText('Zug ist entspannter.')).toBeVisible();
  // The comment's own time (the history section above lists times of day).
  const comment = main.getByRole('listitem').filter({ hasText: 'Zug ist entspannter.' });
  await expect(comment.locator('time')).toHaveText(/^vor /);
  await main.getByRole('button', { name: 'Kommentar löschen' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Kommentar wirklich löschen?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(main.getByText('Noch keine Kommentare. Beginne die Diskussion.')).toBeVisible();

  await page.goto('/single-decision/999999999');
  await expect(main.getByRole('alert')).toContainText('Keine Entscheidung gefunden');
});
