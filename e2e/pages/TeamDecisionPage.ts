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
  /** "Results are hidden" with when they appear, in place of the results. */
  readonly resultsHidden: Locator;
  /** "Where the team disagrees": the heat map and the least agreed cells. */
  readonly consensus: Locator;
  readonly leastAgreed: Locator;
  /** The AI's second opinion (manual mode): what it would decide, and the button that asks it. */
  readonly aiOpinion: Locator;
  readonly askAiButton: Locator;
  /** Every AI value in the results ("AI: 7"), shown once the reader may see the AI's opinion. */
  readonly aiValues: Locator;
  /** The AI values 3 or more away from the team value (tinted, with a warning sign). */
  readonly differingAiValues: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.deadlineBanner = main.getByRole('region', { name: /^(Deadline|Frist)$/ });
    this.endVotingButton = main.getByRole('button', { name: /^(End voting now|Abstimmung jetzt beenden)$/ });
    this.changeDeadlineLink = main.getByRole('link', { name: /^(Change deadline|Frist ändern)$/ });
    this.results = main.getByRole('region', { name: /Team value of every option/ });
    this.teamStatus = main.locator('li[data-voted]');
    this.downloadPdfButton = main.getByRole('button', { name: /^(Download PDF|PDF herunterladen)$/ });
    this.downloadCsvButton = main.getByRole('button', { name: /^(Download CSV|CSV herunterladen)$/ });
    this.resultsHidden = main.getByTestId('results-hidden');
    this.consensus = main.getByRole('region', {
      name: /^(Where the team disagrees|Wo das Team uneins ist)$/,
    });
    this.leastAgreed = this.consensus.getByTestId('least-agreed');
    this.aiOpinion = main.getByRole('region', {
      name: /^(The AI's second opinion|Die Einschätzung der KI)$/,
    });
    this.askAiButton = this.aiOpinion.getByRole('button', {
      name: /^(Ask the AI for a second opinion|Die KI um eine zweite Meinung bitten)$/,
    });
    this.aiValues = this.results.getByRole('button', { name: /^(AI|KI): \d+$/ });
    this.differingAiValues = this.results.locator('[data-ai-differs]');
  }

  /** The heat-map cell where an option meets a criterion (its agreement label and comment count). */
  agreementCell(option: string, criterion: string): Locator {
    return this.consensus.locator(`[data-cell="${option} × ${criterion}"]`);
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

  /** The AI values in an option's row, in criterion order. */
  aiValuesOf(option: string): Locator {
    return this.results
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: option }) })
      .getByRole('button', { name: /^(AI|KI): \d+$/ });
  }

  async endVoting(): Promise<void> {
    await this.endVotingButton.click();
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^(End voting now|Abstimmung jetzt beenden)$/ })
      .click();
  }
}
