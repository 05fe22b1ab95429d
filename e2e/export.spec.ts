import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { AppFrame } from './pages/AppFrame.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { createTeamDecisionViaApi } from './support/team.ts';

/** Clicks a download button and returns the file's suggested name and bytes. */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test('the details page downloads the decision as PDF and as CSV under the server’s file names', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const decision = await createDecisionViaApi(request, await apiToken(request, account), {
    ...COMMUTE_DECISION,
    name: 'Pendeln: Zug oder Auto – Größe',
  });
  await signInViaApi(page, account, 'no page');
  const details = new DecisionDetailsPage(page);
  await details.goto(decision.id);
  await expect(details.heading).toHaveText('Pendeln: Zug oder Auto – Größe');

  const pdf = await download(page, details.downloadPdfButton);
  expect(pdf.name).toBe('Pendeln Zug oder Auto – Größe.pdf');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const csv = await download(page, details.downloadCsvButton);
  expect(csv.name).toBe('Pendeln Zug oder Auto – Größe.csv');
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.subarray(3).toString('utf8');
  expect(text.startsWith('Decision,Pendeln: Zug oder Auto – Größe\r\n')).toBe(true);
  expect(text).toContain('Train,8,6,7.2,1');
});

test('the team view downloads CSV and PDF, in German for a German reader', async ({ page, request }) => {
  const account = await createAccount(request);
  const decision = await createTeamDecisionViaApi(request, await apiToken(request, account), {
    name: 'Teamausflug',
    options: ['Köln', 'Oslo'],
    criteria: [{ name: 'Kosten' }, { name: 'Wetter' }],
  });
  await signInViaApi(page, account);
  await new AppFrame(page).switchLanguage('Deutsch');
  const teamPage = new TeamDecisionPage(page);
  await teamPage.goto(decision.id);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Teamausflug');

  const csv = await download(page, teamPage.downloadCsvButton);
  expect(csv.name).toBe('Teamausflug.csv');
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.subarray(3).toString('utf8');
  expect(text.startsWith('Entscheidung;Teamausflug\r\n')).toBe(true);
  // Nobody has voted: the export says there is no result and labels the column provisional (issue 25).
  expect(text).toContain('Ergebnisse;Noch kein Ergebnis: Niemand hat vollständig abgestimmt.');
  expect(text).toContain('Option;Kosten;Wetter;Teamergebnis (vorläufig);Rang');

  const pdf = await download(page, teamPage.downloadPdfButton);
  expect(pdf.name).toBe('Teamausflug.pdf');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
