import type { Locator, Page } from '@playwright/test';

export interface ContactInput {
  firstname: string;
  lastname: string;
  email: string;
  topic?: string;
  message: string;
  attachment?: { name: string; mimeType: string; buffer: Buffer };
}

export class ContactPage {
  readonly firstname: Locator;
  readonly lastname: Locator;
  readonly email: Locator;
  readonly topic: Locator;
  readonly message: Locator;
  readonly attachment: Locator;
  readonly consent: Locator;
  readonly submitButton: Locator;
  readonly status: Locator;
  readonly thankYou: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.firstname = main.getByLabel('First name');
    this.lastname = main.getByLabel('Last name');
    this.email = main.getByLabel('Email', { exact: true });
    this.topic = main.getByLabel('Topic (optional)');
    this.message = main.getByLabel('Message', { exact: true });
    this.attachment = main.getByLabel('Attachment (optional)');
    this.consent = main.getByRole('checkbox');
    this.submitButton = main.getByRole('button', { name: 'Send message' });
    this.status = main.getByRole('status');
    this.thankYou = main.getByRole('heading', { name: 'Thank you!' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/kontakt');
  }

  async fill(input: ContactInput): Promise<void> {
    await this.firstname.fill(input.firstname);
    await this.lastname.fill(input.lastname);
    await this.email.fill(input.email);
    if (input.topic) await this.topic.fill(input.topic);
    await this.message.fill(input.message);
    if (input.attachment) await this.attachment.setInputFiles(input.attachment);
    await this.consent.check();
  }

  async send(input: ContactInput): Promise<void> {
    await this.fill(input);
    await this.submitButton.click();
  }
}
