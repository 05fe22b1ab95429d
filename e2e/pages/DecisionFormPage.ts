import { expect, type Locator, type Page } from '@playwright/test';

export interface DecisionInput {
  title: string;
  description?: string;
  mode?: 'manual' | 'ai';
  options: string[];
  criteria: { name: string; importance: number }[];
  /** scores[option][criterion] on 1–10. */
  scores?: number[][];
}

/**
 * Opens "More settings" on a personal decision form where it is closed; team forms have no such
 * button and show their advanced controls anyway.
 */
export async function openMoreSettingsIfAny(page: Page): Promise<void> {
  const button = page
    .getByRole('main')
    .getByRole('button', { name: /^(More settings|Weitere Einstellungen)$/ });
  // The form (and with it the button, where there is one) renders at once: wait for it, not longer.
  await page.getByRole('main').locator('form').first().waitFor();
  if ((await button.count()) > 0 && (await button.getAttribute('aria-expanded')) !== 'true')
    await button.click();
}

/** The steps of the guided New decision flow, in order. */
const STEP_NAMES = ['Question', 'Options', 'Criteria', 'Scores'] as const;
export type DecisionStepName = (typeof STEP_NAMES)[number];

/**
 * /new-decision (one step at a time: question, options, criteria, scores) and /decision/{id}/edit
 * (every section at once) share one form; advanced controls of both sit behind "More settings".
 */
export class DecisionFormPage {
  readonly title: Locator;
  readonly description: Locator;
  readonly mode: Locator;
  readonly type: Locator;
  readonly addOptionButton: Locator;
  readonly addCriterionButton: Locator;
  readonly saveButton: Locator;
  readonly duplicateWarning: Locator;
  readonly savingOverlay: Locator;
  readonly startAiButton: Locator;
  readonly aiUnavailable: Locator;
  /** "Step 2 of 4: Options" (New decision only). */
  readonly stepStatus: Locator;
  readonly nextButton: Locator;
  readonly backButton: Locator;
  readonly moreSettingsButton: Locator;
  /** The scores step's view switch: one option at a time, or the whole grid. */
  readonly oneOptionView: Locator;
  readonly gridView: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    // Exact labels: right after a click the previous page may still show while the form's chunk loads,
    // and the dashboard's "Search by title" field would otherwise match "Title".
    this.title = main.getByLabel('Title', { exact: true });
    this.description = main.getByLabel('Description', { exact: true });
    this.mode = main.getByLabel('Mode', { exact: true });
    this.type = main.getByLabel('Visibility', { exact: true });
    this.addOptionButton = main.getByRole('button', { name: 'Add option' });
    this.addCriterionButton = main.getByRole('button', { name: 'Add criterion' });
    this.saveButton = main.getByRole('button', { name: /^(Save decision|Save changes)$/ });
    this.duplicateWarning = main.getByText(
      'Save is disabled while an option or criterion name appears twice.',
    );
    this.savingOverlay = page.getByRole('status').filter({ hasText: 'Saving decision…' });
    this.startAiButton = main.getByRole('button', {
      name: /^(Start AI Evaluation|AI evaluation running…)$/,
    });
    this.aiUnavailable = main.getByText('AI scoring is not available on this server.', { exact: true });
    this.stepStatus = main.getByText(/^(Step|Schritt) \d (of|von) \d: /);
    this.nextButton = main.getByRole('button', { name: /^(Next|Weiter)$/ });
    this.backButton = main.getByRole('button', { name: /^(Back|Zurück)$/ });
    this.moreSettingsButton = main.getByRole('button', { name: /^(More settings|Weitere Einstellungen)$/ });
    this.oneOptionView = main.getByRole('button', {
      name: /^(One option at a time|Eine Option nach der anderen)$/,
    });
    this.gridView = main.getByRole('button', { name: /^(Whole grid|Ganze Tabelle)$/ });
  }

  /** Opens "More settings" (templates, demo, mode, visibility, suggestions, must-haves, weight tools). */
  async openMoreSettings(): Promise<void> {
    if ((await this.moreSettingsButton.getAttribute('aria-expanded')) !== 'true') {
      await this.moreSettingsButton.click();
    }
  }

  /** Whether the form is the guided New decision flow (rather than Edit's sections all at once). */
  async isGuided(): Promise<boolean> {
    await this.nextButton.or(this.saveButton).first().waitFor();
    return (await this.stepStatus.count()) > 0;
  }

  /** The number (1–4) of the step shown. */
  async stepNumber(): Promise<number> {
    const text = (await this.stepStatus.textContent()) ?? '';
    return Number(/\d/.exec(text)?.[0]);
  }

  /** Next, waiting until the following step shows (fails if Next stays on the step). */
  async next(): Promise<void> {
    const number = await this.stepNumber();
    await this.nextButton.click();
    await expect(this.stepStatus).toHaveText(new RegExp(`^(Step|Schritt) ${number + 1} `));
  }

  async back(): Promise<void> {
    const number = await this.stepNumber();
    await this.backButton.click();
    await expect(this.stepStatus).toHaveText(new RegExp(`^(Step|Schritt) ${number - 1} `));
  }

  /** Back or Next until the step shows (Next validates the steps on the way). */
  async goToStep(name: DecisionStepName): Promise<void> {
    const target = STEP_NAMES.indexOf(name) + 1;
    for (let number = await this.stepNumber(); number !== target; number = await this.stepNumber()) {
      if (number < target) await this.next();
      else await this.back();
    }
  }

  async gotoNew(): Promise<void> {
    await this.page.goto('/new-decision');
  }

  optionName(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Option ${number}`, exact: true });
  }

  criterionName(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Criterion ${number}`, exact: true });
  }

  importance(number: number): Locator {
    return this.page.getByRole('spinbutton', { name: `Importance of criterion ${number} (0–100)` });
  }

  /**
   * The "Must-have and scale labels" disclosure under a criterion row (a native details element),
   * named by the criterion ("of Price"); team forms use the same one.
   */
  mustHave(criterion: string): MustHaveFields {
    return new MustHaveFields(this.page, criterion);
  }

  cell(option: string, criterion: string): Locator {
    return this.page.getByRole('textbox', { name: `Score of ${option} for ${criterion} (1–10)` });
  }

  /** The AI's reason of a cell (a tooltip shown on hover or focus). */
  reasonOf(option: string, criterion: string): Locator {
    return this.page.getByRole('tooltip').filter({ hasText: `${option} fits ${criterion}` });
  }

  /** "Suggest options" / "Suggest criteria" under a list (offered while the server has an AI model). */
  suggestButton(list: 'options' | 'criteria'): Locator {
    return this.page
      .getByRole('main')
      .getByRole('button', { name: list === 'options' ? 'Suggest options' : 'Suggest criteria' });
  }

  /** The AI's suggestions for a list: one list item per suggestion, with its reason and an Add button. */
  suggestions(list: 'options' | 'criteria'): Locator {
    return this.page.getByRole('main').getByRole('region', {
      name: list === 'options' ? 'Options the AI suggests' : 'Criteria the AI suggests',
    });
  }

  /** The one-click Add of a suggestion. */
  addSuggestion(list: 'options' | 'criteria', name: string): Locator {
    return this.suggestions(list).getByRole('button', { name: `Add “${name}”` });
  }

  /** The live total of an option's row; the row header reads "Rank 1 Alpha" once the row is ranked. */
  totalOf(option: string): Locator {
    const name = new RegExp(`^(Rank \\d+ )?${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name }) })
      .getByRole('cell')
      .last();
  }

  /**
   * Fills the form; in the guided flow step by step (from the step shown), ending on the scores step.
   * Empty rows left over are dropped by Next there.
   */
  async fill(decision: DecisionInput): Promise<void> {
    if (await this.isGuided()) {
      await this.fillGuided(decision);
      return;
    }
    await this.title.fill(decision.title);
    if (decision.description !== undefined) await this.description.fill(decision.description);
    if (decision.mode) await this.mode.selectOption(decision.mode);
    for (const [index, name] of decision.options.entries()) {
      if ((await this.optionName(index + 1).count()) === 0) await this.addOptionButton.click();
      await this.optionName(index + 1).fill(name);
    }
    for (const [index, criterion] of decision.criteria.entries()) {
      if ((await this.criterionName(index + 1).count()) === 0) await this.addCriterionButton.click();
      await this.criterionName(index + 1).fill(criterion.name);
      await this.importance(index + 1).fill(String(criterion.importance));
    }
    for (const [optionIndex, row] of (decision.scores ?? []).entries()) {
      for (const [criterionIndex, score] of row.entries()) {
        await this.cell(decision.options[optionIndex]!, decision.criteria[criterionIndex]!.name).fill(
          String(score),
        );
      }
    }
  }

  private async fillGuided(decision: DecisionInput): Promise<void> {
    await this.goToStep('Question');
    await this.title.fill(decision.title);
    if (decision.description !== undefined) await this.description.fill(decision.description);
    if (decision.mode) {
      await this.openMoreSettings();
      await this.mode.selectOption(decision.mode);
    }
    await this.next();
    for (const [index, name] of decision.options.entries()) {
      if ((await this.optionName(index + 1).count()) === 0) await this.addOptionButton.click();
      await this.optionName(index + 1).fill(name);
    }
    await this.next();
    for (const [index, criterion] of decision.criteria.entries()) {
      if ((await this.criterionName(index + 1).count()) === 0) await this.addCriterionButton.click();
      await this.criterionName(index + 1).fill(criterion.name);
      await this.importance(index + 1).fill(String(criterion.importance));
    }
    await this.next();
    await this.fillScores(decision);
  }

  /** On the scores step, in either view: one option's card at a time (Enter moves on) or the grid. */
  async fillScores(decision: DecisionInput): Promise<void> {
    if (!decision.scores?.length) return;
    const isOneAtATime = (await this.oneOptionView.getAttribute('aria-pressed')) === 'true';
    for (const [optionIndex, row] of (decision.scores ?? []).entries()) {
      for (const [criterionIndex, score] of row.entries()) {
        const cell = this.cell(decision.options[optionIndex]!, decision.criteria[criterionIndex]!.name);
        await cell.fill(String(score));
        if (isOneAtATime && criterionIndex === row.length - 1) await cell.press('Enter');
      }
    }
  }
}

/** A criterion's minimum and scale anchors, behind its disclosure (personal and team criteria editors). */
export class MustHaveFields {
  readonly toggle: Locator;
  readonly minimum: Locator;
  /** A measured criterion's must-have in its unit (issue 31): "At most, in € (must-have)". */
  readonly measuredMinimum: Locator;
  readonly low: Locator;
  readonly high: Locator;

  constructor(
    private readonly page: Page,
    criterion: string,
  ) {
    const summary = page.locator('summary').filter({
      hasText: new RegExp(
        `(Must-have and scale labels of|Must-have of|Mindestwert und Skalenbeschriftung von|Muss-Kriterium von) ${criterion}(?![\\w])`,
      ),
    });
    this.toggle = page.getByRole('main').locator(summary);
    const panel = page.getByRole('main').locator('details').filter({ has: summary });
    this.minimum = panel.getByLabel(/^(Minimum score \(must-have\)|Mindestwert \(Muss-Kriterium\))$/);
    this.low = panel.getByLabel(/^(What a [01] means|Was eine [01] bedeutet)$/);
    this.high = panel.getByLabel(/^(What a 10 means|Was eine 10 bedeutet)$/);
    this.measuredMinimum = panel.getByLabel(
      /^(At most|At least|Höchstens|Mindestens)(, in .+)? \((must-have|Muss-Kriterium)\)$/,
    );
  }

  async open(): Promise<void> {
    await openMoreSettingsIfAny(this.page);
    if ((await this.minimum.or(this.measuredMinimum).isVisible()) === false) await this.toggle.click();
  }
}
