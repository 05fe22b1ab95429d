import type { Locator, Page } from '@playwright/test';

/** The "History" section of a decision page, the version dialog and the restore confirmation. */
export class HistoryPanel {
  readonly region: Locator;
  readonly dayHeadings: Locator;
  readonly entries: Locator;
  readonly showMoreButton: Locator;
  readonly showVersionButtons: Locator;
  readonly versionDialog: Locator;
  readonly restoreButton: Locator;
  readonly confirmDialog: Locator;
  readonly snapshots: Locator;
  readonly frozenResult: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.region = main.getByRole('region', { name: /^(History|Verlauf)$/ });
    this.dayHeadings = this.region.getByRole('heading', { level: 3 });
    this.entries = this.region.getByRole('listitem');
    this.showMoreButton = this.region.getByRole('button', { name: /^(Show more|Mehr anzeigen)$/ });
    this.showVersionButtons = this.region.getByRole('button', {
      name: /^(Show this version|Diese Version zeigen)$/,
    });
    this.versionDialog = page.getByRole('dialog', { name: /^(Version of|Version vom)/ });
    this.restoreButton = this.versionDialog.getByRole('button', {
      name: /^(Restore this version|Diese Version wiederherstellen)$/,
    });
    this.confirmDialog = page.getByRole('alertdialog');
    this.snapshots = main.getByRole('region', { name: /^(Snapshots|Momentaufnahmen)$/ });
    this.frozenResult = main.getByTestId('frozen-result');
  }

  /** The version dialog's row of an option (its values and total). */
  versionRow(option: string): Locator {
    return this.versionDialog
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: option }) });
  }

  async confirmRestore(): Promise<void> {
    await this.restoreButton.click();
    await this.confirmDialog
      .getByRole('button', { name: /^(Restore this version|Diese Version wiederherstellen)$/ })
      .click();
  }
}
