import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly sort: Locator;
  readonly cards: Locator;
  readonly emptyText: Locator;
  readonly welcome: Locator;
  readonly deleteDialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.search = main.getByRole('searchbox', { name: 'Search by title' });
    this.sort = main.getByRole('combobox', { name: 'Sort by' });
    this.cards = main.getByRole('list', { name: 'Decisions' }).getByRole('article');
    this.emptyText = main.getByText('No decisions found.');
    this.welcome = main.getByRole('region', { name: /^Welcome/ });
    this.deleteDialog = page.getByRole('alertdialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  filter(name: 'All' | 'Solo' | 'Team' | 'Manual' | 'AI'): Locator {
    return this.page
      .getByRole('group', { name: 'Filter decisions' })
      .getByRole('button', { name, exact: true });
  }

  card(decisionName: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: decisionName, exact: true }) });
  }

  /** The card's "⋯" menu (exports, and Delete for the owner). */
  moreActions(decisionName: string): Locator {
    return this.card(decisionName).getByRole('button', { name: `More actions: ${decisionName}` });
  }

  menuItem(name: string): Locator {
    return this.page.getByRole('menu').getByRole('menuitem', { name, exact: true });
  }

  async openDeleteDialog(decisionName: string): Promise<void> {
    await this.moreActions(decisionName).click();
    await this.menuItem('Delete').click();
  }

  async deleteThroughDialog(decisionName: string): Promise<void> {
    await this.openDeleteDialog(decisionName);
    await this.deleteDialog.getByRole('button', { name: 'Delete' }).click();
  }
}
