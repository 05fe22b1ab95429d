import type { Locator, Page } from '@playwright/test';

/** /team-invite/{id}: invite by e-mail, copy the link, see the members, activate. */
export class TeamInvitePage {
  readonly email: Locator;
  readonly role: Locator;
  readonly sendButton: Locator;
  readonly inviteLink: Locator;
  readonly copyButton: Locator;
  readonly members: Locator;
  readonly activateButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.email = main.getByLabel('E-mail', { exact: true });
    this.role = main.getByLabel('Role', { exact: true });
    this.sendButton = main.getByRole('button', { name: 'Send Invitation' });
    this.inviteLink = main.getByRole('textbox', { name: /^Invitation link for / });
    this.copyButton = main.getByRole('button', { name: 'Copy link' });
    this.members = main.locator('section[aria-labelledby="members-heading"] li');
    this.activateButton = main.getByRole('button', { name: 'Activate Decision' });
  }

  async goto(decisionId: number): Promise<void> {
    await this.page.goto(`/team-invite/${decisionId}`);
  }

  /** Sends an invitation and returns the link shown on the page. */
  async invite(email: string, role: 'editor' | 'viewer'): Promise<string> {
    await this.email.fill(email);
    await this.role.selectOption(role);
    await this.sendButton.click();
    await this.page
      .getByRole('main')
      .getByRole('textbox', { name: `Invitation link for ${email}` })
      .waitFor();
    return this.inviteLink.inputValue();
  }

  member(email: string): Locator {
    return this.members.filter({ hasText: email });
  }
}
