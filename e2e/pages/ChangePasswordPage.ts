import type { Locator, Page } from '@playwright/test';

export class ChangePasswordPage {
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmNewPassword: Locator;
  readonly saveButton: Locator;
  readonly result: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.currentPassword = main.getByLabel('Current password');
    this.newPassword = main.getByLabel('New password', { exact: true });
    this.confirmNewPassword = main.getByLabel('Confirm new password');
    this.saveButton = main.getByRole('button', { name: 'Save' });
    this.result = main.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/change-password');
  }

  /** Types the new password twice (the repetition differs only when a test says so). */
  async changePassword(currentPassword: string, newPassword: string, repeated = newPassword): Promise<void> {
    await this.currentPassword.fill(currentPassword);
    await this.newPassword.fill(newPassword);
    await this.confirmNewPassword.fill(repeated);
    await this.saveButton.click();
  }
}
