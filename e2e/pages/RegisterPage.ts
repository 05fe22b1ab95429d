import type { Locator, Page } from '@playwright/test';

export class RegisterPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submitButton: Locator;
  readonly status: Locator;

  constructor(private readonly page: Page) {
    const form = page.getByRole('main');
    this.email = form.getByLabel(/^(email|e-mail)$/i);
    this.password = form.getByLabel(/^(password|passwort)$/i);
    this.submitButton = form.getByRole('button', { name: /^(register|registrieren)$/i });
    this.status = form.getByRole('status');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
  }

  async register(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }
}
