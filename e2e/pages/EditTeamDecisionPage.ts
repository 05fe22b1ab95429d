import type { Locator, Page } from '@playwright/test';

/**
 * /team-decision/{id}/edit: the "Your vote" tab (own weights and scores) and, for owner and admin, the
 * "Set up" tab (title, description, mode, deadline, options, criteria). Only the open tab is visible,
 * so `saveButton` is the Save of the open tab.
 */
export class EditTeamDecisionPage {
  readonly saveButton: Locator;
  readonly startAiButton: Locator;
  readonly voteTab: Locator;
  readonly setupTab: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.saveButton = main.getByRole('button', { name: /^(Save|Speichern)$/ });
    this.startAiButton = main.getByRole('button', { name: /^(Start AI evaluation|AI evaluation running…)$/ });
    this.voteTab = main.getByRole('tab', { name: /^(Your vote|Deine Stimme)$/ });
    this.setupTab = main.getByRole('tab', { name: /^(Set up|Einrichten)$/ });
  }

  /** Starts the AI run (on the set-up tab) and confirms the dialog that says it completes the decision. */
  async startAi(): Promise<void> {
    await this.startAiButton.click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Start AI evaluation' }).click();
  }

  async goto(decisionId: number, tab: 'vote' | 'setup' = 'vote'): Promise<void> {
    await this.page.goto(`/team-decision/${decisionId}/edit${tab === 'setup' ? '?tab=setup' : ''}`);
  }

  weight(criterion: string): Locator {
    return this.page.getByRole('spinbutton', { name: `Your weight for ${criterion} (0–100)` });
  }

  vote(option: string, criterion: string): Locator {
    return this.page.getByRole('textbox', { name: `Your score of ${option} for ${criterion} (0–10)` });
  }

  /** Every weight and score input of the vote tab (also while another tab is open). */
  inputs(): Locator {
    return this.page.getByRole('main').locator('input[aria-label^="Your "]');
  }
}
