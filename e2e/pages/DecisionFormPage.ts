import type { Locator, Page } from '@playwright/test';

export interface DecisionInput {
  title: string;
  description?: string;
  mode?: 'manual' | 'ai';
  options: string[];
  criteria: { name: string; importance: number }[];
  /** scores[option][criterion] on 1–10. */
  scores?: number[][];
}

/** /new-decision and /decision/{id}/edit share one form. */
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
    return this.page.getByRole('spinbutton', { name: `Importance of criterion ${number} in percent` });
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

  async fill(decision: DecisionInput): Promise<void> {
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
}

/** A criterion's minimum and scale anchors, behind its disclosure (personal and team criteria editors). */
export class MustHaveFields {
  readonly toggle: Locator;
  readonly minimum: Locator;
  readonly low: Locator;
  readonly high: Locator;

  constructor(page: Page, criterion: string) {
    const summary = page.locator('summary').filter({
      hasText: new RegExp(
        `(Must-have and scale labels of|Mindestwert und Skalenbeschriftung von) ${criterion}(?![\\w])`,
      ),
    });
    this.toggle = page.getByRole('main').locator(summary);
    const panel = page.getByRole('main').locator('details').filter({ has: summary });
    this.minimum = panel.getByLabel(/^(Minimum score \(must-have\)|Mindestwert \(Muss-Kriterium\))$/);
    this.low = panel.getByLabel(/^(What a [01] means|Was eine [01] bedeutet)$/);
    this.high = panel.getByLabel(/^(What a 10 means|Was eine 10 bedeutet)$/);
  }

  async open(): Promise<void> {
    if ((await this.minimum.isVisible()) === false) await this.toggle.click();
  }
}
