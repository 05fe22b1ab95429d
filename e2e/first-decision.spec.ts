import { expect, test, type Locator, type Page } from '@playwright/test';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { createAccount, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';

/** Issue 25: every click on the way to the first ranked result counts; typing and Enter do not. */
class ClickCounter {
  count = 0;

  async click(locator: Locator): Promise<void> {
    this.count += 1;
    await locator.click();
  }
}

const OPTIONS = ['Alpha', 'Beta', 'Gamma'];
const CRITERIA = ['Price', 'Battery', 'Weight', 'Screen'];
// Importance by rank 10, 8, 5, 3: Alpha 207/26 ≈ 8.0, Beta 157/26 ≈ 6.0, Gamma 105/26 ≈ 4.0.
const SCORES = [
  [9, 8, 7, 6],
  [5, 6, 7, 8],
  [3, 4, 5, 6],
];

interface Texts {
  newDecision: string;
  title: string;
  step: (number: number, name: string) => string;
  steps: [string, string, string, string];
  option: (number: number) => string;
  criterion: (number: number) => string;
  importance: (number: number) => string;
  cell: (option: string, criterion: string) => string;
  save: string;
  bestOption: string;
  /** Advanced controls that only "More settings" shows, per step. */
  advanced: { question: RegExp[]; options: RegExp[]; criteria: RegExp[] };
}

const ENGLISH: Texts = {
  newDecision: 'New Decision',
  title: 'Title',
  step: (number, name) => `Step ${number} of 4: ${name}`,
  steps: ['Question', 'Options', 'Criteria', 'Scores'],
  option: (number) => `Option ${number}`,
  criterion: (number) => `Criterion ${number}`,
  importance: (number) => `Importance of criterion ${number} (0–100)`,
  cell: (option, criterion) => `Score of ${option} for ${criterion} (1–10)`,
  save: 'Save decision',
  bestOption: 'Best option',
  advanced: {
    question: [/^Choose a template$/, /^Load example$/, /^Mode$/, /^Visibility$/],
    options: [/^Suggest options$/],
    criteria: [/^Suggest criteria$/, /^Must-have and scale labels/, /^Rank them$/, /^Compare in pairs$/],
  },
};

const GERMAN: Texts = {
  newDecision: 'Neue Entscheidung',
  title: 'Titel',
  step: (number, name) => `Schritt ${number} von 4: ${name}`,
  steps: ['Frage', 'Optionen', 'Kriterien', 'Bewertung'],
  option: (number) => `Option ${number}`,
  criterion: (number) => `Kriterium ${number}`,
  importance: (number) => `Wichtigkeit von Kriterium ${number} (0–100)`,
  cell: (option, criterion) => `Bewertung von ${option} für ${criterion} (1–10)`,
  save: 'Entscheidung speichern',
  bestOption: 'Beste Option',
  advanced: {
    question: [/^Vorlage wählen$/, /^Beispiel laden$/, /^Modus$/, /^Sichtbarkeit$/],
    options: [/^Optionen vorschlagen$/],
    criteria: [
      /^Kriterien vorschlagen$/,
      /^Mindestwert und Skalenbeschriftung/,
      /^Rangfolge bilden$/,
      /^Paarweise vergleichen$/,
    ],
  },
};

/** A button, link, disclosure or labelled field with that name (the advanced controls are all of these). */
function control(page: Page, name: RegExp): Locator {
  const main = page.getByRole('main');
  return main
    .getByRole('button', { name })
    .or(main.getByRole('link', { name }))
    .or(main.getByLabel(name))
    .or(main.locator('summary').filter({ hasText: name }));
}

async function expectStep(page: Page, texts: Texts, number: number): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByText(texts.step(number, texts.steps[number - 1]!), { exact: true })).toBeVisible();
  await expect(main.locator('[aria-current="step"]')).toHaveText(new RegExp(`${texts.steps[number - 1]}$`));
  expect(await seriousViolations(page)).toEqual([]);
}

async function expectHidden(page: Page, names: RegExp[]): Promise<void> {
  for (const name of names) await expect(control(page, name)).toHaveCount(0);
}

/** The whole default path: dashboard → question → options → criteria → scores → saved and ranked. */
async function firstDecision(page: Page, texts: Texts, clicks: ClickCounter): Promise<void> {
  const main = page.getByRole('main');
  await clicks.click(main.getByRole('link', { name: texts.newDecision }));

  await expectStep(page, texts, 1);
  await expectHidden(page, texts.advanced.question);
  await main.getByLabel(texts.title, { exact: true }).fill('Choose a laptop');
  await main.getByLabel(texts.title, { exact: true }).press('Enter');

  await expectStep(page, texts, 2);
  await expectHidden(page, texts.advanced.options);
  // Enter goes to the next row, and after the last one adds a row: no "Add option" click.
  for (const [index, name] of OPTIONS.entries()) {
    const row = main.getByRole('textbox', { name: texts.option(index + 1), exact: true });
    await expect(row).toBeFocused();
    await row.fill(name);
    await row.press('Enter');
  }
  // Enter on the empty row the last Enter added is Next; the empty row is dropped.
  await expect(main.getByRole('textbox', { name: texts.option(4), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectStep(page, texts, 3);
  await expectHidden(page, texts.advanced.criteria);
  for (const [index, name] of CRITERIA.entries()) {
    const row = main.getByRole('textbox', { name: texts.criterion(index + 1), exact: true });
    await expect(row).toBeFocused();
    await row.fill(name);
    await row.press('Enter');
  }
  // Proposed by rank: the first 10, then down evenly.
  for (const [index, importance] of ['10', '8', '5', '3'].entries()) {
    await expect(main.getByRole('spinbutton', { name: texts.importance(index + 1) })).toHaveValue(importance);
  }
  await expect(main.getByRole('textbox', { name: texts.criterion(5), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectStep(page, texts, 4);
  for (const [optionIndex, row] of SCORES.entries()) {
    for (const [criterionIndex, score] of row.entries()) {
      const cell = main.getByRole('textbox', {
        name: texts.cell(OPTIONS[optionIndex]!, CRITERIA[criterionIndex]!),
      });
      await cell.fill(String(score));
      // One option at a time: Enter in its last cell opens the next option's card.
      if (criterionIndex === row.length - 1) await cell.press('Enter');
    }
  }
  await clicks.click(main.getByRole('button', { name: texts.save }));

  await expect(page).toHaveURL(/\/single-decision\/\d+$/);
  const row = (option: string) =>
    main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(option) }) });
  await expect(row('Alpha')).toContainText(texts.bestOption);
  await expect(row('Alpha').getByRole('cell').last()).toHaveText(/^8[.,]0$/);
  await expect(row('Beta')).not.toContainText(texts.bestOption);
  await expect(row('Gamma')).not.toContainText(texts.bestOption);
}

async function germanAccount(page: Page): Promise<TestAccount> {
  const account = { email: uniqueEmail(), password: uniquePassword() };
  const response = await page.request.post('/api/register', {
    data: { ...account, inviteToken: null },
    headers: { 'Accept-Language': 'de' },
  });
  expect(response.status()).toBe(201);
  return account;
}

test.describe('English on a 1280 px desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the guided first decision, 3 options × 4 criteria, reaches a ranked result in at most 8 clicks', async ({
    page,
    request,
  }) => {
    await signInViaApi(page, await createAccount(request));
    const clicks = new ClickCounter();
    await firstDecision(page, ENGLISH, clicks);
    expect(clicks.count).toBeLessThanOrEqual(8);
  });

  test('Next checks only its step, the errors go once fixed, and More settings reveals every advanced control', async ({
    page,
    request,
  }) => {
    await signInViaApi(page, await createAccount(request), 'no page');
    const form = new DecisionFormPage(page);
    await form.gotoNew();
    const main = page.getByRole('main');

    // Nothing typed: Next stays on the question with its message, which goes as the title is typed.
    await form.nextButton.click();
    await expect(form.stepStatus).toHaveText('Step 1 of 4: Question');
    await expect(form.title).toHaveAttribute('aria-invalid', 'true');
    await expect(form.title).toBeFocused();
    await form.title.fill('Choose a laptop');
    await expect(form.title).not.toHaveAttribute('aria-invalid');
    await form.next();

    // The options step does not complain about criteria or scores, only about its own rows.
    await form.nextButton.click();
    await expect(form.stepStatus).toHaveText('Step 2 of 4: Options');
    await expect(main.getByText('Option 1: name is missing')).toBeVisible();
    await expect(main.getByText(/^Criterion \d: name is missing$/)).toHaveCount(0);
    await form.optionName(1).fill('Alpha');
    await expect(main.getByText('Option 1: name is missing')).toHaveCount(0);
    await form.optionName(2).fill('Beta');
    await form.next();

    // Reordering by keyboard: the proposals follow the rank, the moved criterion keeps its focus.
    await form.criterionName(1).fill('Price');
    await form.criterionName(1).press('Enter');
    await form.criterionName(2).fill('Battery');
    await expect(form.importance(1)).toHaveValue('10');
    await expect(form.importance(2)).toHaveValue('5');
    const batteryUp = main.getByRole('button', { name: 'Move Battery up' });
    await batteryUp.click();
    await expect(form.criterionName(1)).toHaveValue('Battery');
    await expect(form.importance(1)).toHaveValue('10');
    await expect(form.importance(2)).toHaveValue('5');
    await expect(main.getByRole('button', { name: 'Move Battery down' })).toBeFocused();
    await expect(main.getByRole('status').filter({ hasText: 'Battery is now number 1.' })).toBeAttached();
    // Dragging Price back to the top; a typed importance stays where it is typed.
    await form.importance(2).fill('7');
    await main
      .getByTestId('drag-row-2')
      .dragTo(main.getByRole('listitem').filter({ has: form.criterionName(1) }));
    await expect(form.criterionName(1)).toHaveValue('Price');
    await expect(form.importance(1)).toHaveValue('7');
    await expect(form.importance(2)).toHaveValue('5');

    for (const name of ENGLISH.advanced.criteria) await expect(control(page, name)).toHaveCount(0);
    await form.moreSettingsButton.click();
    await expect(form.moreSettingsButton).toHaveAttribute('aria-expanded', 'true');
    for (const name of [...ENGLISH.advanced.question, ...ENGLISH.advanced.criteria]) {
      await expect(control(page, name).first()).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await form.back();
    await expect(control(page, /^Suggest options$/)).toBeVisible();
    // Back kept what was typed.
    await expect(form.optionName(2)).toHaveValue('Beta');
  });
});

test.describe('German on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });

  test('the guided first decision fits the phone, scores one option at a time and stays within 8 clicks', async ({
    page,
  }) => {
    await signInViaApi(page, await germanAccount(page));
    const clicks = new ClickCounter();
    await firstDecision(page, GERMAN, clicks);
    expect(clicks.count).toBeLessThanOrEqual(8);
  });

  test('no step scrolls sideways on the phone, and scoring starts one option at a time', async ({ page }) => {
    await signInViaApi(page, await germanAccount(page), 'no page');
    const form = new DecisionFormPage(page);
    await form.gotoNew();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    const main = page.getByRole('main');
    await main.getByLabel('Titel', { exact: true }).fill('Welcher Laptop?');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await form.next();
    await form.optionName(1).fill('Ein sehr langer Name für eine Option, die kaum passt');
    await form.optionName(2).fill('Beta');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await form.next();
    await main.getByRole('textbox', { name: 'Kriterium 1', exact: true }).fill('Preis');
    await form.moreSettingsButton.click();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await form.next();
    await expect(form.oneOptionView).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByRole('heading', { name: /^Option 1 von 2: Ein sehr langer/ })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await form.gridView.click();
    await expect(main.getByRole('table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
