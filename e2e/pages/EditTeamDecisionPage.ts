import type { Locator, Page } from '@playwright/test';

/** /team-decision/{id}/edit: the weighting and evaluation tables (and, for owner and admin, the form). */
export class EditTeamDecisionPage {
  readonly saveButton: Locator;
  readonly startAiButton: Locator;

  constructor(private readonly page: Page) {
    this.saveButton = page.getByRole('main').getByRole('button', { name: /^(Save|Speichern)$/ });
    this.startAiButton = page
      .getByRole('main')
      .getByRole('button', { name: /^(Start AI evaluation|AI evaluation running…)$/ });
  }

  /** Starts the AI run and confirms the dialog that says it completes the decision. */
  async startAi(): Promise<void> {
    await this.startAiButton.click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Start AI evaluation' }).click();
  }

  async goto(decisionId: number): Promise<void> {
    await this.page.goto(`/team-decision/${decisionId}/edit`);
  }

  weight(criterion: string): Locator {
    return this.page.getByRole('spinbutton', { name: `Your weight for ${criterion} (0–100)` });
  }

  vote(option: string, criterion: string): Locator {
    return this.page.getByRole('textbox', { name: `Your score of ${option} for ${criterion} (0–10)` });
  }

  /** Every weight and score input on the page. */
  inputs(): Locator {
    return this.page.getByRole('main').locator('input[aria-label^="Your "]');
  }
}
