import type { Locator, Page } from '@playwright/test';

/** /evaluation: criteria as rows, options as columns, ratings 1–5. */
export class EvaluationCalculatorPage {
  readonly calculateButton: Locator;
  readonly addOptionButton: Locator;
  readonly addCriterionButton: Locator;
  readonly result: Locator;
  readonly resultItems: Locator;
  readonly incompleteWarning: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.calculateButton = main.getByRole('button', { name: 'Calculate Score' });
    this.addOptionButton = main.getByRole('button', { name: 'Add option' });
    this.addCriterionButton = main.getByRole('button', { name: 'Add criterion' });
    this.result = main.getByRole('region', { name: 'Result' });
    this.resultItems = this.result.getByRole('listitem');
    this.incompleteWarning = main.getByRole('alert').filter({ hasText: 'Please name every option' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/evaluation');
  }

  optionName(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Option ${number}`, exact: true });
  }

  criterionName(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Criterion ${number}`, exact: true });
  }

  weight(criterion: string): Locator {
    return this.page.getByRole('spinbutton', { name: `Weight of ${criterion} in percent` });
  }

  rating(option: string, criterion: string): Locator {
    return this.page.getByRole('textbox', { name: `Score of ${option} for ${criterion} (1–5)` });
  }
}
