import { expect, type Locator, type Page } from '@playwright/test';
import { openMoreSettingsIfAny } from './DecisionFormPage.ts';

/** "Start from a template" on /new-decision and /new-team-decision (web/features/templates). */
export class TemplateDialog {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly useButton: Locator;
  /** Shown when the template would replace what was typed. */
  readonly replaceWarning: Locator;

  constructor(private readonly page: Page) {
    this.openButton = page
      .getByRole('main')
      .getByRole('button', { name: /^(Choose a template|Vorlage wählen)$/ });
    this.dialog = page.getByRole('dialog', { name: /^(Start from a template|Mit einer Vorlage starten)$/ });
    this.useButton = this.dialog.getByRole('button', {
      name: /^(Use this template|Diese Vorlage verwenden)$/,
    });
    this.replaceWarning = this.dialog.getByText(
      /^(This replaces the title, description, options and criteria you entered\.|Das ersetzt Titel, Beschreibung, Optionen und Kriterien, die du eingegeben hast\.)$/,
    );
  }

  /** The preview's criteria list (name, weight, scale labels). */
  previewCriteria(): Locator {
    return this.dialog.getByRole('list', {
      name: /^(Criteria with their weights and scale labels|Kriterien mit Gewichten und Skalenbeschriftungen)$/,
    });
  }

  /** Picks a template as a person does: by its name. */
  async choose(templateName: string): Promise<void> {
    await this.dialog.getByText(templateName, { exact: true }).click();
    await expect(this.dialog.getByRole('radio', { name: templateName, exact: true })).toBeChecked();
  }

  /** Opens the dialog (on New decision under "More settings"). */
  async open(): Promise<void> {
    await openMoreSettingsIfAny(this.page);
    await this.openButton.click();
  }

  /** Opens the dialog, picks the template and fills the form with it. */
  async use(templateName: string): Promise<void> {
    await this.open();
    await this.choose(templateName);
    await this.useButton.click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
