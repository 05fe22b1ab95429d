import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppFrame } from './pages/AppFrame.ts';
import { CommentsPanel } from './pages/CommentsPanel.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi, sessionOf } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { detailsViaApi } from './support/people.ts';
import { acceptViaApi, createTeamDecisionViaApi, inviteViaApi } from './support/team.ts';

// Where the team disagrees (issue 16): the heat map by agreement, the least agreed cells first, and
// "Discuss", which attaches a comment to the cell for everyone to see.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Owner and editor score Lisbon and Prague on Cost and Weather:
 * Lisbon × Cost 4 / 6 (2 points apart: close), Lisbon × Weather 0 / 10 (split),
 * Prague × Cost 7 / 7 (close), Prague × Weather 3 / 6 (3 points apart: mixed).
 */
async function disagreeingTeam(request: APIRequestContext) {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  const decision = await createTeamDecisionViaApi(request, ownerToken, {
    name: 'Where we differ',
    options: ['Lisbon', 'Prague'],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Weather', importance: 50 },
    ],
  });
  await acceptViaApi(
    request,
    memberToken,
    await inviteViaApi(request, ownerToken, decision.id, member.email),
  );
  const details = await detailsViaApi(request, ownerToken, decision.id);
  const [lisbon, prague] = details.options.map((option) => option.id) as [number, number];
  const [cost, weather] = details.criteria.map((criterion) => criterion.id) as [number, number];
  const vote = async (token: string, values: [number, number, number, number]) => {
    const response = await request.post(`/api/decision/${decision.id}/evaluate`, {
      data: {
        evaluations: [
          { option_id: lisbon, criterion_id: cost, value: values[0] },
          { option_id: lisbon, criterion_id: weather, value: values[1] },
          { option_id: prague, criterion_id: cost, value: values[2] },
          { option_id: prague, criterion_id: weather, value: values[3] },
        ],
      },
      headers: auth(token),
    });
    expect(response.status()).toBe(200);
  };
  await vote(ownerToken, [4, 0, 7, 3]);
  await vote(memberToken, [6, 10, 7, 6]);
  return { owner, member, decision };
}

test('the heat map labels every cell, lists the least agreed first, and "Discuss" comments on the cell', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner, member, decision } = await disagreeingTeam(request);
  const [ownerPage, memberPage] = await Promise.all([sessionOf(browser, owner), sessionOf(browser, member)]);
  const ownerView = new TeamDecisionPage(ownerPage);
  const memberView = new TeamDecisionPage(memberPage);
  await Promise.all([ownerView.goto(decision.id), memberView.goto(decision.id)]);

  // Colour and a text label: readable without the colour; the spread in scale points, no σ (issue 25).
  await expect(ownerView.agreementCell('Lisbon', 'Cost')).toContainText('from 4 to 6 · close');
  await expect(ownerView.agreementCell('Lisbon', 'Weather')).toContainText('from 0 to 10 · split');
  await expect(ownerView.agreementCell('Prague', 'Cost')).toContainText('everyone gave 7 · close');
  await expect(ownerView.agreementCell('Prague', 'Weather')).toContainText('from 3 to 6 · mixed');
  await expect(ownerView.agreementCell('Lisbon', 'Weather')).toHaveAttribute('data-level', 'low');
  // Agreement (80 + 0 + 100 + 70) / 4 = 62.5 %: mixed.
  await expect(ownerView.consensus).toContainText('Overall the votes are mixed.');
  await expect(ownerView.consensus).not.toContainText('σ');
  // Nobody weighted: the weights have fewer than two values.
  await expect(ownerView.consensus.getByRole('columnheader', { name: /Cost/ })).toContainText(
    'Weights: not enough votes yet',
  );

  // Least agreed first; full agreement is nothing to discuss.
  await expect(ownerView.leastAgreed).toHaveCount(3);
  await expect(ownerView.leastAgreed.nth(0)).toContainText('Lisbon × Weather');
  await expect(ownerView.leastAgreed.nth(1)).toContainText('Prague × Weather');
  await expect(ownerView.leastAgreed.nth(2)).toContainText('Lisbon × Cost');

  // "Discuss" attaches the composer to the cell and moves focus there.
  await ownerView.leastAgreed.nth(0).getByRole('button', { name: 'Discuss Lisbon × Weather' }).click();
  const composer = ownerPage.getByRole('textbox', { name: 'Comment on Lisbon × Weather' });
  await expect(composer).toBeFocused();
  await ownerPage.keyboard.type('Why a 0 for the weather in Lisbon?');
  await ownerPage.getByRole('button', { name: 'Post comment' }).click();

  const ownerComments = new CommentsPanel(ownerPage);
  await expect(ownerComments.item('Why a 0 for the weather in Lisbon?')).toContainText(
    'About Lisbon × Weather',
  );
  // The composer is about the decision again.
  await expect(ownerPage.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();

  // The other member sees it live, with the cell's name, and the cell counts it.
  const memberComments = new CommentsPanel(memberPage);
  await expect(memberComments.item('Why a 0 for the weather in Lisbon?')).toContainText(
    'About Lisbon × Weather',
  );
  await expect(memberView.agreementCell('Lisbon', 'Weather')).toContainText('1 comment');
  await expect(memberView.agreementCell('Lisbon', 'Cost')).toContainText('0 comments');

  // The count leads to that cell's comments alone.
  await memberComments.post('A general remark.');
  await expect(memberComments.item('A general remark.')).toBeVisible();
  await memberView
    .agreementCell('Lisbon', 'Weather')
    .getByRole('button', { name: /1 comment on Lisbon × Weather/ })
    .click();
  await expect(memberPage.getByText('Comments on Lisbon × Weather')).toBeFocused();
  await expect(memberComments.items).toHaveCount(1);
  await memberPage.getByRole('button', { name: 'Show all comments' }).click();
  await expect(memberComments.items).toHaveCount(2);
});

test('German: labels and the cell of a comment', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner, decision } = await disagreeingTeam(request);
  const page = await sessionOf(browser, owner);
  await new AppFrame(page).switchLanguage('Deutsch');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.consensus).toBeVisible();
  await expect(view.agreementCell('Lisbon', 'Weather')).toContainText('von 0 bis 10 · gespalten');
  await expect(view.consensus).toContainText('Insgesamt sind die Stimmen gemischt.');
  await view.leastAgreed.nth(0).getByRole('button', { name: 'Lisbon × Weather diskutieren' }).click();
  await expect(page.getByRole('textbox', { name: 'Kommentar zu Lisbon × Weather' })).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the heat map and the cell comments pass axe (${theme})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const { owner, decision } = await disagreeingTeam(request);
    const page = await sessionOf(browser, owner, theme);
    const view = new TeamDecisionPage(page);
    await view.goto(decision.id);
    await expect(view.agreementCell('Lisbon', 'Weather')).toBeVisible();
    await view.leastAgreed.nth(0).getByRole('button', { name: 'Discuss Lisbon × Weather' }).click();
    await page.keyboard.type('Let us talk about it.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByText('About Lisbon × Weather')).toBeVisible();
    expect(await seriousViolations(page), `team view with the heat map (${theme})`).toEqual([]);
  });
}

test('on a phone (390 px) the heat map scrolls inside its region and the page does not', async ({
  browser,
  request,
}) => {
  const { owner, decision } = await disagreeingTeam(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInViaApi(page, owner, 'no page');
  const view = new TeamDecisionPage(page);
  await view.goto(decision.id);
  await expect(view.agreementCell('Lisbon', 'Weather')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
