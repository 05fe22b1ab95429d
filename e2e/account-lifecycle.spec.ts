import { expect, test } from '@playwright/test';
import en from '../shared/i18n/en.json' with { type: 'json' };
import { AppFrame } from './pages/AppFrame.ts';
import { ChangePasswordPage } from './pages/ChangePasswordPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { RegisterPage } from './pages/RegisterPage.ts';
import { AVATAR_PNG, uniqueEmail, uniquePassword } from './support/test-data.ts';

test('register, log in, edit the profile with an avatar, change the password, log out and log in again', async ({
  page,
}) => {
  const email = uniqueEmail();
  const firstPassword = uniquePassword();
  const secondPassword = uniquePassword();
  const frame = new AppFrame(page);

  const registerPage = new RegisterPage(page);
  await registerPage.goto();
  await registerPage.register(email, firstPassword);
  await expect(registerPage.status).toHaveText('Account created successfully!');
  await expect(page).toHaveURL(/\/login$/);

  const loginPage = new LoginPage(page);
  await loginPage.logIn(email, firstPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  // No nickname or name yet: the part of the address before the @, not "User".
  await expect(frame.accountMenuButton).toHaveAccessibleName(`Account menu of ${email.split('@')[0]}`);

  await frame.chooseAccountMenuEntry('Edit Profile');
  await expect(page).toHaveURL(/\/profile$/);
  const profilePage = new ProfilePage(page);
  await expect(profilePage.nickname).toBeVisible();
  await expect(profilePage.avatar).toHaveAttribute('src', '/default-avatar.svg');

  await profilePage.uploadAvatar(AVATAR_PNG);
  await expect(profilePage.avatar).toHaveAttribute('src', /^\/api\/avatars\/[a-f0-9]{32}\.webp$/);
  await expect(page.getByText('Profile picture updated.')).toBeVisible();

  await profilePage.nickname.fill('Navigator');
  await expect(page.getByText('9/20')).toBeVisible();
  await profilePage.firstName.fill('Ada');
  await profilePage.lastName.fill('Lovelace');
  await profilePage.birthday.fill('1990-12-10');
  await profilePage.saveButton.click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(frame.accountMenuButton).toHaveAccessibleName('Account menu of Navigator');

  await page.reload();
  await expect(profilePage.nickname).toHaveValue('Navigator');
  await expect(profilePage.lastName).toHaveValue('Lovelace');
  await expect(profilePage.birthday).toHaveValue('1990-12-10');
  await expect(profilePage.avatar).toHaveAttribute('src', /^\/api\/avatars\//);

  await frame.chooseAccountMenuEntry('Change Password');
  await expect(page).toHaveURL(/\/change-password$/);
  const changePasswordPage = new ChangePasswordPage(page);
  await changePasswordPage.changePassword(firstPassword, secondPassword);
  await expect(changePasswordPage.result).toHaveText('✅ Your password has been changed.');

  await frame.chooseAccountMenuEntry('Logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await loginPage.logIn(email, firstPassword);
  await expect(loginPage.status).toHaveText(en.errors.INVALID_CREDENTIALS);

  await loginPage.logIn(email, secondPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(frame.accountMenuButton).toHaveAccessibleName('Account menu of Navigator');
});

test('a wrong current password is reported with the server message', async ({ page, request }) => {
  const email = uniqueEmail();
  const password = uniquePassword();
  await request.post('/api/register', { data: { email, password, inviteToken: null } });
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const changePasswordPage = new ChangePasswordPage(page);
  await changePasswordPage.goto();
  await changePasswordPage.changePassword('not-my-password', uniquePassword());
  await expect(changePasswordPage.result).toHaveText(
    `❌ Error changing password: ${en.errors.WRONG_PASSWORD}`,
  );
});
