import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { DecisionDetailsPage } from './pages/DecisionDetailsPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { SpreadsheetImportPanel } from './pages/SpreadsheetImportPanel.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 31: decisions from a spreadsheet. The server reads; the page shows the preview back in the
// interface language and saves through the usual create calls.

test.describe('on a phone (390 px)', () => {
  test('pasted cells from a German spreadsheet become a personal decision', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInViaApi(page, account);
    await new AppFrame(page).switchLanguage('Deutsch');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/new-decision');
    const panel = new SpreadsheetImportPanel(page);
    await panel.open();
    // As a German spreadsheet copies cells: tabs between cells, decimal commas.
    await panel.paste(
      ['\tMiete\tLage\tRuhe', 'Gewichtung\t62,5\t25\t12,5', 'Altbau\t8\t6\tlaut', 'Neubau\t5\t9\t7'].join(
        '\n',
      ),
    );

    await expect(panel.status).toHaveText('2 Optionen und 3 Kriterien gelesen; 1 Hinweis.');
    await expect(panel.nameInput).toHaveValue('Importierte Entscheidung');
    // Weights shown back in German notation; no column became measured.
    await expect(panel.columnHeader('Miete')).toContainText('Gewichtung 62,5');
    await expect(panel.columnHeader('Ruhe')).toContainText('Bewertung 1–10');
    await expect(panel.preview).toContainText('Keine Spalte ist gemessen');
    // The unreadable cell stays empty and is named by its sheet row and column.
    await expect(panel.cell('Altbau', 3)).toHaveText('leer');
    await expect(panel.cell('Neubau', 2)).toHaveText('9');
    await expect(panel.warnings).toHaveText([
      'Zeile 3, Spalte D: „laut“ ist keine Zahl; die Zelle blieb leer.',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    await panel.nameInput.fill('Welche Wohnung?');
    await panel.createButton.click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Welche Wohnung?');
    await expect(page).toHaveURL(/\/single-decision\/\d+$/);
    const matrix = main.getByRole('table', { name: /^Bewertungen jeder Option pro Kriterium/ });
    const row = (option: string) =>
      matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name: option }) });
    // Altbau: (8 × 62.5 + 6 × 25) / 100 = 6.5 (its empty cell counts 0); Neubau: (5 × 62.5 + 9 × 25 + 7 × 12.5) / 100 = 6.3.
    await expect(row('Altbau').getByRole('cell').last()).toHaveText('6,5');
    await expect(row('Neubau').getByRole('cell').last()).toHaveText('6,3');
  });
});

test('an XLSX file becomes a personal decision; formulas count with their saved values', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInViaApi(page, account);
  await page.goto('/new-decision');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Cars');
  sheet.addRow(['Car', 'Price', 'Comfort']);
  sheet.addRow(['Weight (%)', 70, 30]);
  sheet.addRow(['Estate', 6, 8]);
  // The saved result 9 counts; the formula itself is never calculated.
  sheet.addRow(['Hatchback', { formula: 'B3+1', result: 9 }, 5]);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());

  const panel = new SpreadsheetImportPanel(page);
  await panel.open();
  await panel.upload(
    'Family car.xlsx',
    file,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  await expect(panel.status).toHaveText('Read 2 options and 2 criteria; 0 warnings.');
  await expect(panel.nameInput).toHaveValue('Family car');
  await expect(panel.cell('Hatchback', 1)).toHaveText('9');
  await expect(panel.preview).toContainText('No warnings: every cell was read as written.');
  expect(await seriousViolations(page)).toEqual([]);
  // The preview in the dark theme too.
  await new AppFrame(page).themeToggle().click();
  await expect(page.locator('html.dark')).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  await panel.createButton.click();
  const details = new DecisionDetailsPage(page);
  await expect(details.heading).toHaveText('Family car');
  // Estate 6 × 0.7 + 8 × 0.3 = 6.6; Hatchback 9 × 0.7 + 5 × 0.3 = 7.8.
  await expect(details.totalOf('Hatchback')).toHaveText('7.8');
  await expect(details.totalOf('Estate')).toHaveText('6.6');
});

test('a CSV file on New team decision becomes a team decision with its options and weights', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInViaApi(page, account);
  await page.goto('/new-team-decision');
  const panel = new SpreadsheetImportPanel(page);
  await panel.open();
  await panel.upload(
    'Team offsite.csv',
    Buffer.from('Venue,Cost,Travel\nWeight,40,60\nLisbon,0,7\nBerlin,9,\n'),
    'text/csv',
  );
  await expect(panel.status).toHaveText('Read 2 options and 2 criteria; 0 warnings.');
  // 0 is on the team scale (0–10).
  await expect(panel.cell('Lisbon', 1)).toHaveText('0');
  await expect(panel.cell('Berlin', 2)).toHaveText('empty');
  await expect(panel.columnHeader('Cost')).toContainText('Score 0–10');
  await expect(panel.preview).toContainText('Scores from the table are not carried over');
  expect(await seriousViolations(page)).toEqual([]);

  await panel.createButton.click();
  await expect(page).toHaveURL(/\/team-decision\/\d+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Team offsite');
  await expect(main).toContainText('Lisbon');
  await expect(main).toContainText('Berlin');
});

/** Copied cells with Unit and Direction rows: a price in € (lower is better) and a score column. */
const MEASURED_LAPTOPS = [
  '\tPrice\tLooks',
  'Weight\t60\t40',
  'Unit\t€\t',
  'Direction\tlower\t',
  'Aero\t1,299 €\t7',
  'Brick\t999\t4',
].join('\n');

test('pasted cells with a measured price become a personal decision that scores the raw values', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInViaApi(page, account);
  await page.goto('/new-decision');
  const panel = new SpreadsheetImportPanel(page);
  await panel.open();
  await panel.paste(MEASURED_LAPTOPS);
  await expect(panel.status).toHaveText('Read 2 options and 2 criteria; 0 warnings.');
  await expect(panel.columnHeader('Price')).toContainText('Measured in €, lower is better');
  await expect(panel.cell('Aero', 1)).toHaveText('1,299 €');
  await expect(panel.cell('Brick', 2)).toHaveText('4');
  expect(await seriousViolations(page)).toEqual([]);

  await panel.nameInput.fill('Laptops by price');
  await panel.createButton.click();
  const details = new DecisionDetailsPage(page);
  await expect(details.heading).toHaveText('Laptops by price');
  // Worst and best default to the dearest (1,299 €: 1) and the cheapest (999 €: 10) price.
  await expect(page.getByRole('cell', { name: '1,299 € → 1.0' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '999 € → 10.0' })).toBeVisible();
  // Aero 1 × 0.6 + 7 × 0.4 = 3.4; Brick 10 × 0.6 + 4 × 0.4 = 7.6.
  await expect(details.totalOf('Aero')).toHaveText('3.4');
  await expect(details.totalOf('Brick')).toHaveText('7.6');
  expect(await seriousViolations(page)).toEqual([]);
});

test('pasted cells with a measured price on New team decision carry the prices over as facts', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInViaApi(page, account);
  await page.goto('/new-team-decision');
  const panel = new SpreadsheetImportPanel(page);
  await panel.open();
  await panel.paste(MEASURED_LAPTOPS);
  await expect(panel.status).toHaveText('Read 2 options and 2 criteria; 0 warnings.');
  await expect(panel.preview).toContainText('Measured values are carried over as the decision’s facts');
  // Looks is a score criterion: members vote on it.
  await expect(panel.preview).toContainText('Scores from the table are not carried over');
  expect(await seriousViolations(page)).toEqual([]);

  await panel.createButton.click();
  await expect(page).toHaveURL(/\/team-decision\/\d+$/);
  const id = Number(/\/team-decision\/(\d+)$/.exec(page.url())![1]);
  await new EditTeamDecisionPage(page).goto(id, 'vote');
  const votes = page.getByRole('table', { name: /Your score of every option per criterion/ });
  // Team scale 0–10: the dearer laptop scores 0 on price, the cheaper 10.
  await expect(votes.getByText('1,299 € → 0.0')).toBeVisible();
  await expect(votes.getByText('999 € → 10.0')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
