import { expect, test, type Browser, type Page } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage.ts';
import { DecisionFormPage } from './pages/DecisionFormPage.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { NewTeamDecisionPage } from './pages/NewTeamDecisionPage.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { TemplateDialog } from './pages/TemplateDialog.ts';
import { createAccount, createConfirmedAccount, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { mailsMatching, waitForMail } from './support/outbox.ts';
import { createTeamDecisionViaApi } from './support/team.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';
import { createWorkspaceViaApi, joinWorkspaceViaApi } from './support/workspaces.ts';

// Issue 29: workspaces in the browser. Set-up goes through the API unless the journey is that screen.

/** A unique workspace name, so parallel runs never see each other's. */
const workspaceName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

async function newPerson(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The invitation link mailed to `email` (every address is new, so it is the workspace's). */
async function mailedWorkspaceLink(email: string): Promise<string> {
  const mail = await waitForMail(
    (candidate) => candidate.to === email && /\/invite\?token=/.test(candidate.text),
  );
  return /https?:\/\/\S+\/invite\?token=[\w%-]+/.exec(mail.text)![0];
}

test('a workspace: invite two people by mail, both join, a workspace decision they vote on without any decision invitation', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // Invitation mails of an unconfirmed account wait until it is confirmed.
  const ownerAccount = await createConfirmedAccount(request);
  const owner = await newPerson(browser);
  await signInViaApi(owner, ownerAccount, 'no page');
  const name = workspaceName('Marketing');

  // The owner creates the workspace in the UI and lands on its page.
  await owner.goto('/workspaces');
  await expect(owner.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible();
  await owner.getByRole('main').getByLabel('Name', { exact: true }).fill(name);
  await owner.getByRole('main').getByRole('button', { name: 'Create workspace' }).click();
  await expect(owner).toHaveURL(/\/workspaces\/\d+$/);
  const workspaceId = Number(owner.url().split('/').pop());
  await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible();
  const members = owner.getByRole('main').getByTestId('workspace-member');
  await expect(members).toHaveCount(1);

  // Two invitations through the form: a new person (member) and one with an account (admin).
  const newcomerEmail = uniqueEmail();
  const colleague = await createAccount(request);
  const inviteForm = owner.getByRole('region', { name: 'Invite', exact: true });
  await inviteForm.getByLabel('Email address').fill(newcomerEmail);
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviteForm.getByRole('status')).toHaveText(`Invitation sent to ${newcomerEmail}.`);
  await inviteForm.getByLabel('Email address').fill(colleague.email);
  await inviteForm.getByLabel('Role').selectOption('admin');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviteForm.getByRole('status')).toHaveText(`Invitation sent to ${colleague.email}.`);
  const pending = owner.getByRole('main').getByTestId('workspace-invitation');
  await expect(pending).toHaveCount(2);
  await expect(pending.filter({ hasText: colleague.email })).toContainText('Admin');
  expect(await seriousViolations(owner), 'workspace page of the owner').toEqual([]);

  // The newcomer opens the mailed link logged out, registers from it and lands in the workspace.
  const newcomer = await newPerson(browser);
  await newcomer.goto(await mailedWorkspaceLink(newcomerEmail));
  await expect(newcomer.getByText(`invites you to the workspace ${name} as Member.`)).toBeVisible();
  await newcomer.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(newcomer).toHaveURL(/\/register\?token=/);
  await new RegisterPage(newcomer).register(newcomerEmail, uniquePassword());
  await expect(newcomer).toHaveURL(new RegExp(`/workspaces/${workspaceId}$`), { timeout: 20_000 });
  await expect(newcomer.getByRole('heading', { level: 1, name })).toBeVisible();

  // The colleague opens theirs, logs in from it and lands in the workspace as admin.
  const colleaguePage = await newPerson(browser);
  await colleaguePage.goto(await mailedWorkspaceLink(colleague.email));
  await expect(colleaguePage.getByText(`invites you to the workspace ${name} as Admin.`)).toBeVisible();
  await colleaguePage.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await expect(colleaguePage).toHaveURL(/\/login\?token=/);
  await new LoginPage(colleaguePage).logIn(colleague.email, colleague.password);
  await expect(colleaguePage).toHaveURL(new RegExp(`/workspaces/${workspaceId}$`), { timeout: 20_000 });
  await expect(colleaguePage.getByText('Your role:')).toBeVisible();

  // The owner's open page shows both without a reload, and no invitation is pending any more.
  await expect(members).toHaveCount(3);
  await expect(pending).toHaveCount(0);

  // A team decision in the workspace: everyone takes part, so there is no invitation step.
  const form = new NewTeamDecisionPage(owner);
  await form.goto();
  await owner.getByRole('main').getByLabel('Workspace', { exact: true }).selectOption({ label: name });
  await expect(owner.getByText(`All 3 members of ${name} take part; no invitations needed.`)).toBeVisible();
  await form.fill({ title: 'Campaign slogan', options: ['Bold', 'Calm'], criteria: ['Reach', 'Tone'] });
  expect(await seriousViolations(owner), 'new team decision in a workspace').toEqual([]);
  await owner.getByRole('main').getByRole('button', { name: 'Create decision' }).click();
  await expect(owner).toHaveURL(/\/team-decision\/\d+$/);
  const decisionId = Number(owner.url().split('/').pop());
  await expect(owner.getByRole('main').getByTestId('decision-workspace')).toHaveText(`Workspace: ${name}`);
  await owner.getByRole('main').getByRole('button', { name: 'Activate Decision' }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);

  // Both vote without any decision invitation: neither was mailed one for this decision.
  // The member takes part as an editor, the workspace admin as a decision admin (who also sets up).
  for (const [page, heading, scores] of [
    [newcomer, 'Vote on the team decision', ['8', '6', '4', '7']],
    [colleaguePage, 'Edit team decision', ['9', '5', '3', '8']],
  ] as const) {
    const edit = new EditTeamDecisionPage(page);
    await edit.goto(decisionId);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await edit.weight('Reach').fill('50');
    await edit.weight('Tone').fill('50');
    await edit.vote('Bold', 'Reach').fill(scores[0]);
    await edit.vote('Bold', 'Tone').fill(scores[1]);
    await edit.vote('Calm', 'Reach').fill(scores[2]);
    await edit.vote('Calm', 'Tone').fill(scores[3]);
    await edit.saveButton.click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  }
  for (const email of [newcomerEmail, colleague.email])
    expect(mailsMatching((mail) => mail.to === email && mail.text.includes('/invite?token='))).toHaveLength(
      1,
    );

  const view = new TeamDecisionPage(owner);
  await view.goto(decisionId);
  await expect(view.teamStatus).toHaveCount(3);
  await expect(view.teamStatus.filter({ hasText: 'Voted' })).toHaveCount(2);
});

test('a criteria set made in the workspace fills a new decision from the template dialog of a member', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ownerAccount = await createAccount(request);
  const memberAccount = await createAccount(request);
  const ownerToken = await apiToken(request, ownerAccount);
  const name = workspaceName('Purchasing');
  const workspace = await createWorkspaceViaApi(request, ownerToken, name);
  await joinWorkspaceViaApi(
    request,
    ownerToken,
    workspace.id,
    memberAccount.email,
    await apiToken(request, memberAccount),
  );

  // The owner makes the set by hand on the workspace page.
  const owner = await newPerson(browser);
  await signInViaApi(owner, ownerAccount, 'no page');
  await owner.goto(`/workspaces/${workspace.id}`);
  await owner.getByRole('main').getByRole('button', { name: 'New criteria set' }).click();
  const editor = owner.getByRole('dialog', { name: 'New criteria set' });
  await editor.getByLabel('Name of the set').fill('Vendor check');
  await editor.getByLabel('Criterion 1', { exact: true }).fill('Price');
  await editor.getByLabel('Weight of criterion 1').fill('70');
  await editor.getByLabel('Must-have of criterion 1').selectOption('4');
  await editor.getByLabel('Low end of criterion 1').fill('Too expensive');
  await editor.getByLabel('High end of criterion 1').fill('A bargain');
  await editor.getByLabel('Criterion 2', { exact: true }).fill('Support');
  await editor.getByLabel('Weight of criterion 2').fill('30');
  expect(await seriousViolations(owner), 'criteria set editor').toEqual([]);
  await editor.getByRole('button', { name: 'Save set' }).click();
  await expect(editor).toHaveCount(0);
  await expect(owner.getByRole('main').getByTestId('criteria-set')).toContainText(
    'Price (70 %), Support (30 %)',
  );

  // A plain member starts a decision and picks the set under "Start from a template".
  const member = await newPerson(browser);
  await signInViaApi(member, memberAccount, 'no page');
  const form = new DecisionFormPage(member);
  await form.gotoNew();
  await form.title.fill('Which CRM');
  const templates = new TemplateDialog(member);
  await templates.open();
  await expect(templates.dialog.getByRole('radiogroup', { name: `Criteria sets of ${name}` })).toBeVisible();
  await templates.choose('Vendor check');
  await expect(templates.dialog.getByText('This replaces the criteria you entered.')).toBeVisible();
  await expect(templates.previewCriteria()).toContainText('Must-have: at least 4');
  await expect(templates.previewCriteria()).toContainText('1 = Too expensive · 10 = A bargain');
  await templates.useButton.click();
  await expect(templates.dialog).toHaveCount(0);

  // The title stays; the criteria come with weight, must-have and anchors.
  await expect(form.title).toHaveValue('Which CRM');
  await form.next();
  await form.optionName(1).fill('Alpha');
  await form.optionName(2).fill('Beta');
  await form.next();
  await expect(form.criterionName(1)).toHaveValue('Price');
  await expect(form.importance(1)).toHaveValue('70');
  await expect(form.criterionName(2)).toHaveValue('Support');
  await expect(form.importance(2)).toHaveValue('30');
  const price = form.mustHave('Price');
  await price.open();
  await expect(price.minimum).toHaveValue('4');
  await expect(price.low).toHaveValue('Too expensive');
  await expect(price.high).toHaveValue('A bargain');
});

test('on a 390 px phone the switcher in the menu narrows the dashboard to Personal or the workspace, remembered', async ({
  browser,
  request,
}) => {
  const account: TestAccount = await createAccount(request);
  const token = await apiToken(request, account);
  const name = workspaceName('Ops');
  const workspace = await createWorkspaceViaApi(request, token, name);
  await createDecisionViaApi(request, token, { ...COMMUTE_DECISION, name: 'My own commute' });
  await createTeamDecisionViaApi(request, token, { name: 'Ops tooling', workspace_id: workspace.id });

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInViaApi(page, account);
  const dashboard = new DashboardPage(page);
  const switcher = page.locator('#mobile-navigation').getByLabel('Workspace', { exact: true });
  const openMenu = () => page.getByRole('button', { name: 'Open menu' }).click();

  // Personal first: the own decision only.
  await expect(dashboard.card('My own commute')).toBeVisible();
  await expect(dashboard.card('Ops tooling')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-workspace')).toHaveText(
    'Showing your personal decisions (outside any workspace).',
  );

  await openMenu();
  await expect(switcher).toHaveValue('personal');
  await switcher.selectOption({ label: name });
  await expect(dashboard.card('Ops tooling')).toBeVisible();
  await expect(dashboard.card('My own commute')).toHaveCount(0);
  await expect(dashboard.card('Ops tooling').getByTestId('decision-workspace')).toHaveText(
    `Workspace: ${name}`,
  );
  await expect(page.getByTestId('dashboard-workspace')).toHaveText(
    `Showing the decisions of the workspace ${name}.`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page), 'dashboard with the open menu on a phone').toEqual([]);

  // Remembered across a reload.
  await page.reload();
  await expect(dashboard.card('Ops tooling')).toBeVisible();
  await expect(dashboard.card('My own commute')).toHaveCount(0);

  // Back to Personal; "Manage workspaces" leads to the list.
  await openMenu();
  await expect(switcher).toHaveValue(String(workspace.id));
  await switcher.selectOption('personal');
  await expect(dashboard.card('My own commute')).toBeVisible();
  await expect(dashboard.card('Ops tooling')).toHaveCount(0);
  await page.locator('#mobile-navigation').getByRole('link', { name: 'Manage workspaces' }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
});

test('an admin saves a decision’s criteria to the workspace from its edit form', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const name = workspaceName('Facilities');
  const workspace = await createWorkspaceViaApi(request, token, name);
  const decision = await createDecisionViaApi(request, token, {
    ...COMMUTE_DECISION,
    criteria: [
      { name: 'Cost', importance: 60, minimum: 3, anchors: { low: 'Pricey', high: 'Cheap' } },
      { name: 'Comfort', importance: 40 },
    ],
  });
  await signInViaApi(page, account, 'no page');
  await page.goto(`/decision/${decision.id}/edit`);

  await page.getByRole('main').getByRole('button', { name: 'Save criteria to workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save criteria to workspace' });
  await expect(dialog.getByLabel('Workspace', { exact: true })).toHaveValue(String(workspace.id));
  await expect(dialog.getByLabel('Name of the set')).toHaveValue('How to commute');
  await dialog.getByLabel('Name of the set').fill('Commute criteria');
  await dialog.getByRole('button', { name: 'Save to workspace' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Criteria set Commute criteria saved in ${name}.`)).toBeVisible();

  await page.goto(`/workspaces/${workspace.id}`);
  const set = page.getByRole('main').getByTestId('criteria-set');
  await expect(set).toContainText('Commute criteria');
  await expect(set).toContainText('Cost (60 %), Comfort (40 %)');
  // The must-have and anchors went along: the editor shows them.
  await set.getByRole('button', { name: 'Edit Commute criteria' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Commute criteria' });
  await expect(editor.getByLabel('Must-have of criterion 1')).toHaveValue('3');
  await expect(editor.getByLabel('Low end of criterion 1')).toHaveValue('Pricey');
  await expect(editor.getByLabel('High end of criterion 1')).toHaveValue('Cheap');
});
