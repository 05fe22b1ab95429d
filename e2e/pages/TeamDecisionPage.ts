import type { Locator, Page } from '@playwright/test';

/** /team-decision/{id}: deadline banner, results matrix, team status, comments. */
export class TeamDecisionPage {
  readonly deadlineBanner: Locator;
  readonly endVotingButton: Locator;
  readonly changeDeadlineLink: Locator;
  readonly results: Locator;
  readonly teamStatus: Locator;
  readonly downloadPdfButton: Locator;
  readonly downloadCsvButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.deadlineBanner = main.getByRole('region', { name: /^(Deadline|Frist)$/ });
    this.endVotingButton = main.getByRole('button', { name: /^(End voting now|Abstimmung jetzt beenden)$/ });
    this.changeDeadlineLink = main.getByRole('link', { name: /^(Change deadline|Frist ändern)$/ });
    this.results = main.getByRole('region', { name: /Team value of every option/ });
    this.teamStatus = main.locator('li[data-voted]');
    this.downloadPdfButton = main.getByRole('button', { name: /^(Download PDF|PDF herunterladen)$/ });
    this.downloadCsvButton = main.getByRole('button', { name: /^(Download CSV|CSV herunterladen)$/ });
  }

  async goto(decisionId: number): Promise<void> {
    await this.page.goto(`/team-decision/${decisionId}`);
  }

  /** The team result cell of an option's row ("8.60", with a trophy label on the top score). */
  result(option: string): Locator {
    return this.results
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: option }) })
      .getByTestId('team-result');
  }

  async endVoting(): Promise<void> {
    await this.endVotingButton.click();
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^(End voting now|Abstimmung jetzt beenden)$/ })
      .click();
  }
}
