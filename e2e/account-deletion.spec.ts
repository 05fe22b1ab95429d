import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { CommentsPanel } from './pages/CommentsPanel.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, sessionOf, signInViaApi, type TestAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken, COMMUTE_DECISION, createDecisionViaApi } from './support/decisions.ts';
import { activateViaApi, createTeamDecisionViaApi, joinViaApi, voteViaApi } from './support/team.ts';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function setNicknameViaApi(request: APIRequestContext, token: string, nickname: string) {
  const response = await request.put('/api/users/update', { data: { nickname }, headers: auth(token) });
  expect(response.status()).toBe(200);
}

/** A team decision of `owner` that `member` joined as editor, voted in and commented on; voting ended. */
async function closedDecisionWithComment(
  request: APIRequestContext,
  owner: TestAccount,
  member: TestAccount,
) {
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Team offsite',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost' }, { name: 'Weather' }],
  });
  await joinViaApi(request, ownerToken, decision.id, member.email, memberToken);
  await activateViaApi(request, ownerToken, decision.id);
  await voteViaApi(request, memberToken, decision.id, [{ option: 0, criterion: 0, value: 7 }]);
  const comment = await request.post('/api/comments', {
    data: { decision_id: decision.id, text: 'Lisbon has the better food' },
    headers: auth(memberToken),
  });
  expect(comment.status()).toBe(201);
  const ended = await request.post(`/api/decision/${decision.id}/end-voting`, { headers: auth(ownerToken) });
  expect(ended.status()).toBe(200);
  return { decision, ownerToken, memberToken };
}

test('a member deletes their account through the dialog; the team then shows a former member', async ({
  browser,
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const { decision, ownerToken, memberToken } = await closedDecisionWithComment(request, owner, member);
  await setNicknameViaApi(request, ownerToken, 'Olga');
  // The member's own team decision passes to the owner, who joined it as editor.
  const ownTeam = await createTeamDecisionViaApi(request, memberToken, { name: 'Book club' });
  await joinViaApi(request, memberToken, ownTeam.id, owner.email, ownerToken);
  await createDecisionViaApi(request, memberToken, COMMUTE_DECISION);

  await signInViaApi(page, member, 'no page');
  await page.goto('/profile');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('1 personal decision will be deleted.')).toBeVisible();
  await expect(dialog.getByText('“Book club” passes to Olga (Editor)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Your password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(
    dialog.getByText('The current password is incorrect. Nothing was changed.').first(),
  ).toBeVisible();

  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const ownerPage = await sessionOf(browser, owner);
  const teamPage = new TeamDecisionPage(ownerPage);
  await teamPage.goto(decision.id);
  const comments = new CommentsPanel(ownerPage);
  await expect(comments.author('Lisbon has the better food')).toHaveText('Former member');
  await expect(teamPage.teamStatus.filter({ hasText: 'Former member' })).toHaveCount(1);
  expect(await seriousViolations(ownerPage)).toEqual([]);
  await ownerPage.context().close();
});

test('“Download my data” saves a dated ZIP with the account, the decisions and the notifications', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await createDecisionViaApi(request, await apiToken(request, account), COMMUTE_DECISION);
  await signInViaApi(page, account, 'no page');
  await page.goto('/profile');

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('main').getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^decision-compass-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await file.path())));
  const account_json = JSON.parse(strFromU8(entries['account.json']!)) as { profile: { email: string } };
  expect(account_json.profile.email).toBe(account.email);
  const decisions = JSON.parse(strFromU8(entries['decisions.json']!)) as { name: string }[];
  expect(decisions.map((decision) => decision.name)).toEqual([COMMUTE_DECISION.name]);
  expect(JSON.parse(strFromU8(entries['notifications.json']!))).toEqual([]);
  expect(Object.keys(entries).filter((name) => name.endsWith('.csv'))).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);
});
