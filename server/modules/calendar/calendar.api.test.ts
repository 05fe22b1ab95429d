import ICAL from 'ical.js';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../shared/api/calendar.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const APP_URL = 'https://compass.example';
const { app } = useTestApp({ appUrl: APP_URL, authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const day = (days: number) => inDays(days).toISOString().slice(0, 10);
/** A deadline in the future, to the second (the feed writes seconds). */
const deadlineIn = (days: number) => new Date(Math.floor(inDays(days).getTime() / 1000) * 1000).toISOString();

async function feedUrlOf(user: SignedInUser): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/users/me/calendar', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CalendarFeed>().url;
}

const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: new URL(url).pathname, headers });

function eventsIn(response: LightMyRequestResponse): Map<string, ICAL.Event> {
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return new Map(events.map((event) => [event.uid, event]));
}

async function feedEvents(user: SignedInUser): Promise<Map<string, ICAL.Event>> {
  const response = await fetchUrl(await feedUrlOf(user));
  expect(response.statusCode, response.body).toBe(200);
  return eventsIn(response);
}

const deadlineUid = (decisionId: number) => `deadline-${decisionId}@compass.example`;
const reviewUid = (decisionId: number) => `review-${decisionId}@compass.example`;
const urlOf = (event: ICAL.Event) => event.component.getFirstPropertyValue('url');

describe('GET /api/users/me/calendar and POST …/reset', () => {
  it('gives a secret feed URL under APP_URL, the same on every call, to the signed-in user only', async () => {
    const user = await createSignedInUser(app);
    const url = await feedUrlOf(user);
    expect(url).toMatch(/^https:\/\/compass\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrlOf(user)).toBe(url);
    expect(await feedUrlOf(await createSignedInUser(app))).not.toBe(url);
    expectApiError(await app.inject({ method: 'GET', url: '/api/users/me/calendar' }), 401, 'UNAUTHORIZED');
    expectApiError(
      await app.inject({ method: 'POST', url: '/api/users/me/calendar/reset' }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('makes one token for parallel first calls', async () => {
    const user = await createSignedInUser(app);
    const urls = await Promise.all([1, 2, 3, 4].map(() => feedUrlOf(user)));
    expect(new Set(urls).size).toBe(1);
  });

  it('reset: a new URL; the old one answers 404 in the caller language and changes nothing', async () => {
    const user = await createSignedInUser(app);
    const old = await feedUrlOf(user);
    expect((await fetchUrl(old)).statusCode).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/me/calendar/reset',
      headers: user.headers,
    });
    expect(reset.statusCode).toBe(200);
    const { url } = reset.json<CalendarFeed>();
    expect(url).not.toBe(old);
    expect(await feedUrlOf(user)).toBe(url);
    await expectNothingChanged(app, async () => {
      expectApiError(await fetchUrl(old), 404, 'CALENDAR_FEED_NOT_FOUND');
      expectApiError(await fetchUrl(old, { 'accept-language': 'de' }), 404, 'CALENDAR_FEED_NOT_FOUND', {
        language: 'de',
      });
      expectApiError(
        await fetchUrl(`${APP_URL}/api/calendar/not-a-token.ics`),
        404,
        'CALENDAR_FEED_NOT_FOUND',
      );
      expectApiError(await fetchUrl(`${APP_URL}/api/calendar/.ics`), 404, 'CALENDAR_FEED_NOT_FOUND');
    });
    expect((await fetchUrl(url)).statusCode).toBe(200);
  });

  it('the feed token is no sign-in credential', async () => {
    const user = await createSignedInUser(app);
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(await feedUrlOf(user))![1]!;
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expectApiError(asBearer, 401, 'UNAUTHORIZED');
  });

  it('goes with the account: deleting it removes the feed and its URL answers 404', async () => {
    const user = await createSignedInUser(app);
    const url = await feedUrlOf(user);
    const before = await countRows(app, 'calendar_feeds');
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: user.password },
      headers: user.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await countRows(app, 'calendar_feeds')).toBe(before - 1);
    expectApiError(await fetchUrl(url), 404, 'CALENDAR_FEED_NOT_FOUND');
  });
});

describe('GET /api/calendar/{token}.ics: who sees which deadline', () => {
  let owner: SignedInUser;
  let outsider: SignedInUser;
  let fixture: Awaited<ReturnType<typeof teamWithRoles>>;
  let removed: SignedInUser;

  beforeAll(async () => {
    owner = await createSignedInUser(app);
    outsider = await createSignedInUser(app);
    fixture = await teamWithRoles(app, owner, { name: 'Offsite', timer: deadlineIn(3) });
    removed = await addMember(app, owner, fixture.decision.id, 'editor');
    const removal = await team.removeMember(owner, fixture.decision.id, removed.user.id);
    expect(removal.statusCode, removal.body).toBe(200);
  });

  it.each(['owner', 'admin', 'editor', 'viewer'] as const)('the %s sees the deadline', async (role) => {
    const events = await feedEvents(fixture[role]);
    const event = events.get(deadlineUid(fixture.decision.id));
    expect(event?.summary).toBe('Voting closes: Offsite');
  });

  it('a non-member and a removed member do not', async () => {
    for (const user of [outsider, removed])
      expect((await feedEvents(user)).has(deadlineUid(fixture.decision.id))).toBe(false);
  });

  it('drafts and closed decisions are in it, decisions without a deadline and personal ones are not', async () => {
    const draft = await teamWithRoles(app, owner, {
      name: 'Draft',
      timer: deadlineIn(5),
      isActivated: false,
    });
    const closed = await teamWithRoles(app, owner, { name: 'Closed', timer: deadlineIn(5) });
    expect((await team.endVoting(owner, closed.decision.id)).statusCode).toBe(200);
    const undated = await teamWithRoles(app, owner, { name: 'Undated' });
    const personal = await createDecision(app, owner, { name: 'Mine' });
    const events = await feedEvents(draft.viewer);
    expect(events.has(deadlineUid(draft.decision.id))).toBe(true);
    const ownerEvents = await feedEvents(owner);
    for (const id of [fixture.decision.id, draft.decision.id, closed.decision.id])
      expect(ownerEvents.has(deadlineUid(id))).toBe(true);
    for (const id of [undated.decision.id, personal.decision.id])
      expect([...ownerEvents.keys()].some((uid) => uid.includes(`-${id}@`))).toBe(false);
    expect((await feedEvents(closed.editor)).get(deadlineUid(closed.decision.id))?.summary).toBe(
      'Voting closes: Closed',
    );
  });
});

describe('GET /api/calendar/{token}.ics: the events', () => {
  it('writes SUMMARY, DESCRIPTION, URL and DTSTART in UTC, with stable UIDs, and follows changes', async () => {
    const owner = await createSignedInUser(app);
    const timer = deadlineIn(4);
    const { decision } = await createTeamDecision(app, owner, {
      name: 'Offsite',
      description: 'Where do we go?',
      timer,
    });
    const url = await feedUrlOf(owner);
    const first = await fetchUrl(url);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const event = eventsIn(first).get(deadlineUid(decision.id))!;
    expect(event.summary).toBe('Voting closes: Offsite');
    expect(event.description).toBe('Where do we go?');
    expect(urlOf(event)).toBe(`${APP_URL}/team-decision/${decision.id}`);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe(timer);
    expect(first.body).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(first.body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(first.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);

    const later = deadlineIn(6);
    expect((await team.setTimer(owner, decision.id, later)).statusCode).toBe(200);
    const moved = eventsIn(await fetchUrl(url)).get(deadlineUid(decision.id))!;
    expect(moved.uid).toBe(event.uid);
    expect(moved.startDate.toJSDate().toISOString()).toBe(later);
    expect((await team.setTimer(owner, decision.id, null)).statusCode).toBe(200);
    expect(eventsIn(await fetchUrl(url)).has(deadlineUid(decision.id))).toBe(false);
  });

  it('escapes commas, semicolons, backslashes and line breaks and folds long lines', async () => {
    const owner = await createSignedInUser(app);
    const name = 'Rent, buy; or lease \\ the office';
    const description = `First line, with a comma; and a semicolon\nSecond line ${'with a long text '.repeat(10)}ü😀`;
    const { decision } = await createTeamDecision(app, owner, { name, description, timer: deadlineIn(2) });
    const response = await fetchUrl(await feedUrlOf(owner));
    expect(response.body).toContain('SUMMARY:Voting closes: Rent\\, buy\\; or lease \\\\ the office');
    const lines = response.body.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    const event = eventsIn(response).get(deadlineUid(decision.id))!;
    expect(event.summary).toBe(`Voting closes: ${name}`);
    expect(event.description).toBe(description);
  });

  it('adds an all-day event on the review day of each outcome the user owns, and none for members', async () => {
    const owner = await createSignedInUser(app);
    const fixture = await teamWithRoles(app, owner, { name: 'Cars', timer: deadlineIn(2) });
    const { decision, editor, optionIds } = fixture;
    expect((await team.evaluate(editor, decision.id, fullVote(fixture, 5))).statusCode).toBe(200);
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    const recorded = await lifecycle.recordOutcome(fixture.admin, decision.id, {
      option_id: optionIds[0],
      review_on: day(30),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const personal = await createDecision(app, owner, { name: 'Bike' });
    const personalOutcome = await lifecycle.recordOutcome(owner, personal.decision.id, {
      option_id: personal.optionIds[0],
      review_on: day(60),
    });
    expect(personalOutcome.statusCode, personalOutcome.body).toBe(200);

    const events = await feedEvents(owner);
    const review = events.get(reviewUid(decision.id))!;
    expect(review.summary).toBe('Review the outcome: Cars');
    expect(review.startDate.isDate).toBe(true);
    expect(review.startDate.toString()).toBe(day(30));
    expect(review.endDate.toString()).toBe(day(31));
    expect(urlOf(review)).toBe(`${APP_URL}/team-decision/${decision.id}`);
    const personalReview = events.get(reviewUid(personal.decision.id))!;
    expect(personalReview.startDate.toString()).toBe(day(60));
    expect(urlOf(personalReview)).toBe(`${APP_URL}/single-decision/${personal.decision.id}`);
    for (const member of [fixture.admin, editor, fixture.viewer]) {
      const memberEvents = await feedEvents(member);
      expect(memberEvents.has(reviewUid(decision.id))).toBe(false);
      expect(memberEvents.has(deadlineUid(decision.id))).toBe(true);
    }
    expect((await lifecycle.removeOutcome(owner, personal.decision.id)).statusCode).toBe(204);
    expect((await feedEvents(owner)).has(reviewUid(personal.decision.id))).toBe(false);
  });

  it('is written in the user saved language, whatever the calendar app asks for', async () => {
    const user = await createSignedInUser(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: { language: 'de' },
      headers: user.headers,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { decision } = await createTeamDecision(app, user, { name: 'Ausflug', timer: deadlineIn(2) });
    const response = await fetchUrl(await feedUrlOf(user), { 'accept-language': 'en' });
    expect(eventsIn(response).get(deadlineUid(decision.id))?.summary).toBe('Abstimmung endet: Ausflug');
    expect(response.body).toContain('PRODID:-//Decision Compass//Calendar//DE');
  });

  it('is revalidated, never stored by shared caches, never indexed: the same data answers 304', async () => {
    const owner = await createSignedInUser(app);
    await createTeamDecision(app, owner, { timer: deadlineIn(2) });
    const url = await feedUrlOf(owner);
    const first = await fetchUrl(url);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['x-robots-tag']).toContain('noindex');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await fetchUrl(url)).body).toBe(first.body);
    const unchanged = await fetchUrl(url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    await createTeamDecision(app, owner, { name: 'Another', timer: deadlineIn(3) });
    const changed = await fetchUrl(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/decision/{id}/calendar.ics', () => {
  const fileOf = (
    caller: SignedInUser | undefined,
    decisionId: number,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'GET',
      url: `/api/decision/${decisionId}/calendar.ics`,
      headers: { ...caller?.headers, ...headers },
    });

  it('gives every member a one-event file with the feed event UID; outsiders get 404, anonymous 401', async () => {
    const owner = await createSignedInUser(app);
    const fixture = await teamWithRoles(app, owner, { name: 'Offsite; 2030', timer: deadlineIn(2) });
    const { decision } = fixture;
    for (const member of [owner, fixture.admin, fixture.editor, fixture.viewer]) {
      const response = await fileOf(member, decision.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Offsite-2030\.ics"/);
      const events = eventsIn(response);
      expect([...events.keys()]).toEqual([deadlineUid(decision.id)]);
      expect(events.get(deadlineUid(decision.id))?.summary).toBe('Voting closes: Offsite; 2030');
    }
    const german = await fileOf(fixture.editor, decision.id, { 'accept-language': 'de' });
    expect(eventsIn(german).get(deadlineUid(decision.id))?.summary).toBe('Abstimmung endet: Offsite; 2030');
    expect((await feedEvents(fixture.viewer)).has(deadlineUid(decision.id))).toBe(true);

    const outsider = await createSignedInUser(app);
    await expectNothingChanged(app, async () => {
      expectApiError(await fileOf(outsider, decision.id), 404, 'NOT_FOUND');
      expectApiError(await fileOf(outsider, 2_000_000_000), 404, 'NOT_FOUND');
      expectApiError(await fileOf(undefined, decision.id), 401, 'UNAUTHORIZED');
    });
  });

  it('answers 404 NO_DEADLINE for a decision without a deadline, in the caller language', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner, { timer: null });
    const personal = await createDecision(app, owner);
    await expectNothingChanged(app, async () => {
      expectApiError(await fileOf(owner, decision.id), 404, 'NO_DEADLINE');
      expectApiError(
        await fileOf(owner, personal.decision.id, { 'accept-language': 'de' }),
        404,
        'NO_DEADLINE',
        {
          language: 'de',
        },
      );
    });
  });
});
