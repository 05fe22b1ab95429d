import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser } from '../../test/factories.ts';
import { createTeamDecision } from '../../test/team-factories.ts';

// Issue 27: MAX_DECISIONS_PER_USER owned decisions per account (409), and
// RATE_LIMIT_DECISIONS_PER_MINUTE new ones per account and minute over both creation routes (429).

const MAX = 3;
const PER_MINUTE = 4;

const personal = { name: 'One more', options: ['A'], criteria: [{ name: 'Price', importance: 100 }] };
const team = { ...personal, name: 'One more team decision' };

describe('MAX_DECISIONS_PER_USER', () => {
  const { testApp } = useTestApp({ decisionLimits: { maxPerUser: MAX, createdPerMinute: 1000 } });
  const api = decisionApi(() => testApp.app);

  it('refuses the next personal or team decision with 409 once the account owns the maximum; nothing is created', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    await createDecision(app, owner, { name: 'Personal' });
    await createTeamDecision(app, owner, { name: 'Team' });
    await createDecision(app, owner, { name: 'Public', type: 'public' });

    for (const [url, payload] of [
      ['/api/decision', personal],
      ['/api/team-decisions', team],
    ] as const) {
      const refused = await expectNothingChanged(app, () =>
        app.inject({ method: 'POST', url, payload, headers: { ...owner.headers, 'accept-language': 'de' } }),
      );
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_DECISIONS',
        error: expect.stringContaining(`${MAX} Entscheidungen`),
      });
    }
    const english = await api.create(owner, personal);
    expect(english.json<{ error: string }>().error).toContain(`limit of ${MAX} decisions`);
    expect(await countRows(app, 'decisions')).toBe(MAX);
  });

  it('does not count deleted decisions, nor other accounts’ decisions', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const created = [];
    for (let i = 0; i < MAX; i++) created.push(await createDecision(app, owner, { name: `Mine ${i}` }));
    // Another account's decisions leave this one's count alone.
    expect((await api.create(other, personal)).statusCode).toBe(201);
    expect((await api.create(owner, personal)).statusCode).toBe(409);

    expect((await api.remove(owner, created[0]!.decision.id)).statusCode).toBe(200);
    expect((await api.create(owner, personal)).statusCode).toBe(201);
    expect((await api.create(owner, personal)).statusCode).toBe(409);
  });

  it('lets no two concurrent creations share the last slot', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    await createDecision(app, owner, { name: 'First' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.create(owner, personal)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    const owned = await app.database.db
      .selectFrom('decisions')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(owned).toHaveLength(MAX);
  });
});

describe('RATE_LIMIT_DECISIONS_PER_MINUTE', () => {
  const { testApp } = useTestApp({ decisionLimits: { maxPerUser: 1000, createdPerMinute: PER_MINUTE } });
  const api = decisionApi(() => testApp.app);

  it('answers 429 with Retry-After beyond the limit per minute, counted over personal and team creation; nothing is created', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    for (let i = 0; i < PER_MINUTE / 2; i++) {
      expect((await api.create(owner, personal)).statusCode).toBe(201);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/team-decisions',
            payload: team,
            headers: owner.headers,
          })
        ).statusCode,
      ).toBe(201);
    }
    for (const url of ['/api/decision', '/api/team-decisions']) {
      const refused = await expectNothingChanged(app, () =>
        app.inject({
          method: 'POST',
          url,
          payload: url === '/api/decision' ? personal : team,
          headers: owner.headers,
        }),
      );
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({
        code: 'DECISIONS_RATE_LIMITED',
        error: expect.stringContaining('seconds'),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Per account: someone else creates as usual.
    expect((await api.create(other, personal)).statusCode).toBe(201);
  });
});
