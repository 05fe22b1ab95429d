import { expect, type Locator, type Page } from '@playwright/test';

/** The "Webhooks" section (issue 32) of a team decision's set-up tab or a workspace page. */
export class WebhooksSection {
  readonly region: Locator;
  readonly urlInput: Locator;
  readonly addButton: Locator;
  readonly secretInput: Locator;
  readonly copySecretButton: Locator;
  readonly doneButton: Locator;
  readonly webhooks: Locator;

  constructor(private readonly page: Page) {
    this.region = page.getByRole('region', { name: /^Webhooks$/ });
    this.urlInput = this.region.getByRole('textbox', { name: /^URL/ });
    this.addButton = this.region.getByRole('button', { name: /^(Add webhook|Webhook hinzufügen)$/ });
    this.secretInput = this.region.getByRole('textbox', {
      name: /^(Secret of the new webhook|Geheimnis des neuen Webhooks)$/,
    });
    this.copySecretButton = this.region.getByRole('button', { name: /^(Copy|Kopieren)$/ });
    this.doneButton = this.region.getByRole('button', { name: /^(Done|Fertig)$/ });
    this.webhooks = this.region.getByTestId('webhook');
  }

  event(label: string): Locator {
    return this.region.getByRole('checkbox', { name: label });
  }

  format(label: string): Locator {
    return this.region.getByRole('radio', { name: label, exact: true });
  }

  /** Picks a format as a person does: by its label (a React Aria radio). */
  async chooseFormat(label: string): Promise<void> {
    await this.region.getByText(label, { exact: true }).click();
    await expect(this.format(label)).toBeChecked();
  }

  /** Opens the deliveries of the only webhook listed. */
  deliveriesButton(): Locator {
    return this.webhooks.getByRole('button', { name: /^(Deliveries|Zustellungen)/ });
  }

  deliveryRows(): Locator {
    return this.region.getByTestId('webhook-delivery');
  }

  refreshButton(): Locator {
    return this.region.getByRole('button', { name: /^(Refresh|Aktualisieren)$/ });
  }

  async remove(): Promise<void> {
    await this.webhooks.getByRole('button', { name: /^(Remove|Webhook an .* entfernen)/ }).click();
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^(Remove|Entfernen)$/ })
      .click();
  }
}
