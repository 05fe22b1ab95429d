import type { Locator, Page } from '@playwright/test';

export class ChangePasswordPage {
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly saveButton: Locator;
  readonly result: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.currentPassword = main.getByLabel('Current password');
    this.newPassword = main.getByLabel('New password');
    this.saveButton = main.getByRole('button', { name: 'Save' });
    this.result = main.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/change-password');
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await this.currentPassword.fill(currentPassword);
    await this.newPassword.fill(newPassword);
    await this.saveButton.click();
  }
}
