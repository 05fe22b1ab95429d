import type { Locator, Page } from '@playwright/test';

export class ResetPasswordPage {
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submitButton: Locator;
  readonly invalidNotice: Locator;

  constructor(page: Page) {
    const main = page.getByRole('main');
    this.password = main.getByLabel('New password', { exact: true });
    this.confirm = main.getByLabel('Repeat new password');
    this.submitButton = main.getByRole('button', { name: 'Save new password' });
    this.invalidNotice = main.getByRole('alert');
  }

  async setPassword(password: string, confirmation = password): Promise<void> {
    await this.password.fill(password);
    await this.confirm.fill(confirmation);
    await this.submitButton.click();
  }
}
