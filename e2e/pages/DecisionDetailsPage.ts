import type { Locator, Page } from '@playwright/test';

/** /single-decision/{id}: matrix, chart and comments. */
export class DecisionDetailsPage {
  readonly heading: Locator;
  readonly matrix: Locator;
  readonly chart: Locator;
  readonly editButton: Locator;
  readonly deleteButton: Locator;
  readonly comments: Locator;
  readonly commentInput: Locator;
  readonly postCommentButton: Locator;
  readonly saveCommentButton: Locator;
  readonly confirmDialog: Locator;
  readonly downloadPdfButton: Locator;
  readonly downloadCsvButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.matrix = main.getByRole('table', {
      name: 'Scores of every option per criterion and the weighted total',
    });
    this.chart = main.getByRole('img', { name: /^Bar chart of the totals/ });
    this.editButton = main.getByRole('link', { name: 'Edit', exact: true });
    this.deleteButton = main.getByRole('button', { name: 'Delete', exact: true });
    this.comments = main.getByRole('region', { name: /^Comments/ }).getByRole('listitem');
    this.commentInput = main.getByRole('textbox', { name: /^(Write a comment|Edit your comment)$/ });
    this.postCommentButton = main.getByRole('button', { name: 'Post comment' });
    this.saveCommentButton = main.getByRole('button', { name: 'Save', exact: true });
    this.confirmDialog = page.getByRole('alertdialog');
    this.downloadPdfButton = main.getByRole('button', { name: /^(Download PDF|PDF herunterladen)$/ });
    this.downloadCsvButton = main.getByRole('button', { name: /^(Download CSV|CSV herunterladen)$/ });
  }

  async goto(decisionId: number): Promise<void> {
    await this.page.goto(`/single-decision/${decisionId}`);
  }

  row(option: string): Locator {
    return this.matrix.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: option }) });
  }

  /** "AI: 7" beside a value the owner changed from the AI's proposal (its reason on focus). */
  aiProposal(option: string, value: number): Locator {
    return this.row(option).getByRole('button', { name: `AI: ${value}`, exact: true });
  }

  totalOf(option: string): Locator {
    return this.row(option).getByRole('cell').last();
  }

  comment(text: string): Locator {
    return this.comments.filter({ hasText: text });
  }
}
