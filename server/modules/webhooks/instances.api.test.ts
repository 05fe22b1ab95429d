import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/factories.ts';
import { createTeamDecision } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isSignatureValid, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { workspaceMemberships } from '../../test/workspace-factories.ts';

/**
 * Issue 32: two instances on one database (as behind a load balancer) send the outbox together: each
 * event reaches the receiver once, each attempt is made by one instance, and a decision's events stay
 * in order.
 */
describe('webhook deliveries from two instances', () => {
  const { app, testApp } = useTestApp({
    webhooks: { retryDelaysMs: [0, 0, 0], allowPrivate: true, timeoutMs: 2_000, pollMs: 0 },
  });
  let receiver: WebhookReceiver;
  let instances: [FastifyInstance, FastifyInstance];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    instances = [await testApp.sibling(), await testApp.sibling()];
  });
  afterAll(() => receiver.close());

  it('delivers every event exactly once, in order per decision', async () => {
    // The instance that takes the writes sends nothing itself: the two others race for every delivery.
    await app.webhookWorker.stop(0);
    const owner = await createSignedInUser(app);
    const workspaceId = await workspaceMemberships(() => app).createWorkspace(owner, 'Two instances');
    const decisions = [];
    for (let index = 0; index < 3; index++)
      decisions.push(
        (await createTeamDecision(app, owner, { workspace_id: workspaceId } as never)).decision.id,
      );
    const made = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { workspace_id: workspaceId, url: receiver.url('/race'), events: ['comment.created'] },
    });
    expect(made.statusCode).toBe(201);
    const { secret } = made.json<{ secret: string }>();
    for (let round = 1; round <= 5; round++)
      for (const decisionId of decisions) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/comments',
          headers: owner.headers,
          payload: { decision_id: decisionId, text: `${round}` },
        });
        expect(response.statusCode).toBe(201);
      }
    // Every event's first attempt fails, so each is attempted twice, by whichever instance claims it.
    const seen = new Set<string>();
    receiver.answerWith((request) => {
      const id = (request.json as { id: string }).id;
      if (seen.has(id)) return { status: 200 };
      seen.add(id);
      return { status: 500 };
    });

    const attempts = await Promise.all([
      instances[0].webhookWorker.deliverDue(),
      instances[1].webhookWorker.deliverDue(),
      instances[0].webhookWorker.deliverDue(),
      instances[1].webhookWorker.deliverDue(),
    ]);
    expect(attempts.reduce((sum, count) => sum + count, 0)).toBe(30);

    const bodies = receiver.received.map((request) => {
      expect(isSignatureValid(secret, request)).toBe(true);
      return request.json as { id: string; decision: { id: number }; data: { comment: { text: string } } };
    });
    expect(bodies).toHaveLength(30);
    const perId = new Map<string, number>();
    for (const body of bodies) perId.set(body.id, (perId.get(body.id) ?? 0) + 1);
    expect([...perId.values()]).toEqual(Array(15).fill(2));
    for (const decisionId of decisions) {
      const texts = bodies
        .filter((body) => body.decision.id === decisionId)
        .map((body) => body.data.comment.text);
      expect(texts).toEqual(['1', '1', '2', '2', '3', '3', '4', '4', '5', '5']);
    }
    const rows = await app.database.db
      .selectFrom('webhook_deliveries')
      .select(['state', 'attempts'])
      .execute();
    expect(rows).toEqual(Array(15).fill({ state: 'delivered', attempts: 2 }));
  });
});
