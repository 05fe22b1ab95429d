import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { LIMITS } from '../../shared/limits.ts';
import { generateToken, hashToken } from '../modules/auth/tokens.ts';
import { createSignedInUser, type SignedInUser } from '../test/factories.ts';
import {
  dropLingeringConnections,
  listenOnRandomPort,
  openEventStream,
  type EventStream,
} from '../test/sse.ts';
import { createComment, createDecision, decisionApi } from '../test/decision-factories.ts';
import {
  addMember,
  createTeamDecision,
  inviteByEmail,
  notificationsOf,
  teamApi,
} from '../test/team-factories.ts';

const { app, testApp } = useTestApp({ authRateLimitPerMinute: 10_000 });
let baseUrl: string;
const api = teamApi(() => app);
const openStreams: EventStream[] = [];

/**
 * PostgreSQL: NOTIFY is database-wide while every test file has a schema of its own, so ids are moved far
 * away from the small ids other files use (see the isolation test at the end for why that is needed).
 */
async function startIdsAt(target: FastifyInstance, first: number): Promise<void> {
  if (target.database.engine !== 'postgres') return;
  for (const table of ['users', 'decisions'] as const) {
    await sql`alter table ${sql.table(table)} alter column id restart with ${sql.lit(first)}`.execute(
      target.database.db,
    );
  }
}

beforeAll(async () => {
  await startIdsAt(app, 1_000_000 + randomInt(1_000_000_000));
  baseUrl = await listenOnRandomPort(app);
});
afterEach(async () => {
  await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
});
// Runs before useTestApp closes the app: the sockets must be gone for it to close.
afterAll(() => dropLingeringConnections(app));

/** Opens the caller's stream on `url` and waits for its first event, `ready`. */
async function streamOf(user: SignedInUser, url = baseUrl): Promise<EventStream> {
  const stream = await openEventStream(url, user.headers);
  openStreams.push(stream);
  expect(stream.response.status).toBe(200);
  await stream.waitFor('ready');
  return stream;
}

/**
 * Waits until every event published so far has reached the stream, and answers the position after them.
 * With PostgreSQL, NOTIFY arrives asynchronously, so an event of the setup (e.g. the member's accept)
 * could otherwise arrive late and pass for the event under test. The barrier: mark-all-read publishes
 * the user's unread count, and events arrive in the order they were published.
 */
async function settledPosition(stream: EventStream, user: SignedInUser): Promise<number> {
  const from = stream.events.length;
  expect((await api.markAllRead(user)).statusCode).toBe(200);
  await stream.waitFor('notification', { from, where: (data) => (data as { unread: number }).unread === 0 });
  return stream.events.length;
}

/** Another session of the same user (a second device), through POST /api/login. */
async function anotherSessionOf(user: SignedInUser, target: FastifyInstance = app): Promise<SignedInUser> {
  const login = await target.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  const { token } = login.json<{ token: string }>();
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

const aboutDecision = (decisionId: number) => (data: unknown) =>
  (data as { decision_id?: number }).decision_id === decisionId;

/** Lets events that would (wrongly) be on their way arrive before asserting that none came. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('GET /api/events: the stream, votes, weights and edits', () => {
  it('answers 401 with the JSON error body without or with a bad token', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-session' }];
    for (const headers of attempts) {
      const stream = await openEventStream(baseUrl, headers);
      openStreams.push(stream);
      expect(stream.response.status).toBe(401);
      expect(await stream.response.json()).toEqual({
        error: 'Please log in again: your session has expired or is invalid.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('is an event stream that starts with a ready event', async () => {
    const user = await createSignedInUser(app);
    const stream = await streamOf(user);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-store');
    expect(stream.events[0]).toEqual({ event: 'ready', data: {} });
  });

  it('a vote by another member reaches the owner as decision-changed with the decision id', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const stream = await streamOf(owner);
    const from = await settledPosition(stream, owner);

    const vote = await api.evaluate(editor, decision.id, [
      { option_id: optionIds[0], criterion_id: criterionIds[0], value: 8 },
    ]);
    expect(vote.statusCode).toBe(200);
    const event = await stream.waitFor('decision-changed', { from, where: aboutDecision(decision.id) });
    expect(event.data).toEqual({ decision_id: decision.id });
  });

  it('a vote on a team of the largest size answers 200 and reaches the members (NOTIFY payloads stay small)', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    const now = new Date().toISOString();
    const db = app.database.db;
    // The owner, this crowd and the listener make the largest team allowed (issue 27).
    const crowd = Array.from({ length: LIMITS.team.maxMembersPerDecision - 2 }, (_, index) => ({
      email: `crowd-${decision.id}-${index}@example.com`,
      password_hash: 'not a hash: never signs in',
      language: 'en',
      created_at: now,
      updated_at: now,
    }));
    const memberIds: number[] = [];
    for (let start = 0; start < crowd.length; start += 500) {
      const rows = await db
        .insertInto('users')
        .values(crowd.slice(start, start + 500))
        .returning('id')
        .execute();
      memberIds.push(...rows.map((row) => row.id));
    }
    for (let start = 0; start < memberIds.length; start += 500) {
      await db
        .insertInto('team_members')
        .values(
          memberIds.slice(start, start + 500).map((userId) => ({
            decision_id: decision.id,
            user_id: userId,
            role: 'viewer' as const,
            created_at: now,
          })),
        )
        .execute();
    }
    // The last member, last in the audience, holds a stream.
    const listener = await addMember(app, owner, decision.id, 'viewer');
    const stream = await streamOf(listener);
    const from = await settledPosition(stream, listener);

    const vote = await api.evaluate(owner, decision.id, [
      { option_id: optionIds[0], criterion_id: criterionIds[0], value: 7 },
    ]);
    expect(vote.statusCode).toBe(200);
    await stream.waitFor('decision-changed', { from, where: aboutDecision(decision.id) });
  });

  it('weights of another member reach every member, but no outsider', async () => {
    const owner = await createSignedInUser(app);
    const { decision, criterionIds } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const viewer = await addMember(app, owner, decision.id, 'viewer');
    const outsider = await createSignedInUser(app);
    const [ownerStream, viewerStream, outsiderStream] = await Promise.all([
      streamOf(owner),
      streamOf(viewer),
      streamOf(outsider),
    ]);
    const ownerFrom = await settledPosition(ownerStream, owner);
    const viewerFrom = await settledPosition(viewerStream, viewer);
    const outsiderFrom = await settledPosition(outsiderStream, outsider);

    const weights = await api.weights(editor, decision.id, [{ criterion_id: criterionIds[0], weight: 40 }]);
    expect(weights.statusCode).toBe(200);
    await ownerStream.waitFor('decision-changed', { from: ownerFrom, where: aboutDecision(decision.id) });
    await viewerStream.waitFor('decision-changed', { from: viewerFrom, where: aboutDecision(decision.id) });
    await pause();
    expect(outsiderStream.events.slice(outsiderFrom)).toEqual([]);
  });

  it('a one-request team edit reaches every member as one decision-changed, but no outsider', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const outsider = await createSignedInUser(app);
    const [ownerStream, outsiderStream] = await Promise.all([streamOf(owner), streamOf(outsider)]);
    const ownerFrom = await settledPosition(ownerStream, owner);
    const outsiderFrom = await settledPosition(outsiderStream, outsider);

    const edit = await api.teamEdit(editor, decision.id, {
      votes: [{ option_id: optionIds[0], criterion_id: criterionIds[0], value: 6 }],
      weights: [{ criterion_id: criterionIds[0], weight: 40 }],
    });
    expect(edit.statusCode).toBe(200);
    await ownerStream.waitFor('decision-changed', { from: ownerFrom, where: aboutDecision(decision.id) });
    await pause();
    const changes = ownerStream.events
      .slice(ownerFrom)
      .filter((event) => event.event === 'decision-changed' && aboutDecision(decision.id)(event.data));
    expect(changes).toHaveLength(1);
    expect(outsiderStream.events.slice(outsiderFrom)).toEqual([]);
  });
});

describe('GET /api/events: removed members, invitations, comments and tabs', () => {
  it('a removed member is told once more (decision-changed), then hears nothing of the decision', async () => {
    const owner = await createSignedInUser(app);
    const { decision, criterionIds } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const stream = await streamOf(editor);
    const from = await settledPosition(stream, editor);

    expect((await api.removeMember(owner, decision.id, editor.user.id)).statusCode).toBe(200);
    await stream.waitFor('decision-changed', { from, where: aboutDecision(decision.id) });
    const afterRemoval = await settledPosition(stream, editor);
    await api.weights(owner, decision.id, [{ criterion_id: criterionIds[0], weight: 10 }]);
    await pause();
    expect(stream.events.slice(afterRemoval)).toEqual([]);
  });

  it('an invitation reaches the invitee as a notification event with the unread count; reading lowers it', async () => {
    const owner = await createSignedInUser(app);
    const invitee = await createSignedInUser(app);
    const first = await createTeamDecision(app, owner, { name: 'First' });
    const second = await createTeamDecision(app, owner, { name: 'Second' });
    const stream = await streamOf(invitee);
    const counts = () => stream.events.filter((e) => e.event === 'notification').map((e) => e.data);

    await inviteByEmail(app, owner, first.decision.id, invitee.email);
    expect((await stream.waitFor('notification')).data).toEqual({ unread: 1 });
    await inviteByEmail(app, owner, second.decision.id, invitee.email);
    await stream.waitFor('notification', { where: () => counts().length === 2 });

    const [newest] = await notificationsOf(app, invitee);
    expect((await api.markRead(invitee, newest!.id)).statusCode).toBe(200);
    await stream.waitFor('notification', { where: () => counts().length === 3 });
    expect((await api.markAllRead(invitee)).statusCode).toBe(200);
    await stream.waitFor('notification', { where: () => counts().length === 4 });
    expect(counts()).toEqual([{ unread: 1 }, { unread: 2 }, { unread: 1 }, { unread: 0 }]);
  });

  it('a new, edited and deleted comment reaches every member as comments-changed, but no outsider', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const viewer = await addMember(app, owner, decision.id, 'viewer');
    const outsider = await createSignedInUser(app);
    const [ownerStream, outsiderStream] = await Promise.all([streamOf(owner), streamOf(outsider)]);
    const outsiderFrom = await settledPosition(outsiderStream, outsider);
    const comments = decisionApi(() => app);

    let from = await settledPosition(ownerStream, owner);
    const comment = await createComment(app, viewer, decision.id, 'First thought');
    const added = await ownerStream.waitFor('comments-changed', { from, where: aboutDecision(decision.id) });
    expect(added.data).toEqual({
      decision_id: decision.id,
      comment_id: comment.id,
      option_id: null,
      criterion_id: null,
    });

    from = await settledPosition(ownerStream, owner);
    expect((await comments.editComment(viewer, comment.id, { text: 'Second thought' })).statusCode).toBe(200);
    await ownerStream.waitFor('comments-changed', { from, where: aboutDecision(decision.id) });

    from = await settledPosition(ownerStream, owner);
    expect((await comments.deleteComment(viewer, comment.id)).statusCode).toBe(200);
    await ownerStream.waitFor('comments-changed', { from, where: aboutDecision(decision.id) });

    await pause();
    expect(outsiderStream.events.slice(outsiderFrom)).toEqual([]);
  });

  it('blind voting: while results are hidden, live events carry none; a comment names its cell', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { results_visibility: 'after_close' });
    const { decision } = created;
    const editor = await addMember(app, owner, decision.id, 'editor');
    const viewer = await addMember(app, owner, decision.id, 'viewer');
    const [editorStream, viewerStream] = await Promise.all([streamOf(editor), streamOf(viewer)]);
    const editorFrom = await settledPosition(editorStream, editor);
    const viewerFrom = await settledPosition(viewerStream, viewer);

    const cell = { option_id: created.optionIds[0]!, criterion_id: created.criterionIds[0]! };
    expect((await api.evaluate(owner, decision.id, [{ ...cell, value: 9 }])).statusCode).toBe(200);
    expect(
      (await api.weights(owner, decision.id, [{ criterion_id: cell.criterion_id, weight: 80 }])).statusCode,
    ).toBe(200);
    // A "something changed, reload" signal: the reload asks the policy, the event itself holds nothing more.
    for (const [stream, from] of [
      [editorStream, editorFrom],
      [viewerStream, viewerFrom],
    ] as const) {
      const changed = await stream.waitFor('decision-changed', { from, where: aboutDecision(decision.id) });
      expect(changed.data).toEqual({ decision_id: decision.id });
    }
    // No notification carries a result either: nobody was notified of a vote.
    const resultLike = /score|total|ranking|teamResults|consensus|agreement|weight|value/;
    for (const event of [
      ...editorStream.events.slice(editorFrom),
      ...viewerStream.events.slice(viewerFrom),
    ]) {
      expect(JSON.stringify(event.data)).not.toMatch(resultLike);
    }

    const from = await settledPosition(viewerStream, viewer);
    const comment = await createComment(app, editor, decision.id, 'Why a 9?', cell);
    const commented = await viewerStream.waitFor('comments-changed', {
      from,
      where: aboutDecision(decision.id),
    });
    expect(commented.data).toEqual({ decision_id: decision.id, comment_id: comment.id, ...cell });
  });

  it('a comment on a public decision reaches the owner and earlier commenters', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createDecision(app, owner, { type: 'public' });
    const reader = await createSignedInUser(app);
    const bystander = await createSignedInUser(app);
    await createComment(app, reader, decision.id, 'Interesting');
    const [readerStream, bystanderStream] = await Promise.all([streamOf(reader), streamOf(bystander)]);
    const readerFrom = await settledPosition(readerStream, reader);
    const bystanderFrom = await settledPosition(bystanderStream, bystander);

    await createComment(app, owner, decision.id, 'Thanks!');
    await readerStream.waitFor('comments-changed', { from: readerFrom, where: aboutDecision(decision.id) });
    await pause();
    expect(bystanderStream.events.slice(bystanderFrom)).toEqual([]);
  });

  it('every open stream of the same user receives the event (two tabs)', async () => {
    const owner = await createSignedInUser(app);
    const invitee = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const [tabA, tabB] = await Promise.all([streamOf(invitee), streamOf(invitee)]);
    await inviteByEmail(app, owner, decision.id, invitee.email);
    expect((await tabA.waitFor('notification')).data).toEqual({ unread: 1 });
    expect((await tabB.waitFor('notification')).data).toEqual({ unread: 1 });
  });
});

describe('streams end with their session', () => {
  it('logging out ends that session’s stream, not the one of another session', async () => {
    const user = await createSignedInUser(app);
    const phone = await anotherSessionOf(user);
    const [laptopStream, phoneStream] = await Promise.all([streamOf(user), streamOf(phone)]);

    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: user.headers })).statusCode).toBe(
      200,
    );
    await laptopStream.waitForEnd();
    expect(laptopStream.events.map((event) => event.event)).toEqual(['ready']);
    const from = await settledPosition(phoneStream, phone);
    expect(phoneStream.isEnded).toBe(false);
    expect(phoneStream.events.slice(from)).toEqual([]);
  });

  it('a password change from another session ends the first session’s stream; the changer’s stays', async () => {
    const user = await createSignedInUser(app);
    const other = await anotherSessionOf(user);
    const [firstStream, otherStream] = await Promise.all([streamOf(user), streamOf(other)]);

    const change = await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: other.headers,
      payload: { oldPassword: user.password, newPassword: 'a brand new passphrase' },
    });
    expect(change.statusCode).toBe(200);
    await firstStream.waitForEnd();
    await settledPosition(otherStream, other);
    expect(otherStream.isEnded).toBe(false);
  });

  it('signing out a session from the sessions list (issue 28) ends its stream; the one that did it stays', async () => {
    const user = await createSignedInUser(app);
    const phone = await anotherSessionOf(user);
    const [laptopStream, phoneStream] = await Promise.all([streamOf(user), streamOf(phone)]);
    const listed = await app.inject({ method: 'GET', url: '/api/users/me/sessions', headers: phone.headers });
    const laptopSession = listed
      .json<{ id: number; current: boolean }[]>()
      .find((session) => !session.current)!;

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${laptopSession.id}`,
      headers: phone.headers,
    });

    expect(ended.statusCode).toBe(204);
    await laptopStream.waitForEnd();
    await settledPosition(phoneStream, phone);
    expect(phoneStream.isEnded).toBe(false);
  });

  it('a password reset ends every stream of the user, and no one else’s', async () => {
    const user = await createSignedInUser(app);
    const other = await anotherSessionOf(user);
    const bystander = await createSignedInUser(app);
    const [first, second, bystanderStream] = await Promise.all([
      streamOf(user),
      streamOf(other),
      streamOf(bystander),
    ]);
    const token = generateToken();
    const now = new Date();
    await app.database.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.user.id,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 60 * 60_000).toISOString(),
      })
      .execute();

    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    await Promise.all([first.waitForEnd(), second.waitForEnd()]);
    await settledPosition(bystanderStream, bystander);
    expect(bystanderStream.isEnded).toBe(false);
  });

  it(`at most ${LIMITS.events.streamsPerUser} streams per user: one more ends the oldest, the rest keep receiving`, async () => {
    const owner = await createSignedInUser(app);
    const invitee = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const streams: EventStream[] = [];
    for (let i = 0; i < LIMITS.events.streamsPerUser; i += 1) streams.push(await streamOf(invitee));
    await pause();
    expect(streams.some((stream) => stream.isEnded)).toBe(false);

    const newest = await streamOf(invitee);
    await streams[0]!.waitForEnd();
    // Told why, so the web client waits for its tab to be looked at instead of reconnecting at once.
    expect(streams[0]!.events.at(-1)).toEqual({ event: 'replaced', data: {} });
    const open = [...streams.slice(1), newest];
    expect(open.some((stream) => stream.isEnded)).toBe(false);
    await inviteByEmail(app, owner, decision.id, invitee.email);
    for (const stream of open) expect((await stream.waitFor('notification')).data).toEqual({ unread: 1 });
  });
});

// Two app instances on the same PostgreSQL schema: LISTEN/NOTIFY carries the events across.
describe.runIf(process.env.DATABASE_URL)('across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let other: FastifyInstance;
  let otherUrl: string;
  beforeAll(async () => {
    other = await buildApp({ ...testApp.config }, { logger: false });
    otherUrl = await listenOnRandomPort(other);
  });
  afterAll(async () => {
    await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
    dropLingeringConnections(other);
    await other.close();
  });

  it('weights saved through instance A reach a stream held by instance B', async () => {
    const owner = await createSignedInUser(app);
    const { decision, criterionIds } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const onB = await streamOf(owner, otherUrl);
    const from = await settledPosition(onB, owner);

    const weights = await api.weights(editor, decision.id, [{ criterion_id: criterionIds[0], weight: 25 }]);
    expect(weights.statusCode).toBe(200);
    const event = await onB.waitFor('decision-changed', { from, where: aboutDecision(decision.id) });
    expect(event.data).toEqual({ decision_id: decision.id });
  });

  it('a vote through instance A reaches a stream held by instance B', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const onB = await streamOf(owner, otherUrl);
    const from = await settledPosition(onB, owner);

    const vote = await api.evaluate(editor, decision.id, [
      { option_id: optionIds[1], criterion_id: criterionIds[1], value: 3 },
    ]);
    expect(vote.statusCode).toBe(200);
    await onB.waitFor('decision-changed', { from, where: aboutDecision(decision.id) });
  });

  it('logging out through instance A ends the session’s stream held by instance B', async () => {
    const user = await createSignedInUser(app);
    const onB = await streamOf(user, otherUrl);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: user.headers })).statusCode).toBe(
      200,
    );
    await onB.waitForEnd();
  });

  it('an invitation sent through instance B reaches the invitee’s stream on instance A with the unread count', async () => {
    const owner = await createSignedInUser(app);
    const invitee = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const onA = await streamOf(invitee);

    const response = await other.inject({
      method: 'POST',
      url: '/api/team/invite',
      payload: { decision_id: decision.id, email: invitee.email, role: 'viewer' },
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(201);
    expect((await onA.waitFor('notification')).data).toEqual({ unread: 1 });
  });
});

describe.runIf(process.env.DATABASE_URL)('isolation between schemas on one PostgreSQL database', () => {
  it('an app on another schema never delivers its events to this app’s streams', async () => {
    const listener = await createSignedInUser(app);
    const stream = await streamOf(listener);
    const from = await settledPosition(stream, listener);
    const foreign = await buildTestApp({ authRateLimitPerMinute: 10_000 });
    try {
      // In the other schema, someone with the very same user id gets invited.
      await startIdsAt(foreign.app, listener.user.id - 1);
      const foreignOwner = await createSignedInUser(foreign.app);
      const foreignInvitee = await createSignedInUser(foreign.app);
      expect(foreignInvitee.user.id).toBe(listener.user.id);
      const { decision } = await createTeamDecision(foreign.app, foreignOwner);
      await inviteByEmail(foreign.app, foreignOwner, decision.id, foreignInvitee.email);
      await pause();
      expect(stream.events.slice(from)).toEqual([]);
    } finally {
      await foreign.close();
    }
  });
});
