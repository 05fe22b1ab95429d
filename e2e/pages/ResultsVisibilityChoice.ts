import { expect, type Locator, type Page } from '@playwright/test';

/** "Results visible" on the new team decision page and the set-up tab (a React Aria radio group). */
export class ResultsVisibilityChoice {
  readonly group: Locator;

  constructor(page: Page) {
    this.group = page
      .getByRole('main')
      .getByRole('radiogroup', { name: /^(Results visible|Ergebnisse sichtbar)$/ });
  }

  radio(label: string): Locator {
    return this.group.getByRole('radio', { name: label, exact: true });
  }

  /** Picks a choice as a person does: by its label. */
  async choose(label: string): Promise<void> {
    await this.group.getByText(label, { exact: true }).click();
    await expect(this.radio(label)).toBeChecked();
  }
}
