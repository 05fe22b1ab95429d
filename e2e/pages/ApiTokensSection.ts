import type { Locator, Page } from '@playwright/test';
import en from '../../shared/i18n/en.json' with { type: 'json' };

/** The profile page's "API tokens" section (web/features/api-tokens). */
export class ApiTokensSection {
  readonly region: Locator;
  readonly name: Locator;
  readonly scope: Locator;
  readonly expiry: Locator;
  readonly createButton: Locator;
  readonly newToken: Locator;
  readonly newTokenValue: Locator;
  readonly copyButton: Locator;
  readonly items: Locator;
  readonly empty: Locator;

  constructor(private readonly page: Page) {
    this.region = page.getByRole('region', { name: en.apiTokens.title });
    this.name = this.region.getByLabel(en.apiTokens.nameLabel);
    this.scope = this.region.getByLabel(en.apiTokens.scopeLabel);
    this.expiry = this.region.getByLabel(en.apiTokens.expiryLabel);
    this.createButton = this.region.getByRole('button', { name: en.apiTokens.create });
    this.newToken = this.region.getByRole('region', { name: /^Your new token/ });
    this.newTokenValue = this.newToken.getByLabel(en.apiTokens.newTokenLabel);
    this.copyButton = this.newToken.getByRole('button', { name: en.apiTokens.copy });
    this.items = this.region.getByRole('list', { name: en.apiTokens.listLabel }).getByRole('listitem');
    this.empty = this.region.getByText(en.apiTokens.empty);
  }

  async create(name: string, scope: 'read' | 'write', expiry: '7' | '30' | '90' | '365' | 'never') {
    await this.name.fill(name);
    await this.scope.selectOption(scope);
    await this.expiry.selectOption(expiry);
    await this.createButton.click();
  }

  item(name: string): Locator {
    return this.items.filter({ hasText: name });
  }

  async revoke(name: string): Promise<void> {
    await this.region.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = this.page.getByRole('alertdialog', { name: en.apiTokens.revokeTitle });
    await dialog.getByRole('button', { name: en.apiTokens.revoke }).click();
  }
}
