import type { Locator, Page } from '@playwright/test';

/** The profile page's "Calendar subscription" section (issue 32): the feed URL, Copy and Reset link. */
export class CalendarFeedSection {
  readonly region: Locator;
  readonly url: Locator;
  readonly copyButton: Locator;
  readonly resetButton: Locator;
  readonly status: Locator;
  /** The confirmation asked before a reset. */
  readonly resetDialog: Locator;
  readonly confirmResetButton: Locator;

  constructor(private readonly page: Page) {
    this.region = page
      .getByRole('main')
      .getByRole('region', { name: /^(Calendar subscription|Kalender-Abo)$/ });
    this.url = this.region.getByLabel(/^(Your calendar link|Dein Kalender-Link)$/);
    this.copyButton = this.region.getByRole('button', { name: /^(Copy|Kopieren)$/ });
    this.resetButton = this.region.getByRole('button', { name: /^(Reset link|Link zurücksetzen)$/ });
    this.status = this.region.getByRole('status');
    this.resetDialog = page.getByRole('alertdialog');
    this.confirmResetButton = this.resetDialog.getByRole('button', {
      name: /^(Reset link|Link zurücksetzen)$/,
    });
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
  }
}

/** The "Add to calendar" button of a decision's page. */
export function addToCalendarButton(page: Page): Locator {
  return page.getByRole('main').getByRole('button', { name: /^(Add to calendar|Zum Kalender hinzufügen)$/ });
}
