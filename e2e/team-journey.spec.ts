import { expect, test, type Browser, type Page } from '@playwright/test';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { NewTeamDecisionPage } from './pages/NewTeamDecisionPage.ts';
import { NotificationBell } from './pages/NotificationBell.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { TeamInvitePage } from './pages/TeamInvitePage.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';

/** A fresh browser session (its own storage), as a second person on another device. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Opens an invitation link logged out, registers from it and lands on the decision. */
async function joinThroughLink(page: Page, link: string, decisionName: string, role: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 2, name: decisionName })).toBeVisible();
  await expect(page.getByText(`invited you to this team decision (role: ${role}).`)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register\?token=/);
  await new RegisterPage(page).register(uniqueEmail(), uniquePassword());
  // Registration → invite page (accepts) → /decision/{id} → the team view.
  await expect(page).toHaveURL(/\/team-decision\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: decisionName })).toBeVisible();
}

test('a team decides together: invite, join by link, vote, live results, end voting, read-only viewer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await newPerson(browser);
  const ownerAccount = { email: uniqueEmail(), password: uniquePassword() };

  // The owner registers, logs in and creates a team decision with 2 options × 2 criteria.
  const register = new RegisterPage(owner);
  await register.goto();
  await register.register(ownerAccount.email, ownerAccount.password);
  await expect(owner).toHaveURL(/\/login$/);
  await new LoginPage(owner).logIn(ownerAccount.email, ownerAccount.password);
  await expect(owner).toHaveURL(/\/dashboard$/);

  const form = new NewTeamDecisionPage(owner);
  await form.goto();
  await form.continueButton.click();
  await expect(owner.getByText('Please enter a title.')).toBeVisible();
  await form.fill({ title: 'Team offsite', options: ['Lisbon', 'Prague'], criteria: ['Cost', 'Weather'] });
  await form.continueButton.click();
  await expect(owner).toHaveURL(/\/team-invite\/\d+$/);
  const decisionId = Number(owner.url().split('/').pop());

  // Invitations: an editor and a viewer; the links are read from the page.
  const invitePage = new TeamInvitePage(owner);
  const editorEmail = uniqueEmail();
  const editorLink = await invitePage.invite(editorEmail, 'editor');
  expect(editorLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\?token=[\w-]+$/);
  await expect(invitePage.member(editorEmail)).toContainText('pending');
  await expect(invitePage.member(editorEmail)).toContainText('Editor');
  const viewerLink = await invitePage.invite(uniqueEmail(), 'viewer');
  await invitePage.activateButton.click();
  await expect(owner.getByText('Decision has been activated')).toBeVisible();
  await expect(owner).toHaveURL(/\/dashboard$/);

  const ownerView = new TeamDecisionPage(owner);
  await ownerView.goto(decisionId);
  await expect(ownerView.deadlineBanner).toContainText('No deadline set');
  await expect(ownerView.result('Lisbon')).toHaveText('no votes yet');
  const ownerBell = new NotificationBell(owner);
  await expect(ownerBell.button).toHaveAttribute('data-unread', '0');

  // The editor opens the link logged out, registers through it and lands on the decision.
  const editor = await newPerson(browser);
  await joinThroughLink(editor, editorLink, 'Team offsite', 'Editor');

  // The owner sees the acceptance arrive without reloading.
  await expect(ownerBell.button).toHaveAttribute('data-unread', '1');
  await expect(ownerView.teamStatus).toHaveCount(2);

  // The editor weights (Cost 80, Weather 20) and votes.
  const editorEdit = new EditTeamDecisionPage(editor);
  await editorEdit.goto(decisionId);
  await expect(editor.getByRole('heading', { level: 1, name: 'Vote on the team decision' })).toBeVisible();
  await expect(editor.getByLabel('Title')).toHaveCount(0);
  await editorEdit.weight('Cost').fill('80');
  await editorEdit.weight('Weather').fill('20');
  await editorEdit.vote('Lisbon', 'Cost').fill('9');
  await editorEdit.vote('Lisbon', 'Weather').fill('7');
  await editorEdit.vote('Prague', 'Cost').fill('4');
  await editorEdit.vote('Prague', 'Weather').fill('6');
  await editorEdit.saveButton.click();
  await expect(editor.getByText('Saved', { exact: true })).toBeVisible();

  // Live on the owner's open page: (9·80 + 7·20) / 100 = 8.60 and (4·80 + 6·20) / 100 = 4.40.
  await expect(ownerView.result('Lisbon')).toHaveText(/8\.60$/);
  await expect(ownerView.result('Prague')).toHaveText('4.40');
  await expect(ownerView.result('Lisbon').getByRole('img', { name: 'Top score' })).toBeVisible();
  await expect(ownerView.teamStatus.filter({ hasText: 'Voted' })).toHaveCount(1);

  // The viewer joins too; the owner's counter keeps counting.
  const viewer = await newPerson(browser);
  await joinThroughLink(viewer, viewerLink, 'Team offsite', 'Viewer');
  await expect(ownerBell.button).toHaveAttribute('data-unread', '2');

  // The owner ends voting: the view says who won; the editor's open edit page locks without a
  // reload, under one notice and without a Save.
  await ownerView.endVoting();
  await expect(ownerView.deadlineBanner).toContainText('Voting ended');
  await expect(ownerView.deadlineBanner).toContainText('Winner: Lisbon with a team result of 8.60.');
  await expect(ownerView.endVotingButton).toHaveCount(0);
  await expect(owner.getByRole('main').getByRole('link', { name: 'Vote', exact: true })).toHaveCount(0);
  await expect(owner.getByRole('main').getByRole('link', { name: 'View your vote' })).toBeVisible();
  await expect(editor.getByText(/^Voting ended by .+\. Voting is no longer possible\.$/)).toBeVisible();
  await expect(editor.getByText(/weighting no longer possible/)).toHaveCount(0);
  for (const input of await editorEdit.inputs().all()) await expect(input).toBeDisabled();
  await expect(editorEdit.saveButton).toHaveCount(0);

  // The owner's own set-up is locked as well, with SPEC's editing notice.
  const ownerEdit = new EditTeamDecisionPage(owner);
  await ownerEdit.goto(decisionId, 'setup');
  await expect(owner.getByText(/^Voting ended by .+ – editing disabled$/)).toBeVisible();
  await expect(owner.getByLabel('Title')).toBeDisabled();
  await expect(ownerEdit.saveButton).toHaveCount(0);
  for (const input of await ownerEdit.inputs().all()) await expect(input).toBeDisabled();

  // The editor's team view shows the end too.
  const editorView = new TeamDecisionPage(editor);
  await editorView.goto(decisionId);
  await expect(editorView.deadlineBanner).toContainText('Voting ended');

  // The viewer gets the read-only page.
  await new EditTeamDecisionPage(viewer).goto(decisionId);
  await expect(viewer.getByRole('heading', { level: 1, name: 'View team decision' })).toBeVisible();
  await expect(
    viewer.getByText('You have read-only access – evaluation is not possible for this role.'),
  ).toBeVisible();
  await expect(viewer.getByRole('main').getByRole('listitem').filter({ hasText: 'Lisbon' })).toBeVisible();
  await expect(viewer.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(viewer.getByRole('main').getByRole('spinbutton')).toHaveCount(0);
});
