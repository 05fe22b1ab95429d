import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';

// Issue 27: RATE_LIMIT_VOTES_PER_MINUTE vote writes per user and minute, one count over
// POST …/evaluate, POST …/weights and PUT /api/team-decisions/{id} (429 VOTES_RATE_LIMITED).

const PER_MINUTE = 3;

const { testApp } = useTestApp({ voteWritesPerMinute: PER_MINUTE });
const api = teamApi(() => testApp.app);

function expectThrottled(response: LightMyRequestResponse, language: 'en' | 'de' = 'en'): void {
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  expectApiError(response, 429, 'VOTES_RATE_LIMITED', { params: { seconds }, language });
}

describe('RATE_LIMIT_VOTES_PER_MINUTE', () => {
  it('answers 429 with Retry-After once evaluate, weights and the team edit together reach the limit; nothing changes, other users vote on', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    const member: SignedInUser = await addMember(app, owner, decision.id, 'editor');
    const cell = (value: number) => [{ option_id: optionIds[0], criterion_id: criterionIds[0], value }];
    const weight = (value: number) => [{ criterion_id: criterionIds[0], weight: value }];

    // One count over the three routes.
    expect((await api.evaluate(member, decision.id, cell(4))).statusCode).toBe(200);
    expect((await api.weights(member, decision.id, weight(30))).statusCode).toBe(200);
    expect((await api.teamEdit(member, decision.id, { votes: cell(5) })).statusCode).toBe(200);

    const refusals = [
      () => api.evaluate(member, decision.id, cell(6)),
      () => api.weights(member, decision.id, weight(60)),
      () => api.teamEdit(member, decision.id, { votes: cell(7), weights: weight(70) }),
    ];
    for (const refuse of refusals) expectThrottled(await expectNothingChanged(app, refuse));
    expectThrottled(
      await app.inject({
        method: 'POST',
        url: `/api/decision/${decision.id}/evaluate`,
        payload: { evaluations: cell(8) },
        headers: { ...member.headers, 'accept-language': 'de' },
      }),
      'de',
    );

    // Per user: the owner still votes on the same decision.
    expect((await api.evaluate(owner, decision.id, cell(9))).statusCode).toBe(200);
    expect((await api.weights(owner, decision.id, weight(40))).statusCode).toBe(200);
    expect((await api.teamEdit(owner, decision.id, { votes: cell(2) })).statusCode).toBe(200);
  });
});
