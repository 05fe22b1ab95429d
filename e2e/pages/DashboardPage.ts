import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly cards: Locator;
  readonly emptyText: Locator;
  readonly deleteDialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.search = main.getByRole('searchbox', { name: 'Search by title' });
    this.cards = main.getByRole('list', { name: 'Decisions' }).getByRole('article');
    this.emptyText = main.getByText('No decisions found.');
    this.deleteDialog = page.getByRole('alertdialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  filter(name: 'Newest' | 'Solo' | 'Team' | 'Manual' | 'AI'): Locator {
    return this.page
      .getByRole('group', { name: 'Filter decisions' })
      .getByRole('button', { name, exact: true });
  }

  card(decisionName: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: decisionName, exact: true }) });
  }

  async deleteThroughDialog(decisionName: string): Promise<void> {
    await this.card(decisionName)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await this.deleteDialog.getByRole('button', { name: 'Delete' }).click();
  }
}
