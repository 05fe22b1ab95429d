import type { Locator, Page } from '@playwright/test';

/** "How solid is this result?" on the details page and the team view (issue 17). */
export class AnalysisPanel {
  readonly region: Locator;
  /** The robustness badge; `data-label` is fragile, sensitive or robust. */
  readonly label: Locator;
  /** The one sentence with the nearest flip (or why there is none). */
  readonly verdict: Locator;
  readonly winProbability: Locator;
  readonly sweepChart: Locator;
  readonly sweepCriterion: Locator;
  /** The ranking under the what-if weights, best first. */
  readonly liveRanking: Locator;
  readonly leader: Locator;
  readonly notSaved: Locator;
  readonly resetButton: Locator;
  readonly useWeightsButton: Locator;
  readonly knockedOutList: Locator;
  readonly howItWorks: Locator;
  /** "Explore the result": what-if, win probability and the sweep chart, closed at first. */
  readonly exploreToggle: Locator;

  constructor(private readonly page: Page) {
    this.region = page.getByRole('main').getByRole('region', {
      name: /^(How solid is this result\?|Wie belastbar ist dieses Ergebnis\?)$/,
    });
    this.label = this.region.getByTestId('robustness').locator('[data-label]');
    this.verdict = this.region.getByTestId('verdict');
    this.winProbability = this.region.getByRole('list', {
      name: /^(Win probability|Gewinnwahrscheinlichkeit)$/,
    });
    this.sweepChart = this.region.getByRole('img', { name: /^(Line chart|Liniendiagramm)/ });
    this.sweepCriterion = this.region.getByRole('combobox', { name: /^(Criterion|Kriterium)$/ });
    this.liveRanking = this.region.getByTestId('what-if-ranking');
    this.leader = this.liveRanking.locator('li[data-top]');
    this.notSaved = this.region.getByText(/^(What-if: not saved\.|Was-wäre-wenn: nicht gespeichert\.)$/);
    this.resetButton = this.region.getByRole('button', { name: /^(Reset|Zurücksetzen)$/ });
    this.useWeightsButton = this.region.getByRole('button', {
      name: /^(Use these weights|Diese Gewichte übernehmen)$/,
    });
    this.knockedOutList = this.region.getByTestId('knocked-out');
    this.howItWorks = this.region.getByText(/^(How it works|So funktioniert es)$/);
    this.exploreToggle = this.region.locator('summary').filter({
      hasText: /^(Explore the result|Das Ergebnis erkunden)/,
    });
  }

  /** Opens "Explore the result" unless the user left it open (it is remembered per user). */
  async openExplore(): Promise<void> {
    await this.exploreToggle.waitFor();
    const isOpen = await this.exploreToggle.evaluate((summary) =>
      summary.parentElement?.hasAttribute('open'),
    );
    if (!isOpen) await this.exploreToggle.click();
  }

  slider(criterion: string): Locator {
    return this.region.getByRole('slider', { name: criterion, exact: true });
  }

  /** An option's win probability: its share and mean rank as text. */
  winEntry(option: string): Locator {
    return this.winProbability.locator(`li[data-option="${option}"]`);
  }

  knockedOut(option: string): Locator {
    return this.knockedOutList.locator(`li[data-option="${option}"]`);
  }
}
