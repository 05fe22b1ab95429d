import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { TeamInvitePage } from './pages/TeamInvitePage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

test('the owner sets up lists, mode and deadline in one Save, then votes on the new rows; duplicates and bad scores block saving', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // both tabs, three saves, a reload, then the team view
  const owner = await createAccount(request);
  const decision = await createTeamDecisionViaApi(request, await apiToken(request, owner), {
    name: 'Office chairs',
    options: ['Aeron', 'Leap'],
    criteria: ['Comfort'],
  });
  await signInViaApi(page, owner, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit team decision' })).toBeVisible();
  await expect(edit.voteTab).toHaveAttribute('aria-selected', 'true');
  await edit.setupTab.click();
  await expect(page).toHaveURL(/\?tab=setup$/);

  // A duplicate (trimmed, case-insensitive) is flagged and blocks Save.
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByRole('textbox', { name: 'Option 3', exact: true }).fill(' aeron');
  await expect(page.getByRole('textbox', { name: 'Option 3', exact: true })).toHaveValue('aeron');
  await expect(page.getByRole('textbox', { name: 'Option 3', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('No duplicates: this name is already used.')).toBeVisible();
  await expect(edit.saveButton).toBeDisabled();
  await page.getByRole('textbox', { name: 'Option 3', exact: true }).fill('Gesture');
  await expect(edit.saveButton).toBeEnabled();

  // Mode and deadline are saved with the lists, each with its notice.
  await page.getByLabel('Mode', { exact: true }).selectOption('ai');
  const deadline = new Date(Date.now() + 3 * 24 * 3600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  await page
    .getByLabel('Deadline', { exact: true })
    .fill(
      `${deadline.getFullYear()}-${pad(deadline.getMonth() + 1)}-${pad(deadline.getDate())}T${pad(deadline.getHours())}:${pad(deadline.getMinutes())}`,
    );
  await edit.saveButton.click();
  await expect(page.getByText('Mode changed')).toBeVisible();
  await expect(page.getByText('Deadline saved')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // A reload keeps the tab; the set-up shows what was saved.
  await page.reload();
  await expect(edit.setupTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Option 3', exact: true })).toHaveValue('Gesture');
  await expect(page.getByLabel('Mode', { exact: true })).toHaveValue('ai');

  // The saved rows can be weighted and scored; typed weights are clamped to 0–100.
  await edit.voteTab.click();
  await expect(page).not.toHaveURL(/tab=/);
  await edit.weight('Comfort').fill('150');
  await expect(edit.weight('Comfort')).toHaveValue('100');
  await edit.vote('Gesture', 'Comfort').fill('12');
  await expect(page.getByText('Scores must be whole numbers from 0 to 10.')).toBeVisible();
  await expect(edit.saveButton).toBeDisabled();
  await edit.vote('Gesture', 'Comfort').fill('8');
  await edit.vote('Aeron', 'Comfort').fill('6');
  await edit.saveButton.click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();

  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.deadlineBanner).toContainText(/Voting ends in (2 days, 23 hours|3 days)/);
  await expect(page.getByText('AI', { exact: true })).toBeVisible();
  await expect(view.results.getByRole('rowheader', { name: 'Gesture' })).toBeVisible();
  // In AI mode the cells are the AI's values, and there are none yet: no result, not 0.00.
  await expect(view.result('Gesture')).toHaveText('no votes yet');
});

test('the owner manages members on the invite page; an existing account joins through the login link', async ({
  browser,
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Roles and links',
    options: ['A', 'B'],
    criteria: ['C'],
  });
  await inviteViaApi(request, ownerToken, decision.id, 'revoke-me@example.com', 'viewer');

  await signInViaApi(page, owner, 'no page');
  const invitePage = new TeamInvitePage(page);
  await invitePage.goto(decision.id);
  await expect(invitePage.members.first().getByText('You', { exact: true })).toBeVisible();
  await expect(invitePage.role).toHaveValue('editor');
  const link = await invitePage.invite(member.email, 'editor');
  await invitePage.copyButton.click();
  await expect(page.getByText(/Link copied to the clipboard\.|Copying is not possible here/)).toBeVisible();

  await invitePage
    .member('revoke-me@example.com')
    .getByRole('button', { name: /^Revoke/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(invitePage.member('revoke-me@example.com')).toHaveCount(0);

  // The member already has an account: Log In from the invitation, then straight to the decision.
  const memberPage = await (await browser.newContext()).newPage();
  await memberPage.goto(link);
  await expect(memberPage.getByText('invited you to this team decision (role: Editor).')).toBeVisible();
  await memberPage.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await new LoginPage(memberPage).logIn(member.email, member.password);
  await expect(memberPage).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));

  // The owner sees the acceptance live and promotes the member to admin.
  await expect(invitePage.member(member.email)).toContainText('accepted');
  await invitePage.member(member.email).getByRole('combobox').selectOption('admin');
  await expect(page.getByText('Role changed.')).toBeVisible();

  // As admin the member now gets the set-up tab as well.
  const memberEdit = new EditTeamDecisionPage(memberPage);
  await memberEdit.goto(decision.id);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Edit team decision' })).toBeVisible();
  await memberEdit.setupTab.click();
  await expect(memberPage.getByLabel('Title')).toHaveValue('Roles and links');

  // A used link no longer joins anyone, and says what to do next (issue 25).
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('status')).toHaveText(
    'This invitation was already accepted. Log in to open the decision.',
  );
});

test('activation checks and failures are reported', async ({ page, request }) => {
  const owner = await createAccount(request);
  const decision = await createTeamDecisionViaApi(request, await apiToken(request, owner), {
    name: 'Activate me',
  });
  await signInViaApi(page, owner, 'no page');
  const invitePage = new TeamInvitePage(page);
  await invitePage.goto(decision.id);
  await page.route('**/api/decision/*/activate', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service down', code: 'SERVICE_UNAVAILABLE' } }),
  );
  await invitePage.activateButton.click();
  await expect(page.getByText('Activation failed: Service down')).toBeVisible();
  await page.unroute('**/api/decision/*/activate');
  await invitePage.activateButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a team decision without options retries, offers "Try again", and fills in live', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const token = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, token, { name: 'Empty for now' });
  await signInViaApi(page, owner);
  let detailsCalls = 0;
  page.on('request', (call) => {
    if (call.url().endsWith(`/api/decision/${decision.id}/details`)) detailsCalls += 1;
  });
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  expect(detailsCalls).toBe(5); // the first load and 4 retries at 500 ms

  await retry.click();
  await expect.poll(() => detailsCalls).toBe(10);
  await expect(retry).toBeVisible();

  // Options and criteria added elsewhere arrive through the live events.
  await request.put(`/api/decision/${decision.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Empty for now',
      type: 'team',
      options: ['Now', 'Later'],
      criteria: [{ name: 'Urgency', importance: 50 }],
    },
  });
  await expect(view.results.getByRole('rowheader', { name: 'Later' })).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test.describe('in German', () => {
  test('deadlines in German, "Erneut versuchen" and the load errors', async ({ page, request }) => {
    const owner = await createAccount(request);
    const token = await apiToken(request, owner);
    const personal = await createDecisionViaApi(request, token, COMMUTE_DECISION);
    const deadline = new Date(Date.now() + 26 * 3600_000);
    const team = await createTeamDecisionViaApi(request, token, {
      name: 'Auf Deutsch',
      timer: deadline.toISOString(),
    });
    await signInViaApi(page, owner);
    await new AppFrame(page).switchLanguage('Deutsch');

    const view = new TeamDecisionPage(page);
    await view.goto(team.id);
    const germanDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'short' }).format(
      deadline,
    );
    await expect(view.deadlineBanner).toContainText(`Frist: ${germanDate}`);
    await expect(view.deadlineBanner).toContainText('Die Abstimmung endet in 1 Tag, 1 Stunde');
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();

    await view.goto(personal.id);
    await expect(page.getByRole('alert')).toContainText('Keine Team-Entscheidung gefunden');
    await view.goto(999_999);
    await expect(page.getByRole('alert')).toContainText('Entscheidung nicht gefunden');

    await page.route('**/api/team/team-members/*', (route) =>
      route.fulfill({ status: 403, json: { error: 'Nein', code: 'FORBIDDEN' } }),
    );
    await view.goto(team.id);
    await expect(page.getByText('Fehler beim Laden der Teammitglieder')).toBeVisible();
  });
});

test('a member without rights cannot reach the management parts', async ({ page, request }) => {
  const owner = await createAccount(request);
  const editor = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Editor view',
    timer: new Date(Date.now() + 3600_000).toISOString(),
    options: ['A', 'B'],
    criteria: ['C'],
  });
  await acceptViaApi(
    request,
    await apiToken(request, editor),
    await inviteViaApi(request, ownerToken, decision.id, editor.email),
  );
  await signInViaApi(page, editor, 'no page');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.deadlineBanner).toContainText('Voting ends in');
  await expect(view.changeDeadlineLink).toHaveCount(0);
  await expect(view.endVotingButton).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Invite members' })).toHaveCount(0);
});

test('a save is one request; an editor clears a vote and it stays cleared after a reload', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const editor = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'One request',
    options: ['North', 'South'],
    criteria: ['Cost', 'Calm'],
  });
  await acceptViaApi(
    request,
    await apiToken(request, editor),
    await inviteViaApi(request, ownerToken, decision.id, editor.email),
  );
  await signInViaApi(page, editor, 'no page');
  const edit = new EditTeamDecisionPage(page);
  await edit.goto(decision.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Vote on the team decision' })).toBeVisible();

  // Everything the page writes on Save travels in one PUT /api/team-decisions/{id}.
  const writes: string[] = [];
  page.on('request', (call) => {
    if (call.method() !== 'GET' && new URL(call.url()).pathname.startsWith('/api/'))
      writes.push(`${call.method()} ${new URL(call.url()).pathname}`);
  });
  await edit.vote('North', 'Cost').fill('7');
  await edit.vote('South', 'Calm').fill('3');
  await edit.weight('Cost').fill('60');
  await edit.saveButton.click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(writes).toEqual([`PUT /api/team-decisions/${decision.id}`]);

  await page.reload();
  await expect(edit.vote('North', 'Cost')).toHaveValue('7');
  await expect(edit.vote('South', 'Calm')).toHaveValue('3');
  await expect(edit.weight('Cost')).toHaveValue('60');

  // Emptying a cell removes the vote; after a reload it is still empty, the other vote stays.
  await edit.vote('North', 'Cost').fill('');
  await edit.saveButton.click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(edit.vote('South', 'Calm')).toHaveValue('3');
  await expect(edit.vote('North', 'Cost')).toHaveValue('');
});
