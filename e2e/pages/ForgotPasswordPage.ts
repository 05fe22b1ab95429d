import type { Locator, Page } from '@playwright/test';

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly submitButton: Locator;
  readonly status: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.email = main.getByLabel(/^(email|e-mail)$/i);
    this.submitButton = main.getByRole('button', { name: 'Send reset link' });
    this.status = main.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/forgot-password');
  }

  async requestLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submitButton.click();
  }
}
