import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { NotificationBell } from './pages/NotificationBell.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { apiToken } from './support/decisions.ts';
import { createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

test('an invitation arrives in the bell without a reload; Accept joins and opens the decision', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Bell test',
    options: ['A', 'B'],
    criteria: ['Cost'],
  });

  await signInViaApi(page, member);
  const bell = new NotificationBell(page);
  await expect(bell.button).toHaveAttribute('data-unread', '0');
  await bell.open();
  await expect(bell.dropdown.getByText('No notifications')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bell.dropdown).toHaveCount(0);
  await expect(bell.button).toBeFocused();

  await inviteViaApi(request, ownerToken, decision.id, member.email);
  await expect(bell.button).toHaveAttribute('data-unread', '1');
  await expect(bell.button).toHaveAccessibleName('Notifications, 1 unread');

  await bell.open();
  await expect(bell.dropdown.getByText('invited you to the decision “Bell test”.')).toBeVisible();
  await expect(bell.dropdown.getByRole('link', { name: 'show all notifications' })).toBeVisible();
  await bell.dropdown.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bell test' })).toBeVisible();
  await expect(bell.button).toHaveAttribute('data-unread', '0');
});

test('the notifications page lists everything, marks all read and resets the counter', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const first = await createTeamDecisionViaApi(request, ownerToken, { name: 'First team decision' });
  const second = await createTeamDecisionViaApi(request, ownerToken, { name: 'Second team decision' });
  await inviteViaApi(request, ownerToken, first.id, member.email);
  await inviteViaApi(request, ownerToken, second.id, member.email, 'viewer');

  await signInViaApi(page, member);
  const bell = new NotificationBell(page);
  await expect(bell.button).toHaveAttribute('data-unread', '2');

  await bell.open();
  await bell.dropdown.getByRole('link', { name: 'show all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('main').getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Second team decision');
  await expect(list.locator('time').first()).toBeVisible();
  await expect(bell.button).toHaveAttribute('data-unread', '0');

  const memberToken = await apiToken(request, member);
  const stored = await request.get('/api/notifications', {
    headers: { Authorization: `Bearer ${memberToken}` },
  });
  expect(((await stored.json()) as { read: boolean }[]).every((notification) => notification.read)).toBe(
    true,
  );

  // The invitations that were open on arrival can still be accepted from here.
  await list
    .getByRole('listitem')
    .filter({ hasText: 'First team decision' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/team-decision/${first.id}$`));
});

test.describe('in German', () => {
  test('the bell speaks German: Annehmen, Keine Benachrichtigungen, and the load error', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request);
    const member = await createAccount(request);
    await signInViaApi(page, member);
    await new AppFrame(page).switchLanguage('Deutsch');
    const bell = new NotificationBell(page);
    await bell.open();
    await expect(bell.dropdown.getByText('Keine Benachrichtigungen')).toBeVisible();
    await expect(bell.dropdown.getByRole('link', { name: 'Alle Benachrichtigungen anzeigen' })).toBeVisible();
    await page.keyboard.press('Escape');

    const ownerToken = await apiToken(request, owner);
    const decision = await createTeamDecisionViaApi(request, ownerToken, { name: 'Deutsch' });
    await inviteViaApi(request, ownerToken, decision.id, member.email);
    await expect(bell.button).toHaveAttribute('data-unread', '1');
    await bell.open();
    await expect(bell.dropdown.getByText('hat dich zur Entscheidung „Deutsch“ eingeladen.')).toBeVisible();
    await expect(bell.dropdown.getByRole('button', { name: 'Annehmen' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.route('**/api/notifications', (route) =>
      route.fulfill({ status: 500, json: { error: 'Boom', code: 'INTERNAL' } }),
    );
    await page.goto('/notifications');
    await expect(page.getByRole('alert')).toHaveText('Fehler beim Laden der Benachrichtigungen', {
      timeout: 15_000,
    });
  });
});
