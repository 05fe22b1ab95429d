import type { Locator, Page } from '@playwright/test';

export interface TeamDecisionInput {
  title: string;
  description?: string;
  mode?: 'manual' | 'ai';
  options: string[];
  criteria: string[];
}

/** /new-team-decision. */
export class NewTeamDecisionPage {
  readonly title: Locator;
  readonly description: Locator;
  readonly mode: Locator;
  readonly deadline: Locator;
  readonly continueButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.title = main.getByLabel('Title', { exact: true });
    this.description = main.getByLabel('Description', { exact: true });
    this.mode = main.getByLabel('Mode', { exact: true });
    this.deadline = main.getByLabel('Deadline', { exact: true });
    this.continueButton = main.getByRole('button', { name: 'Continue to Invitations' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/new-team-decision');
  }

  row(kind: 'Option' | 'Criterion', number: number): Locator {
    return this.page.getByRole('textbox', { name: `${kind} ${number}`, exact: true });
  }

  /** Fills the form; the page starts with two option rows and one criterion row. */
  async fill(decision: TeamDecisionInput): Promise<void> {
    await this.title.fill(decision.title);
    if (decision.description) await this.description.fill(decision.description);
    if (decision.mode) await this.mode.selectOption(decision.mode);
    for (const [index, name] of decision.options.entries()) {
      if (index >= 2) await this.page.getByRole('button', { name: 'Add option' }).click();
      await this.row('Option', index + 1).fill(name);
    }
    for (const [index, name] of decision.criteria.entries()) {
      if (index >= 1) await this.page.getByRole('button', { name: 'Add criterion' }).click();
      await this.row('Criterion', index + 1).fill(name);
    }
  }
}
