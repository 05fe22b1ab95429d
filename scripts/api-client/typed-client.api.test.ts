import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../server/test/factories.ts';
import { useTestApp } from '../../server/test/use-test-app.ts';
import type { paths } from './schema.d.ts';

// A script's view of the API: the generated types, openapi-fetch, real HTTP to a listening app.
const { app } = useTestApp({ authRateLimitPerMinute: 1_000 });
let baseUrl: string;

beforeAll(async () => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

/** A client sending `token` as the bearer, as a script would. */
const clientWith = (token: string) =>
  createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });

/** Signs a user in and has their session create a token of `scope` (tokens cannot create tokens). */
async function tokenOf(scope: 'read' | 'write') {
  const owner = await createSignedInUser(app);
  const session = clientWith(owner.token);
  const { data, response } = await session.POST('/api/tokens', {
    body: { name: `${scope} script`, scope, expires_in_days: 7 },
  });
  expect(response.status).toBe(201);
  return data!.token;
}

describe('the generated client with an API token', () => {
  it('creates a decision, scores it and reads its analysis with a write token', async () => {
    const api = clientWith(await tokenOf('write'));

    const created = await api.POST('/api/decision', {
      body: {
        name: 'Which laptop?',
        type: 'private',
        options: ['Light', 'Fast'],
        criteria: [
          { name: 'Weight', importance: 70 },
          { name: 'Speed', importance: 30 },
        ],
      },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;

    const details = await api.GET('/api/decision/{id}/details', { params: { path: { id } } });
    expect(details.response.status).toBe(200);
    const [light, fast] = details.data!.options;
    const [weight, speed] = details.data!.criteria;
    const scores: [number, number, number][] = [
      [light!.id, weight!.id, 9],
      [light!.id, speed!.id, 4],
      [fast!.id, weight!.id, 3],
      [fast!.id, speed!.id, 10],
    ];
    const scored = await api.POST('/api/decision/{id}/evaluate', {
      params: { path: { id } },
      body: {
        evaluations: scores.map(([option_id, criterion_id, value]) => ({ option_id, criterion_id, value })),
      },
    });
    expect(scored.response.status).toBe(200);

    const analysis = await api.GET('/api/decision/{id}/analysis', { params: { path: { id } } });
    expect(analysis.response.status).toBe(200);
    // Light: 9 × 0.7 + 4 × 0.3 = 7.5; Fast: 3 × 0.7 + 10 × 0.3 = 5.1.
    expect(analysis.data).toMatchObject({ leaders: [light!.id] });
    const ranked = await api.GET('/api/decision/{id}/details', { params: { path: { id } } });
    expect(ranked.data!.decision.score).toBeCloseTo(7.5, 5);
  });

  it('is refused a write with a read token (403, typed error body) and may read', async () => {
    const api = clientWith(await tokenOf('read'));
    const refused = await api.POST('/api/decision', {
      body: {
        name: 'Not allowed',
        type: 'private',
        options: ['A'],
        criteria: [{ name: 'C', importance: 1 }],
      },
      headers: { 'accept-language': 'de' },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.code).toBe('API_TOKEN_READ_ONLY');
    expect(refused.error?.error).toMatch(/nur lesen/);

    const listed = await api.GET('/api/decision');
    expect(listed.response.status).toBe(200);
    expect(listed.data).toEqual([]);
  });
});
