import type { Locator, Page } from '@playwright/test';

/** The navbar bell: its unread count and its dropdown. */
export class NotificationBell {
  readonly button: Locator;
  readonly dropdown: Locator;

  constructor(page: Page) {
    this.button = page
      .getByRole('banner')
      .getByRole('button', { name: /^(Notifications|Benachrichtigungen)/ });
    this.dropdown = page.getByRole('dialog', { name: /^(Notifications|Benachrichtigungen)$/ });
  }

  /** The unread count the badge shows (0 when there is none). */
  async unreadCount(): Promise<number> {
    return Number(await this.button.getAttribute('data-unread'));
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.dropdown.waitFor();
  }
}
