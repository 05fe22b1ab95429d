import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { NotificationBell } from './pages/NotificationBell.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { setProfileViaApi } from './support/people.ts';
import {
  acceptViaApi,
  activateViaApi,
  createTeamDecisionViaApi,
  inviteViaApi,
  voteViaApi,
} from './support/team.ts';

/** An active team decision: the owner, an editor who voted one cell of four, and one who voted nothing. */
async function activeTeam(request: APIRequestContext, name: string) {
  const [owner, partial, silent] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ]);
  const ownerToken = await apiToken(request, owner);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name,
    options: ['Lisbon', 'Prague'],
    criteria: ['Cost', 'Weather'],
  });
  for (const member of [partial, silent]) {
    const token = await apiToken(request, member);
    await acceptViaApi(request, token, await inviteViaApi(request, ownerToken, decision.id, member.email));
  }
  await activateViaApi(request, ownerToken, decision.id);
  await voteViaApi(request, await apiToken(request, partial), decision.id, [
    { option: 0, criterion: 0, value: 6 },
  ]);
  await setProfileViaApi(request, ownerToken, { nickname: 'Olga' });
  return { owner, partial, silent, decision };
}

const remindButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: /^(Remind the|Die \d+ erinnern|Die eine Person)/ });

test('a reminder sent by the owner arrives live in the other member’s bell; the button then waits', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two browsers logging in, a reminder, a live notification
  const { owner, partial, decision } = await activeTeam(request, 'Reminder journey');
  const ownerPage = await (await browser.newContext()).newPage();
  const memberPage = await (await browser.newContext()).newPage();
  await signInViaApi(ownerPage, owner);
  await signInViaApi(memberPage, partial);
  const bell = new NotificationBell(memberPage);
  // The invitation and the activation notices are there already.
  await expect(bell.button).toHaveAttribute('data-unread', '2');

  await new TeamDecisionPage(ownerPage).goto(decision.id);
  const button = remindButton(ownerPage);
  // Both members have not voted in full; the owner, who sends it, is never counted.
  await expect(button).toHaveText('Remind the 2 who have not voted');
  await expect(button).toHaveAccessibleDescription(/At most one reminder every 12 hours/);
  await button.click();
  await expect(ownerPage.getByText('Reminded 2 voters.')).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(/^Next reminder possible at /);

  // The member's page was never reloaded: the bell counts up on its own.
  await expect(bell.button).toHaveAttribute('data-unread', '3');
  await bell.open();
  const reminder = bell.dropdown.getByRole('link', {
    name: 'Reminder: please vote on “Reminder journey”, you have not rated everything yet.',
  });
  await expect(reminder).toBeVisible();
  await reminder.click();
  await expect(memberPage).toHaveURL(new RegExp(`/team-decision/${decision.id}$`));
  // Editors do not remind.
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Reminder journey' })).toBeVisible();
  await expect(remindButton(memberPage)).toHaveCount(0);

  expect(await seriousViolations(ownerPage), 'team view with a held-back reminder').toEqual([]);
  await new AppFrame(ownerPage).switchLanguage('Deutsch');
  await expect(button).toHaveAccessibleDescription(/^Nächste Erinnerung möglich ab /);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the remind button passes axe in the ${theme} theme at 390 px`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const { owner, decision } = await activeTeam(request, `Reminder ${theme}`);
    const context = await browser.newContext({ colorScheme: theme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInViaApi(page, owner, 'no page');
    await new TeamDecisionPage(page).goto(decision.id);
    await expect(remindButton(page)).toBeEnabled();
    // Reachable by keyboard.
    await remindButton(page).focus();
    await expect(remindButton(page)).toBeFocused();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `team view, ${theme}`).toEqual([]);
    await context.close();
  });
}
