import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { ChangePasswordPage } from './pages/ChangePasswordPage.ts';
import { CommentsPanel } from './pages/CommentsPanel.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { TeamInvitePage } from './pages/TeamInvitePage.ts';
import { createAccount, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { commentViaApi, setProfileViaApi, uploadAvatarViaApi, voteViaApi } from './support/people.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';

const localPart = (account: TestAccount) => account.email.split('@')[0]!;

/**
 * A team as people meet it: the owner named only by first and last name, an editor with a nickname
 * and an avatar who has voted and commented, a viewer with nothing but an address, a pending invitation.
 */
async function seedTeam(request: APIRequestContext) {
  const [owner, editor, viewer] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ]);
  const [ownerToken, editorToken, viewerToken] = await Promise.all(
    [owner, editor, viewer].map((account) => apiToken(request, account)),
  );
  await setProfileViaApi(request, ownerToken!, { first_name: 'Olivia', last_name: 'Ostrowski' });
  await setProfileViaApi(request, editorToken!, { nickname: 'Nick', first_name: 'Nicholas' });
  const editorAvatar = await uploadAvatarViaApi(request, editorToken!);
  const decision = await createTeamDecisionViaApi(request, ownerToken!, {
    name: 'Recognisable team',
    options: ['Lisbon', 'Prague'],
    criteria: ['Cost'],
  });
  await acceptViaApi(
    request,
    editorToken!,
    await inviteViaApi(request, ownerToken!, decision.id, editor.email, 'editor'),
  );
  await acceptViaApi(
    request,
    viewerToken!,
    await inviteViaApi(request, ownerToken!, decision.id, viewer.email, 'viewer'),
  );
  const pendingEmail = uniqueEmail();
  await inviteViaApi(request, ownerToken!, decision.id, pendingEmail, 'editor');
  await voteViaApi(request, editorToken!, decision.id);
  await commentViaApi(request, editorToken!, decision.id, 'Lisbon has the better light.');
  return { owner, editor, viewer, decision, pendingEmail, editorAvatar };
}

async function waitForContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking|wird geladen/ })).toHaveCount(0);
}

test('people are recognisable: one display-name rule, "You" for the reader, avatars, voters only', async ({
  page,
  request,
}) => {
  const { owner, viewer, decision, pendingEmail, editorAvatar } = await seedTeam(request);
  await signInViaApi(page, owner);

  // The header: no nickname, so first and last name (never "User").
  await expect(new AppFrame(page).accountMenuButton).toHaveAccessibleName('Account menu of Olivia Ostrowski');

  // Members on the invite page.
  const invitePage = new TeamInvitePage(page);
  await invitePage.goto(decision.id);
  await expect(invitePage.members).toHaveCount(4);
  await expect(invitePage.members.nth(0).getByText('You', { exact: true })).toBeVisible();
  const editorRow = invitePage.members.nth(1);
  await expect(editorRow.getByText('Nick', { exact: true })).toBeVisible();
  // Decorative: the name stands next to it.
  await expect(editorRow.locator('img')).toHaveAttribute('src', editorAvatar);
  await expect(editorRow.locator('img')).toHaveAttribute('alt', '');
  await expect(invitePage.member(viewer.email).getByText(localPart(viewer), { exact: true })).toBeVisible();
  await expect(invitePage.member(viewer.email).locator('img')).toHaveAttribute('src', '/default-avatar.svg');
  // A pending invitation is the address as typed.
  await expect(invitePage.member(pendingEmail).getByText(pendingEmail, { exact: true })).toBeVisible();
  await expect(invitePage.member(pendingEmail)).toContainText('pending');
  await expect(page.getByText(/Unknown|Anonymous/)).toHaveCount(0);

  // The team status counts voters only: the viewer reads along, the invitation is no voter yet.
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(page.getByText('1 of 2 have voted')).toBeVisible();
  await expect(page.getByText('Not voted yet: You')).toBeVisible();
  await expect(view.teamStatus).toHaveCount(2);
  const voted = view.teamStatus.filter({ hasText: 'Nick' });
  await expect(voted).toHaveAttribute('data-voted', 'true');
  await expect(voted).toContainText('Voted');
  await expect(voted).not.toContainText('✓');
  await expect(voted.locator('svg')).toHaveCount(1);
  await expect(voted.locator('img')).toHaveAttribute('src', editorAvatar);
  await expect(view.teamStatus.filter({ hasText: 'You' })).toHaveAttribute('data-voted', 'false');
  const viewerRow = page.getByRole('main').locator('li[data-viewer]');
  await expect(viewerRow).toContainText(localPart(viewer));
  await expect(viewerRow).toContainText('Does not vote');

  // Comments: the author by the same rule, with the avatar next to the name.
  const comments = new CommentsPanel(page);
  await expect(comments.author('Lisbon has the better light.')).toHaveText('Nick');
  await expect(comments.item('Lisbon has the better light.').locator('img')).toHaveAttribute(
    'src',
    editorAvatar,
  );
  await comments.post('Agreed.');
  await expect(comments.author('Agreed.')).toHaveText('You');
});

test('in German: "Du", "Bearbeiter", "Frist", and the avatar menu leads to My Decisions', async ({
  page,
  request,
}) => {
  const { owner, decision } = await seedTeam(request);
  await signInViaApi(page, owner);

  const frame = new AppFrame(page);
  await frame.chooseAccountMenuEntry('My Decisions');
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Decisions' })).toBeVisible();

  await frame.switchLanguage('Deutsch');
  await frame.chooseAccountMenuEntry('Meine Entscheidungen');
  await expect(page).toHaveURL(/\/history$/);

  await new TeamDecisionPage(page).goto(decision.id);
  const main = page.getByRole('main');
  await expect(main.getByText('Keine Frist gesetzt')).toBeVisible();
  await expect(main.getByText('1 von 2 haben abgestimmt')).toBeVisible();
  const status = main.locator('li[data-voted]');
  await expect(status.filter({ hasText: 'Nick' })).toContainText('Bearbeiter');
  await expect(status.filter({ hasText: 'Nick' })).toContainText('Abgestimmt');
  await expect(status.filter({ hasText: 'Du' })).toContainText('Eigentümer');
  await expect(main.locator('li[data-viewer]')).toContainText('Stimmt nicht ab');
  await expect(main.getByText('Deadline', { exact: false })).toHaveCount(0);
});

test('registration hands the e-mail to the login form; registering from an invitation pre-fills it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const password = uniquePassword();
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(email, password);
  await expect(register.status).toHaveText('Account created successfully!');
  await expect(page).toHaveURL(/\/login$/);
  const login = new LoginPage(page);
  await expect(login.email).toHaveValue(email);
  await expect(login.password).toBeFocused();
  expect(page.url()).not.toContain(encodeURIComponent(email));
  await login.password.fill(password);
  await login.submitButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A visitor opens an invitation mailed to another address and registers from it.
  const owner = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Join us' });
  const invited = uniqueEmail();
  const token = await inviteViaApi(request, ownerToken, decision.id, invited, 'viewer');
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await visitor.goto(`/invite?token=${token}`);
  await visitor.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(visitor).toHaveURL(/\/register\?token=/);
  await expect(new RegisterPage(visitor).email).toHaveValue(invited);
});

test('change password asks twice: a mismatch is a field error and sends nothing', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInViaApi(page, account, 'no page');
  const changePage = new ChangePasswordPage(page);
  await changePage.goto();
  const requests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/change-password')) requests.push(sent.url());
  });

  const next = uniquePassword();
  await changePage.changePassword(account.password, next, `${next}x`);
  await expect(page.getByText('The new passwords do not match.')).toBeVisible();
  await expect(changePage.confirmNewPassword).toHaveAttribute('aria-invalid', 'true');
  expect(requests).toEqual([]);

  await changePage.confirmNewPassword.fill(next);
  await changePage.saveButton.click();
  await expect(page.getByText('✅ Your password has been changed.')).toBeVisible();
  await expect(page.getByText('The new passwords do not match.')).toHaveCount(0);
  expect(requests).toHaveLength(1);
});

test('a successful profile save leaves no earlier error on the page', async ({ page, request }) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.avatarFileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  const avatarError = page.getByRole('main').getByText('Error: Please choose an image file.');
  await expect(avatarError).toBeVisible();
  await profile.birthday.fill('2999-01-01');
  await profile.saveButton.click();
  const birthdayError = page.getByText('Please enter a birthday between 1900 and today.');
  await expect(birthdayError).toBeVisible();

  await profile.birthday.fill('1990-05-17');
  await profile.firstName.fill('Ada');
  await profile.saveButton.click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(avatarError).toHaveCount(0);
  await expect(birthdayError).toHaveCount(0);
  await expect(page.getByRole('main').getByText(/error|could not/i)).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the people, account and comment screens have no serious accessibility violations', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000); // five axe runs
      const { owner, decision } = await seedTeam(request);
      await signInViaApi(page, owner);

      for (const path of [`/team-invite/${decision.id}`, `/team-decision/${decision.id}`, '/profile']) {
        await page.goto(path);
        await waitForContent(page);
        expect(await seriousViolations(page), path).toEqual([]);
      }

      const changePage = new ChangePasswordPage(page);
      await changePage.goto();
      await changePage.changePassword(owner.password, 'one-password-1', 'another-password-2');
      await expect(page.getByText('The new passwords do not match.')).toBeVisible();
      expect(await seriousViolations(page), '/change-password (mismatch)').toEqual([]);

      await new AppFrame(page).accountMenuButton.click();
      await expect(page.getByRole('menuitem', { name: 'My Decisions' })).toBeVisible();
      expect(await seriousViolations(page), 'avatar menu').toEqual([]);
    });
  });
}
