import type { Locator, Page } from '@playwright/test';

/** The comments section of the details page and the team view. */
export class CommentsPanel {
  readonly region: Locator;
  readonly items: Locator;
  readonly input: Locator;
  readonly postButton: Locator;
  readonly saveButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.region = main.getByRole('region', { name: /^(Comments|Kommentare)/ });
    this.items = this.region.getByRole('listitem');
    this.input = main.getByRole('textbox', { name: /^(Write a comment|Edit your comment)$/ });
    this.postButton = main.getByRole('button', { name: 'Post comment' });
    this.saveButton = this.region.getByRole('button', { name: 'Save', exact: true });
  }

  /** The comment whose text contains `text`. */
  item(text: string): Locator {
    return this.items.filter({ hasText: text });
  }

  /** The author line of a comment (its name stands next to a decorative avatar). */
  author(text: string): Locator {
    return this.item(text).locator('header span').first();
  }

  async post(text: string): Promise<void> {
    await this.input.fill(text);
    await this.postButton.click();
  }

  async edit(oldText: string, newText: string): Promise<void> {
    await this.item(oldText).getByRole('button', { name: 'Edit comment' }).click();
    await this.input.fill(newText);
    await this.saveButton.click();
  }

  async delete(text: string): Promise<void> {
    await this.item(text).getByRole('button', { name: 'Delete comment' }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  }
}
