import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './api-errors.ts';
import { useTestApp } from './use-test-app.ts';
import { createDecision, createComment } from './decision-factories.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from './factories.ts';
import { createTeamDecision } from './team-factories.ts';
import { expectNothingChanged } from './db-snapshot.ts';

// Ids above the id range. 2147483648 is one past PostgreSQL's `integer`, which answered 500 there;
// 99999999999999999999 is past 2^53, where a number stops being an exact integer.
const OUT_OF_RANGE_IDS = ['2147483648', '99999999999999999999'];
// Malformed ids keep their 400 with the field (the modules' own tests cover each endpoint).
const MALFORMED_IDS = ['0', '-1', 'abc', '1.5'];

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
let owner: SignedInUser;
let decisionId: number;
let teamDecisionId: number;
let optionId: number;
let criterionId: number;
let teamCriterionId: number;
let commentId: number;

beforeAll(async () => {
  owner = await createSignedInUser(app);
  const personal = await createDecision(app, owner, { type: 'public' });
  decisionId = personal.decision.id;
  optionId = personal.optionIds[0]!;
  criterionId = personal.criterionIds[0]!;
  const team = await createTeamDecision(app, owner);
  teamDecisionId = team.decision.id;
  teamCriterionId = team.criterionIds[0]!;
  commentId = (await createComment(app, owner, decisionId)).id;
});

const send = (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...owner.headers, ...options.headers } });

/** Every route with an id in its path; `id` fills the id under test, the other ids are real. */
const PATH_REQUESTS: [string, (id: string) => InjectOptions][] = [
  ['GET details', (id) => ({ method: 'GET', url: `/api/decision/${id}/details` })],
  ['GET type', (id) => ({ method: 'GET', url: `/api/decision/${id}/type` })],
  ['PUT decision', (id) => ({ method: 'PUT', url: `/api/decision/${id}`, payload: { name: 'Renamed' } })],
  ['DELETE decision', (id) => ({ method: 'DELETE', url: `/api/decision/${id}` })],
  [
    'POST evaluate',
    (id) => ({ method: 'POST', url: `/api/decision/${id}/evaluate`, payload: { evaluations: [] } }),
  ],
  ['GET export.csv', (id) => ({ method: 'GET', url: `/api/decision/${id}/export.csv` })],
  ['GET comments', (id) => ({ method: 'GET', url: `/api/comments/${id}` })],
  ['PUT comment', (id) => ({ method: 'PUT', url: `/api/comments/${id}`, payload: { text: 'Edited' } })],
  ['DELETE comment', (id) => ({ method: 'DELETE', url: `/api/comments/${id}` })],
  ['GET team members', (id) => ({ method: 'GET', url: `/api/team/team-members/${id}` })],
  [
    'PUT member role (decision)',
    (id) => ({ method: 'PUT', url: `/api/team/${id}/members/${owner.user.id}`, payload: { role: 'viewer' } }),
  ],
  [
    'PUT member role (user)',
    (id) => ({
      method: 'PUT',
      url: `/api/team/${teamDecisionId}/members/${id}`,
      payload: { role: 'viewer' },
    }),
  ],
  ['DELETE member (user)', (id) => ({ method: 'DELETE', url: `/api/team/${teamDecisionId}/members/${id}` })],
  [
    'DELETE invitation (invitation)',
    (id) => ({ method: 'DELETE', url: `/api/team/${teamDecisionId}/invitations/${id}` }),
  ],
  ['DELETE invitation (decision)', (id) => ({ method: 'DELETE', url: `/api/team/${id}/invitations/1` })],
  ['POST activate', (id) => ({ method: 'POST', url: `/api/decision/${id}/activate` })],
  ['PATCH timer', (id) => ({ method: 'PATCH', url: `/api/decision/${id}/timer`, payload: { timer: null } })],
  ['POST end voting', (id) => ({ method: 'POST', url: `/api/decision/${id}/end-voting` })],
  [
    'POST weights',
    (id) => ({ method: 'POST', url: `/api/decision/${id}/weights`, payload: { weights: [] } }),
  ],
  ['PUT notification read', (id) => ({ method: 'PUT', url: `/api/notifications/${id}/read` })],
  ['POST notification accept', (id) => ({ method: 'POST', url: `/api/notifications/${id}/accept` })],
  [
    'POST team AI',
    (id) => ({
      method: 'POST',
      url: `/api/team-ai/recommendation/${id}`,
      payload: { decisionName: 'X', description: 'Y', options: ['A'], criteria: [{ name: 'C' }] },
    }),
  ],
];

describe('an id in a path', () => {
  it.each(
    PATH_REQUESTS.flatMap(([name, request]) => OUT_OF_RANGE_IDS.map((id) => [name, id, request] as const)),
  )(
    '%s with %s answers 404 NOT_FOUND, like an unknown id, and changes nothing',
    async (_name, id, request) => {
      expectApiError(await expectNothingChanged(app, () => send(request(id))), 404, 'NOT_FOUND');
    },
  );

  it.each(
    PATH_REQUESTS.flatMap(([name, request]) => MALFORMED_IDS.map((id) => [name, id, request] as const)),
  )('%s with %s answers 400 VALIDATION_FAILED and changes nothing', async (_name, id, request) => {
    const response = await expectNothingChanged(app, () => send(request(id)));
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [expect.any(String) as string] });
  });
});

describe('a decision_id in a body that no row can have', () => {
  it.each([2147483648, '2147483648', 1e20, '99999999999999999999'])(
    'comment on %s answers 404 NOT_FOUND and stores nothing',
    async (id) => {
      const response = await expectNothingChanged(app, () =>
        send({ method: 'POST', url: '/api/comments', payload: { decision_id: id, text: 'Hello' } }),
      );
      expectApiError(response, 404, 'NOT_FOUND');
    },
  );

  it.each([2147483648, 1e20])('invitation to %s answers 404 NOT_FOUND', async (id) => {
    const response = await expectNothingChanged(app, () =>
      send({
        method: 'POST',
        url: '/api/team/invite',
        payload: { decision_id: id, email: uniqueEmail(), role: 'editor' },
      }),
    );
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it.each(['abc', 0, -1, 1.5])('%s is a validation error of that field', async (id) => {
    const response = await expectNothingChanged(app, () =>
      send({ method: 'POST', url: '/api/comments', payload: { decision_id: id, text: 'Hello' } }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['decision_id'] });
  });

  it('with another invalid field is a validation error naming both', async () => {
    const response = await expectNothingChanged(app, () =>
      send({ method: 'POST', url: '/api/comments', payload: { decision_id: 2147483648, text: '' } }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['decision_id', 'text'] });
  });
});

describe('an option or criterion id in a body out of the id range', () => {
  it.each([2147483648, 1e20, 0])('option %s in evaluate answers 400 with the field', async (id) => {
    const response = await expectNothingChanged(app, () =>
      send({
        method: 'POST',
        url: `/api/decision/${decisionId}/evaluate`,
        payload: { evaluations: [{ option_id: id, criterion_id: criterionId, value: 5 }] },
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.option_id'] });
  });

  it('criterion in evaluate answers 400 with the field', async () => {
    const response = await expectNothingChanged(app, () =>
      send({
        method: 'POST',
        url: `/api/decision/${decisionId}/evaluate`,
        payload: { evaluations: [{ option_id: optionId, criterion_id: 2147483648, value: 5 }] },
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.criterion_id'] });
  });

  it('criterion in weights answers 400 with the field', async () => {
    const response = await expectNothingChanged(app, () =>
      send({
        method: 'POST',
        url: `/api/decision/${teamDecisionId}/weights`,
        payload: {
          weights: [
            { criterion_id: teamCriterionId, weight: 50 },
            { criterion_id: 2147483648, weight: 50 },
          ],
        },
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['weights.1.criterion_id'] });
  });

  it('criterion id when saving the matrix answers 400 with the field', async () => {
    const response = await expectNothingChanged(app, () =>
      send({
        method: 'PUT',
        url: `/api/decision/${decisionId}`,
        payload: { name: 'Which car?', criteria: [{ id: 2147483648, name: 'Price', importance: 50 }] },
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['criteria.0.id'] });
  });

  it('an unknown comment in range still answers 404 (the bound changes nothing below it)', async () => {
    expectApiError(
      await send({ method: 'DELETE', url: `/api/comments/${commentId + 1000}` }),
      404,
      'NOT_FOUND',
    );
  });
});
