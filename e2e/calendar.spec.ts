import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, test, type APIRequestContext } from '@playwright/test';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { addToCalendarButton, CalendarFeedSection } from './pages/CalendarFeed.ts';
import { TeamDecisionPage } from './pages/TeamDecisionPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { createTeamDecisionViaApi } from './support/team.ts';

/** A deadline a week ahead, to the second (the calendar writes seconds). */
const weekAhead = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000).toISOString();

function summariesOf(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary);
}

async function fetchFeed(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  return { status: response.status(), body: await response.text() };
}

test('the profile page shows the calendar link: Copy puts it on the clipboard, Reset link replaces it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000); // two axe runs
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await createAccount(request);
  await createTeamDecisionViaApi(request, await apiToken(request, account), {
    name: 'Offsite, 2030; Lisbon',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost' }],
    timer: weekAhead(),
  });
  await signInViaApi(page, account, 'no page');
  const section = new CalendarFeedSection(page);
  await section.goto();

  await expect(section.url).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.url).toHaveAttribute('readonly', '');
  const firstUrl = await section.url.inputValue();
  expect(await seriousViolations(page), 'profile with the calendar link').toEqual([]);

  await section.copyButton.click();
  await expect(section.status).toHaveText(en.calendar.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  const feed = await fetchFeed(request, firstUrl);
  expect(feed.status).toBe(200);
  expect(summariesOf(feed.body)).toEqual(['Voting closes: Offsite, 2030; Lisbon']);

  await section.resetButton.click();
  await expect(section.resetDialog).toContainText(en.calendar.resetMessage);
  expect(await seriousViolations(page), 'the reset confirmation').toEqual([]);
  await section.confirmResetButton.click();
  await expect(page.getByText(en.calendar.resetDone)).toBeVisible();
  await expect(section.url).not.toHaveValue(firstUrl);
  const newUrl = await section.url.inputValue();
  expect(newUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  expect((await fetchFeed(request, firstUrl)).status).toBe(404);
  expect((await fetchFeed(request, newUrl)).status).toBe(200);
});

test('cancelling the reset keeps the link; the German profile page says it in German', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const german = await request.put('/api/users/update', {
    data: { language: 'de' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(german.status()).toBe(200);
  await signInViaApi(page, account, 'no page');
  const section = new CalendarFeedSection(page);
  await section.goto();
  await expect(section.region).toContainText(de.calendar.feedLead);
  const url = await section.url.inputValue();
  await section.resetButton.click();
  await section.resetDialog.getByRole('button', { name: de.common.cancel }).click();
  await expect(section.resetDialog).toBeHidden();
  await expect(section.url).toHaveValue(url);
  expect((await fetchFeed(request, url)).status).toBe(200);
});

test('"Add to calendar" on the team view downloads a parsable file; without a deadline there is no button', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const timer = weekAhead();
  const dated = await createTeamDecisionViaApi(request, token, {
    name: 'Team offsite',
    description: 'Where do we go?',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost' }],
    timer,
  });
  const undated = await createTeamDecisionViaApi(request, token, {
    name: 'No deadline yet',
    options: ['A', 'B'],
    criteria: [{ name: 'Cost' }],
  });
  await signInViaApi(page, account, 'no page');
  const teamPage = new TeamDecisionPage(page);
  await teamPage.goto(dated.id);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Team offsite');
  expect(await seriousViolations(page), 'team view with Add to calendar').toEqual([]);

  const [file] = await Promise.all([page.waitForEvent('download'), addToCalendarButton(page).click()]);
  expect(file.suggestedFilename()).toBe('Team offsite.ics');
  const ics = await readFile(await file.path(), 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const [event] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  expect(event?.summary).toBe('Voting closes: Team offsite');
  expect(event?.description).toBe('Where do we go?');
  expect(event?.startDate.toJSDate().toISOString()).toBe(timer);
  expect(event?.component.getFirstPropertyValue('url')).toMatch(new RegExp(`/team-decision/${dated.id}$`));

  await teamPage.goto(undated.id);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('No deadline yet');
  await expect(teamPage.downloadPdfButton).toBeVisible();
  await expect(addToCalendarButton(page)).toHaveCount(0);
});
