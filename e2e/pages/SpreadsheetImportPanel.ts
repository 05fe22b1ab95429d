import type { Locator, Page } from '@playwright/test';

/** "Import from a spreadsheet" on /new-decision and /new-team-decision (issue 31), in English or German. */
export class SpreadsheetImportPanel {
  readonly toggle: Locator;
  readonly fileInput: Locator;
  readonly pasteBox: Locator;
  readonly readPastedButton: Locator;
  readonly status: Locator;
  readonly preview: Locator;
  readonly table: Locator;
  readonly nameInput: Locator;
  readonly warnings: Locator;
  readonly createButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.toggle = main.getByRole('button', {
      name: /^(Import from a spreadsheet|Aus einer Tabelle importieren)/,
    });
    this.fileInput = main.getByLabel(/^(Spreadsheet file|Tabellendatei)/);
    this.pasteBox = main.getByRole('textbox', {
      name: /^(Or paste cells copied from a spreadsheet|Oder aus einer Tabellenkalkulation kopierte Zellen einfügen)$/,
    });
    this.readPastedButton = main.getByRole('button', {
      name: /^(Read pasted cells|Eingefügte Zellen lesen)$/,
    });
    this.status = main.getByRole('status').filter({ hasText: /^(Read \d+ option|\d+ Option)/ });
    this.preview = main.getByRole('region', { name: /^(Preview|Vorschau)/ });
    this.table = this.preview.getByRole('table');
    this.nameInput = this.preview.getByRole('textbox', {
      name: /^(Name of the decision|Name der Entscheidung)$/,
    });
    this.warnings = this.preview.getByRole('group', { name: /^(Warnings|Hinweise)/ }).getByRole('listitem');
    this.createButton = this.preview.getByRole('button', {
      name: /^(Create decision|Create team decision|Entscheidung anlegen|Teamentscheidung anlegen)$/,
    });
  }

  async open(): Promise<void> {
    await this.toggle.click();
  }

  async paste(text: string): Promise<void> {
    await this.pasteBox.fill(text);
    await this.readPastedButton.click();
  }

  async upload(name: string, buffer: Buffer, mimeType: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType, buffer });
  }

  /** The preview's cell of an option under a criterion (by the criterion's column position, 1-based). */
  cell(option: string, column: number): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: option, exact: true }) })
      .getByRole('cell')
      .nth(column - 1);
  }

  columnHeader(criterion: string): Locator {
    return this.table.getByRole('columnheader').filter({ hasText: criterion });
  }
}
