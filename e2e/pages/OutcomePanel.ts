import type { Locator, Page } from '@playwright/test';

/** The outcome on a team view or a personal decision's page: banner, "Record outcome", the dialog. */
export class OutcomePanel {
  readonly banner: Locator;
  readonly recordButton: Locator;
  readonly editButton: Locator;
  readonly removeButton: Locator;
  readonly dialog: Locator;
  readonly optionSelect: Locator;
  readonly rationale: Locator;
  readonly reviewOn: Locator;
  readonly saveButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.banner = main.getByTestId('outcome-banner');
    this.recordButton = main.getByRole('button', { name: /^(Record outcome|Ergebnis festhalten)$/ });
    this.editButton = main.getByRole('button', { name: /^(Edit outcome|Ergebnis bearbeiten)$/ });
    this.removeButton = main.getByRole('button', { name: /^(Remove outcome|Ergebnis entfernen)$/ });
    this.dialog = page.getByRole('dialog', { name: /outcome|Ergebnis/ });
    this.optionSelect = this.dialog.getByRole('combobox', { name: /^(Chosen option|Gewählte Option)$/ });
    this.rationale = this.dialog.getByRole('textbox', { name: /^(Rationale|Begründung)/ });
    this.reviewOn = this.dialog.getByLabel(/^(Review on|Überprüfen am)/);
    this.saveButton = this.dialog.getByRole('button', { name: /^(Save outcome|Ergebnis speichern)$/ });
  }

  /** Confirms "Remove outcome" in its confirmation dialog. */
  async confirmRemoval(): Promise<void> {
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^(Remove outcome|Ergebnis entfernen)$/ })
      .click();
  }
}
