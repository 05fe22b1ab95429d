import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery } from '../../../shared/api/webhooks.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isSignatureValid, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { workspaceMemberships } from '../../test/workspace-factories.ts';

// Issue 32: outbound webhooks, against a real HTTP receiver on 127.0.0.1 that checks signatures itself.
// Retries wait 0 ms here, so one round of the worker runs every attempt a delivery gets.
const { app } = useTestApp({
  webhooks: { retryDelaysMs: [0, 0, 0, 0, 0], allowPrivate: true, timeoutMs: 2_000, pollMs: 0 },
});
const team = teamApi(() => app);
const workspaces = workspaceMemberships(() => app);

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const ALL_EVENTS = [
  'decision.activated',
  'vote.completed',
  'voting.ended',
  'outcome.recorded',
  'comment.created',
  'member.joined',
];

async function addWebhook(
  caller: SignedInUser,
  body: Record<string, unknown>,
): Promise<{ id: number; secret: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: caller.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function deliveriesOf(caller: SignedInUser, webhookId: number): Promise<WebhookDelivery[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/webhooks/${webhookId}/deliveries`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What reached the receiver under `path`, in the order it arrived. */
const receivedAt = (path: string) => receiver.received.filter((request) => request.path === path);

const grid = (optionIds: number[], criterionIds: number[], value = 7) =>
  optionIds.flatMap((option_id) => criterionIds.map((criterion_id) => ({ option_id, criterion_id, value })));

describe('every event, signed', () => {
  it('sends each event kind in order, with the body and signature a receiver checks', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner, { name: 'Offsite' });
    const hook = await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/every-event'),
      events: ALL_EVENTS,
      format: 'json',
    });
    const editor = await addMember(app, owner, decision.id, 'editor');
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    expect(
      (await team.evaluate(editor, decision.id, grid(optionIds, criterionIds).slice(0, 1))).statusCode,
    ).toBe(200);
    // Complete now: told once, however often the vote is saved again.
    expect((await team.evaluate(editor, decision.id, grid(optionIds, criterionIds))).statusCode).toBe(200);
    expect((await team.evaluate(editor, decision.id, grid(optionIds, criterionIds, 8))).statusCode).toBe(200);
    const comment = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: editor.headers,
      payload: { decision_id: decision.id, text: 'Lisbon <3\nsecond line' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    const outcome = await app.inject({
      method: 'PUT',
      url: `/api/decision/${decision.id}/outcome`,
      headers: owner.headers,
      payload: { option_id: optionIds[0] },
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    await app.webhookWorker.deliverDue();

    const requests = receivedAt('/every-event');
    const bodies = requests.map((request) => request.json as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies as a receiver parses them
    expect(bodies.map((body) => body.event)).toEqual([
      'member.joined',
      'decision.activated',
      'vote.completed',
      'comment.created',
      'voting.ended',
      'outcome.recorded',
    ]);
    for (const request of requests) {
      expect(isSignatureValid(hook.secret, request)).toBe(true);
      expect(isSignatureValid('whsec_wrong', request)).toBe(false);
      expect(request.headers['content-type']).toMatch(/^application\/json/);
    }
    const url = `http://localhost:3000/team-decision/${decision.id}`;
    for (const body of bodies) {
      expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'decision', 'event', 'id']);
      expect(body.decision).toEqual({
        id: decision.id,
        name: 'Offsite',
        url: expect.stringMatching(/\/team-decision\/\d+$/),
      });
      expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    }
    expect(bodies[0]!.decision.url.endsWith(url.slice(url.indexOf('/team-decision')))).toBe(true);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(bodies.length);
    const editorName = editor.email.split('@')[0];
    const ownerName = owner.email.split('@')[0];
    expect(bodies.map((body) => body.data)).toEqual([
      { member: { id: editor.user.id, name: editorName }, role: 'editor' },
      { activated_by: { id: owner.user.id, name: ownerName } },
      // Who, never the values.
      { voter: { id: editor.user.id, name: editorName } },
      {
        comment: {
          id: expect.any(Number),
          text: 'Lisbon <3\nsecond line',
          author: { id: editor.user.id, name: editorName },
          option_id: null,
          criterion_id: null,
        },
      },
      { leader: { option_id: optionIds[0], name: 'Lisbon', total: 8 }, no_result_reason: null },
      { option: { name: 'Lisbon' }, recorded_by: { id: owner.user.id, name: ownerName } },
    ]);
    expect(bodies[2]!.body).toBeUndefined();
    expect(JSON.stringify(bodies[2])).not.toMatch(/"value"/);

    const listed = await deliveriesOf(owner, hook.id);
    expect(listed.map((delivery) => delivery.event)).toEqual(bodies.map((body) => body.event).reverse());
    expect(listed[0]).toEqual({
      id: bodies.at(-1)!.id,
      event: 'outcome.recorded',
      state: 'delivered',
      attempts: 1,
      last_status: 200,
      last_error: null,
      created_at: expect.any(String),
      delivered_at: expect.any(String),
      next_attempt_at: null,
    });
  });

  it('tells that voting ended without a result, and why', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/no-result'),
      events: ['voting.ended'],
    });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    await app.webhookWorker.deliverDue();
    const [request] = receivedAt('/no-result');
    expect((request!.json as { data: unknown }).data).toEqual({
      leader: null,
      no_result_reason: 'no_complete_voter',
    });
  });

  it('sends only the events a webhook asked for', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/only-comments'),
      events: ['comment.created'],
    });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    await addMember(app, owner, decision.id, 'viewer');
    await app.webhookWorker.deliverDue();
    expect(receivedAt('/only-comments')).toEqual([]);
  });
});

describe('slack format', () => {
  it('sends one readable line in the creator’s language, chat markup escaped', async () => {
    const owner = await createSignedInUser(app);
    await app.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', owner.user.id)
      .execute();
    const { decision } = await createTeamDecision(app, owner, { name: 'Büro <neu>' });
    const hook = await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/slack'),
      events: ['comment.created', 'decision.activated'],
      format: 'slack',
    });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    const comment = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: owner.headers,
      payload: { decision_id: decision.id, text: 'Hallo <!channel>\nzweite Zeile' },
    });
    expect(comment.statusCode).toBe(201);
    await app.webhookWorker.deliverDue();
    const requests = receivedAt('/slack');
    const name = owner.email.split('@')[0];
    const link = `/team-decision/${decision.id}`;
    expect(requests.map((request) => request.json)).toEqual([
      {
        text: expect.stringMatching(
          new RegExp(`^${name} hat die Abstimmung zu „Büro &lt;neu&gt;“ eröffnet\\. http\\S+${link}$`),
        ),
      },
      {
        text: expect.stringMatching(
          new RegExp(
            `^${name} hat „Büro &lt;neu&gt;“ kommentiert: „Hallo &lt;!channel&gt; zweite Zeile“ http\\S+${link}$`,
          ),
        ),
      },
    ]);
    for (const request of requests) {
      expect(request.body).not.toContain('\n');
      expect(isSignatureValid(hook.secret, request)).toBe(true);
    }
  });
});

describe('retries', () => {
  it('retries a receiver that fails twice, then succeeds, with the same id and body', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const hook = await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/flaky'),
      events: ['decision.activated'],
    });
    let failures = 2;
    receiver.answerWith((request) =>
      request.path === '/flaky' && failures-- > 0 ? { status: 503 } : { status: 200 },
    );
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    await app.webhookWorker.deliverDue();
    receiver.answerWith(() => ({ status: 200 }));
    const requests = receivedAt('/flaky');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    for (const request of requests) expect(isSignatureValid(hook.secret, request)).toBe(true);
    const [delivery] = await deliveriesOf(owner, hook.id);
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 3,
      last_status: 200,
      next_attempt_at: null,
    });
  });

  it.each([
    [408, 6],
    [429, 6],
    [500, 6],
    [400, 1],
    [404, 1],
    [410, 1],
  ])(
    'a receiver answering %i gets %i attempt(s), then the delivery is given up',
    async (status, attempts) => {
      const owner = await createSignedInUser(app);
      const { decision } = await createTeamDecision(app, owner);
      const path = `/always-${status}`;
      const hook = await addWebhook(owner, {
        decision_id: decision.id,
        url: receiver.url(path),
        events: ['decision.activated'],
      });
      receiver.answerWith((request) => (request.path === path ? { status } : { status: 200 }));
      expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
      await app.webhookWorker.deliverDue();
      receiver.answerWith(() => ({ status: 200 }));
      expect(receivedAt(path)).toHaveLength(attempts);
      const [delivery] = await deliveriesOf(owner, hook.id);
      expect(delivery).toMatchObject({
        state: 'failed',
        attempts,
        last_status: status,
        next_attempt_at: null,
      });
    },
  );

  it('retries when nothing answers at the address (a connection error)', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const closed = await startWebhookReceiver();
    const url = closed.url('/gone');
    await closed.close();
    const hook = await addWebhook(owner, { decision_id: decision.id, url, events: ['decision.activated'] });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    await app.webhookWorker.deliverDue();
    const [delivery] = await deliveriesOf(owner, hook.id);
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: 6,
      last_status: null,
      last_error: 'connection_failed',
    });
  });

  it('does not follow a redirect: the 3xx is final and its target never hears of the event', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    receiver.answerWith((request) =>
      request.path === '/redirect'
        ? { status: 302, headers: { location: receiver.url('/redirect-target') } }
        : { status: 200 },
    );
    const hook = await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/redirect'),
      events: ['decision.activated'],
    });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    await app.webhookWorker.deliverDue();
    receiver.answerWith(() => ({ status: 200 }));
    expect(receivedAt('/redirect')).toHaveLength(1);
    expect(receivedAt('/redirect-target')).toEqual([]);
    const [delivery] = await deliveriesOf(owner, hook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1, last_status: 302 });
  });
});

describe('order per decision', () => {
  // The default waits between attempts: a failed event stays pending for a minute.
  const { app: orderedApp } = useTestApp({
    webhooks: { retryDelaysMs: [60_000, 300_000], allowPrivate: true, timeoutMs: 2_000, pollMs: 0 },
  });
  let orderedReceiver: WebhookReceiver;
  beforeAll(async () => {
    orderedReceiver = await startWebhookReceiver();
  });
  afterAll(() => orderedReceiver.close());

  it('holds a decision’s later events until the earlier one is through, and lets other decisions pass', async () => {
    const owner = await createSignedInUser(orderedApp);
    const ordered = workspaceMemberships(() => orderedApp);
    const workspaceId = await ordered.createWorkspace(owner, 'Ordering');
    const first = await createTeamDecision(orderedApp, owner, { workspace_id: workspaceId } as never);
    const second = await createTeamDecision(orderedApp, owner, { workspace_id: workspaceId } as never);
    const made = await orderedApp.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: {
        workspace_id: workspaceId,
        url: orderedReceiver.url('/ordered'),
        events: ['comment.created'],
      },
    });
    expect(made.statusCode).toBe(201);
    // The first decision's events meet a receiver that is down for them.
    let isDown = true;
    orderedReceiver.answerWith((request) =>
      isDown && (request.json as { decision: { id: number } }).decision.id === first.decision.id
        ? { status: 503 }
        : { status: 200 },
    );
    const comment = async (decisionId: number, text: string) => {
      const response = await orderedApp.inject({
        method: 'POST',
        url: '/api/comments',
        headers: owner.headers,
        payload: { decision_id: decisionId, text },
      });
      expect(response.statusCode).toBe(201);
    };
    const texts = () =>
      orderedReceiver.received.map(
        (request) => (request.json as { data: { comment: { text: string } } }).data.comment.text,
      );

    await comment(first.decision.id, 'two');
    await comment(first.decision.id, 'three');
    await comment(second.decision.id, 'other decision');
    await orderedApp.webhookWorker.deliverDue();
    // "two" failed once and waits a minute; "three" waits behind it; the other decision went through.
    expect(texts()).toEqual(['two', 'other decision']);
    const pending = await orderedApp.database.db
      .selectFrom('webhook_deliveries')
      .select(['attempts', 'last_status', 'next_attempt_at'])
      .where('state', '=', 'pending')
      .orderBy('id')
      .execute();
    expect(pending).toEqual([
      { attempts: 1, last_status: 503, next_attempt_at: expect.any(Number) },
      { attempts: 0, last_status: null, next_attempt_at: expect.any(Number) },
    ]);
    expect(Number(pending[0]!.next_attempt_at)).toBeGreaterThan(Date.now() + 50_000);

    // The receiver is back and the minute is over (moved on in the database): "two", then "three".
    isDown = false;
    await orderedApp.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: Date.now() })
      .where('state', '=', 'pending')
      .execute();
    await orderedApp.webhookWorker.deliverDue();
    expect(texts()).toEqual(['two', 'other decision', 'two', 'three']);
    const ids = orderedReceiver.received.map((request) => (request.json as { id: string }).id);
    expect(ids[2]).toBe(ids[0]);
  });
});

describe('transactions', () => {
  it('queues nothing for a refused write, and the webhook’s deliveries go with it', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const hook = await addWebhook(owner, {
      decision_id: decision.id,
      url: receiver.url('/refused'),
      events: ALL_EVENTS,
    });
    // An outcome before voting ended is refused (409): nothing is recorded, so nothing is queued.
    const refused = await expectNothingChanged(app, () =>
      app.inject({
        method: 'PUT',
        url: `/api/decision/${decision.id}/outcome`,
        headers: owner.headers,
        payload: { option_id: 1 },
      }),
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // A comment on a cell of another decision is refused inside the transaction that would queue it.
    const other = await createTeamDecision(app, owner);
    const badCell = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: owner.headers,
        payload: {
          decision_id: decision.id,
          text: 'x',
          option_id: other.optionIds[0],
          criterion_id: other.criterionIds[0],
        },
      }),
    );
    expect(badCell.statusCode).toBe(400);
    expect(await deliveriesOf(owner, hook.id)).toEqual([]);
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    await app.webhookWorker.idle();
    expect(await deliveriesOf(owner, hook.id)).toHaveLength(1);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${hook.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const left = await app.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('managing webhooks', () => {
  it('lists webhooks with the URL path masked and never the secret', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const created = await addWebhook(owner, {
      decision_id: decision.id,
      url: 'https://hooks.slack.com/services/T000/B000/SECRETPART',
      events: ['voting.ended', 'voting.ended'],
      format: 'slack',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/webhooks?decision_id=${decision.id}`,
      headers: owner.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('SECRETPART');
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json<Webhook[]>()).toEqual([
      {
        id: created.id,
        workspace_id: null,
        decision_id: decision.id,
        url: 'https://hooks.slack.com/…',
        events: ['voting.ended'],
        format: 'slack',
        created_at: expect.any(String),
        created_by: { id: owner.user.id, name: owner.email.split('@')[0] },
      },
    ]);
  });

  it('holds at most 10 webhooks per decision', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    for (let index = 0; index < 10; index++)
      await addWebhook(owner, {
        decision_id: decision.id,
        url: `https://example.com/${index}`,
        events: ['comment.created'],
      });
    const refused = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { decision_id: decision.id, url: 'https://example.com/11', events: ['comment.created'] },
      }),
    );
    expectApiError(refused, 409, 'TOO_MANY_WEBHOOKS', { params: { max: 10 } });
  });
});

describe('who may manage webhooks', () => {
  let owner: SignedInUser;
  let admin: SignedInUser;
  let editor: SignedInUser;
  let viewer: SignedInUser;
  let outsider: SignedInUser;
  let workspaceAdmin: SignedInUser;
  let workspaceMember: SignedInUser;
  let decisionId: number;
  let workspaceId: number;
  let decisionHook: number;
  let workspaceHook: number;
  let personalId: number;

  beforeAll(async () => {
    owner = await createSignedInUser(app);
    outsider = await createSignedInUser(app);
    ({
      decision: { id: decisionId },
    } = await createTeamDecision(app, owner));
    admin = await addMember(app, owner, decisionId, 'admin');
    editor = await addMember(app, owner, decisionId, 'editor');
    viewer = await addMember(app, owner, decisionId, 'viewer');
    workspaceId = await workspaces.createWorkspace(owner, 'Rights');
    workspaceAdmin = await createSignedInUser(app);
    workspaceMember = await createSignedInUser(app);
    await workspaces.join(workspaceId, workspaceAdmin, 'admin');
    await workspaces.join(workspaceId, workspaceMember, 'member');
    decisionHook = (
      await addWebhook(owner, {
        decision_id: decisionId,
        url: 'https://example.com/d',
        events: ['comment.created'],
      })
    ).id;
    workspaceHook = (
      await addWebhook(owner, {
        workspace_id: workspaceId,
        url: 'https://example.com/w',
        events: ['comment.created'],
      })
    ).id;
    const personal = await app.inject({
      method: 'POST',
      url: '/api/decision',
      headers: owner.headers,
      payload: { name: 'Mine', description: '', type: 'private', mode: 'manual' },
    });
    expect(personal.statusCode, personal.body).toBe(201);
    personalId = personal.json<{ id: number }>().id;
  });

  const who = () => ({ owner, admin, editor, viewer, outsider, workspaceAdmin, workspaceMember });
  type Who = keyof ReturnType<typeof who>;

  it.each<[Who, 'decision' | 'workspace', number]>([
    ['owner', 'decision', 201],
    ['admin', 'decision', 201],
    ['editor', 'decision', 403],
    ['viewer', 'decision', 403],
    ['outsider', 'decision', 404],
    ['workspaceAdmin', 'workspace', 201],
    ['workspaceMember', 'workspace', 403],
    ['outsider', 'workspace', 404],
  ])('%s adding to the %s: %i', async (caller, scope, status) => {
    const payload = {
      ...(scope === 'decision' ? { decision_id: decisionId } : { workspace_id: workspaceId }),
      url: 'https://example.com/new',
      events: ['member.joined'],
    };
    const send = () =>
      app.inject({ method: 'POST', url: '/api/webhooks', headers: who()[caller].headers, payload });
    if (status === 201) {
      expect((await send()).statusCode).toBe(201);
      return;
    }
    const response = await expectNothingChanged(app, send);
    expectApiError(response, status, status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
  });

  it.each<[Who, 'decision' | 'workspace', number]>([
    ['admin', 'decision', 200],
    ['editor', 'decision', 403],
    ['viewer', 'decision', 403],
    ['outsider', 'decision', 404],
    ['workspaceAdmin', 'workspace', 200],
    ['workspaceMember', 'workspace', 403],
    ['outsider', 'workspace', 404],
  ])('%s listing, reading deliveries and removing on the %s: %i', async (caller, scope, status) => {
    const headers = who()[caller].headers;
    const query = scope === 'decision' ? `decision_id=${decisionId}` : `workspace_id=${workspaceId}`;
    const hookId = scope === 'decision' ? decisionHook : workspaceHook;
    const list = await app.inject({ method: 'GET', url: `/api/webhooks?${query}`, headers });
    const deliveries = await app.inject({
      method: 'GET',
      url: `/api/webhooks/${hookId}/deliveries`,
      headers,
    });
    expect([list.statusCode, deliveries.statusCode]).toEqual([status, status]);
    if (status === 200) return;
    const removed = await expectNothingChanged(app, () =>
      app.inject({ method: 'DELETE', url: `/api/webhooks/${hookId}`, headers }),
    );
    expectApiError(removed, status, status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
  });

  it('answers 404 for an unknown webhook and 401 without a session', async () => {
    expectApiError(
      await app.inject({ method: 'DELETE', url: '/api/webhooks/999999', headers: owner.headers }),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await app.inject({ method: 'GET', url: '/api/webhooks/999999/deliveries', headers: owner.headers }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/webhooks?decision_id=${decisionId}` })).statusCode,
    ).toBe(401);
  });

  it('refuses webhooks on a personal decision (403: they are for teams)', async () => {
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { decision_id: personalId, url: 'https://example.com/p', events: ['comment.created'] },
      }),
    );
    expectApiError(response, 403, 'FORBIDDEN');
  });

  it.each([
    [{ url: 'https://example.com/x', events: ['comment.created'] }, ['decision_id']],
    [
      { decision_id: 0, workspace_id: 0, url: 'https://example.com/x', events: ['comment.created'] },
      ['decision_id', 'workspace_id'],
    ],
    [{ url: 'ftp://example.com/x', events: ['comment.created'] }, ['url']],
    [{ url: 'https://example.com/x', events: ['comment.created', 'decision.deleted'] }, ['events']],
    [{ url: 'https://example.com/x', events: [] }, ['events']],
    [{ url: 'https://example.com/x', events: ['comment.created'], format: 'xml' }, ['format']],
  ])('refuses %j with 400 naming %j', async (body, fields) => {
    const payload = { ...(fields.includes('decision_id') ? {} : { decision_id: decisionId }), ...body };
    const response = await expectNothingChanged(app, () =>
      app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.headers, payload }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields });
  });
});

describe('private addresses refused (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  const { app: strictApp, testApp } = useTestApp({
    webhooks: { retryDelaysMs: [0], allowPrivate: true, timeoutMs: 2_000, pollMs: 0 },
  });
  let strictReceiver: WebhookReceiver;
  beforeAll(async () => {
    strictReceiver = await startWebhookReceiver();
  });
  afterAll(() => strictReceiver.close());

  it('refuses private and local addresses at creation, and resolves and checks host names at every delivery', async () => {
    const owner = await createSignedInUser(strictApp);
    const { decision } = await createTeamDecision(strictApp, owner);
    // Made while the operator allowed private addresses: a name resolving to loopback, and a literal.
    for (const url of [
      `http://localhost:${strictReceiver.port}/by-name`,
      strictReceiver.url('/by-address'),
    ]) {
      const made = await strictApp.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { decision_id: decision.id, url, events: ['decision.activated'] },
      });
      expect(made.statusCode).toBe(201);
    }
    testApp.config.webhooks.allowPrivate = false;
    const strict: FastifyInstance = await testApp.restart();

    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.8/',
      'http://localhost:8080/',
    ]) {
      const response = await expectNothingChanged(strict, () =>
        strict.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: owner.headers,
          payload: { decision_id: decision.id, url, events: ['comment.created'] },
        }),
      );
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['url'] });
    }

    expect((await teamApi(() => strict).activate(owner, decision.id)).statusCode).toBe(200);
    await strict.webhookWorker.deliverDue();
    expect(strictReceiver.received).toEqual([]);
    const rows = await strict.database.db
      .selectFrom('webhook_deliveries')
      .select(['state', 'attempts', 'last_status', 'last_error'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { state: 'failed', attempts: 1, last_status: null, last_error: 'blocked_address' },
      { state: 'failed', attempts: 1, last_status: null, last_error: 'blocked_address' },
    ]);
    expect(await countRows(strict, 'webhooks')).toBe(2);
  });
});

describe('shutdown', () => {
  const { app: closingApp, testApp } = useTestApp({
    webhooks: { retryDelaysMs: [60_000], allowPrivate: true, timeoutMs: 5_000, pollMs: 0 },
  });

  it('waits for an attempt in flight before the database closes', async () => {
    // A receiver that holds its answer until the test lets it go.
    let release: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      hasArrived = resolve;
    });
    const server = http.createServer((request, response) => {
      request.resume();
      hasArrived();
      void isHeld.then(() => response.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const owner = await createSignedInUser(closingApp);
      const { decision } = await createTeamDecision(closingApp, owner);
      const made = await closingApp.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: {
          decision_id: decision.id,
          url: `http://127.0.0.1:${port}/held`,
          events: ['decision.activated'],
        },
      });
      expect(made.statusCode).toBe(201);
      expect((await teamApi(() => closingApp).activate(owner, decision.id)).statusCode).toBe(200);
      await arrived;
      // The app closes (as at SIGTERM) while the receiver still holds the answer; then it answers.
      const restarted = testApp.restart();
      release();
      const next = await restarted;
      const rows = await next.database.db
        .selectFrom('webhook_deliveries')
        .select(['state', 'attempts', 'last_status', 'lease'])
        .execute();
      expect(rows).toEqual([{ state: 'delivered', attempts: 1, last_status: 200, lease: null }]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
