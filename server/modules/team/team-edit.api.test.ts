import { beforeEach, describe, expect, it } from 'vitest';
import { decisionDetailsSchema, type DecisionDetails } from '../../../shared/api/decisions.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  teamApi,
  type CreatedTeamDecision,
} from '../../test/team-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = teamApi(() => app);

/** The caller's own user votes, as (option, criterion, value), in a stable order. */
function ownVotes(details: DecisionDetails, userId: number) {
  return details.evaluations
    .filter((evaluation) => evaluation.user_id === userId)
    .map(({ option_id, criterion_id, value }) => ({ option_id, criterion_id, value }))
    .sort((a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id);
}

function ownWeights(details: DecisionDetails, userId: number) {
  return [...(details.weightsByUser[String(userId)] ?? [])].sort((a, b) => a.criterion_id - b.criterion_id);
}

// Every test edits a fresh team decision of its own, with one member per role.
let owner: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let admin: SignedInUser;
let team: CreatedTeamDecision;
let id: number;

beforeEach(async () => {
  owner = await createSignedInUser(app);
  team = await createTeamDecision(app, owner);
  id = team.decision.id;
  editor = await addMember(app, owner, id, 'editor');
  viewer = await addMember(app, owner, id, 'viewer');
  admin = await addMember(app, owner, id, 'admin');
});

describe('PUT /api/team-decisions/{id}: saving lists, votes and weights', () => {
  it('saves lists, the owner’s votes and weights in one request; a new criterion is referenced by index', async () => {
    const [lisbon, oslo] = team.optionIds as [number, number];
    const [cost, weather] = team.criterionIds as [number, number];
    const response = await api.teamEdit(owner, id, {
      name: 'Offsite 2026',
      description: 'Spring',
      options: [{ id: lisbon, name: 'Lisboa' }, { id: oslo, name: 'Oslo' }, 'Porto'],
      criteria: [
        { id: cost, name: 'Cost', importance: 50 },
        { id: weather, name: 'Weather', importance: 30 },
        { name: 'Food', importance: 20 },
      ],
      votes: [
        { option_id: lisbon, criterion_id: cost, value: 8 },
        { option_index: 2, criterion_index: 2, value: 10 },
        { option_id: oslo, criterion_index: 1, value: 3 },
      ],
      weights: [
        { criterion_id: cost, weight: 70 },
        { criterion_index: 2, weight: 30 },
        { criterion_id: weather, weight: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = decisionDetailsSchema.parse(response.json());
    expect(body.decision).toMatchObject({ name: 'Offsite 2026', description: 'Spring', type: 'team' });
    expect(body.options.map((option) => option.name)).toEqual(['Lisboa', 'Oslo', 'Porto']);
    expect(body.options.slice(0, 2).map((option) => option.id)).toEqual([lisbon, oslo]);
    expect(body.criteria.map((criterion) => criterion.name)).toEqual(['Cost', 'Weather', 'Food']);
    const porto = body.options[2]!.id;
    const food = body.criteria[2]!.id;
    expect(ownVotes(body, owner.user.id)).toEqual(
      [
        { option_id: lisbon, criterion_id: cost, value: 8 },
        { option_id: oslo, criterion_id: weather, value: 3 },
        { option_id: porto, criterion_id: food, value: 10 },
      ].sort((a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id),
    );
    expect(ownWeights(body, owner.user.id)).toEqual(
      [
        { criterion_id: cost, weight: 70 },
        { criterion_id: food, weight: 30 },
      ].sort((a, b) => a.criterion_id - b.criterion_id),
    );
    // Three of nine cells: nobody has voted in full, so there is no score yet (issue 25).
    expect(body.decision.score).toBeNull();
    expect(body.results).toMatchObject({ complete: false, no_result_reason: 'no_complete_voter' });
    // The answer is what GET details gives right after.
    expect(body).toEqual(await detailsOf(app, owner, id));
  });

  it('lets an editor save votes by id and weights, and answers the editor’s details', async () => {
    const [lisbon, oslo] = team.optionIds as [number, number];
    const [cost, weather] = team.criterionIds as [number, number];
    const response = await api.teamEdit(editor, id, {
      votes: [
        { option_id: lisbon, criterion_id: cost, value: 4 },
        { option_id: oslo, criterion_id: weather, value: 9 },
      ],
      weights: [{ criterion_id: weather, weight: 80 }],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<DecisionDetails>();
    expect(body.userRole).toBe('editor');
    expect(ownVotes(body, editor.user.id)).toEqual([
      { option_id: lisbon, criterion_id: cost, value: 4 },
      { option_id: oslo, criterion_id: weather, value: 9 },
    ]);
    expect(ownWeights(body, editor.user.id)).toEqual([{ criterion_id: weather, weight: 80 }]);
    expect(body).toEqual(await detailsOf(app, editor, id));
  });

  it('lets an admin edit the lists like the owner', async () => {
    const response = await api.teamEdit(admin, id, { name: 'Renamed by admin', options: ['A', 'B', 'C'] });
    expect(response.statusCode).toBe(200);
    const body = response.json<DecisionDetails>();
    expect(body.decision.name).toBe('Renamed by admin');
    expect(body.options.map((option) => option.name)).toEqual(['A', 'B', 'C']);
  });

  it('replaces all of the caller’s votes and weights: what is left out is removed, AI cells stay', async () => {
    const [lisbon, oslo] = team.optionIds as [number, number];
    const [cost, weather] = team.criterionIds as [number, number];
    const first = await api.teamEdit(editor, id, {
      votes: [
        { option_id: lisbon, criterion_id: cost, value: 4 },
        { option_id: oslo, criterion_id: cost, value: 6 },
      ],
      weights: [
        { criterion_id: cost, weight: 40 },
        { criterion_id: weather, weight: 60 },
      ],
    });
    expect(first.statusCode).toBe(200);
    const ownerVote = await api.teamEdit(owner, id, {
      votes: [{ option_id: oslo, criterion_id: cost, value: 2 }],
    });
    expect(ownerVote.statusCode).toBe(200);

    const second = await api.teamEdit(editor, id, {
      votes: [{ option_id: oslo, criterion_id: cost, value: 7 }],
      weights: [{ criterion_id: weather, weight: 50 }],
    });
    expect(second.statusCode).toBe(200);
    const body = second.json<DecisionDetails>();
    expect(ownVotes(body, editor.user.id)).toEqual([{ option_id: oslo, criterion_id: cost, value: 7 }]);
    expect(ownWeights(body, editor.user.id)).toEqual([{ criterion_id: weather, weight: 50 }]);
    // Another member's votes are not the caller's to replace.
    expect(ownVotes(await detailsOf(app, owner, id), owner.user.id)).toEqual([
      { option_id: oslo, criterion_id: cost, value: 2 },
    ]);

    const cleared = await api.teamEdit(editor, id, { votes: [], weights: [] });
    expect(cleared.statusCode).toBe(200);
    expect(ownVotes(cleared.json<DecisionDetails>(), editor.user.id)).toEqual([]);
    expect(ownWeights(cleared.json<DecisionDetails>(), editor.user.id)).toEqual([]);
  });
});

describe('PUT /api/team-decisions/{id}: who may save what, and when', () => {
  it('refuses an editor who sends a title (403) and saves nothing, not even the votes', async () => {
    const [lisbon] = team.optionIds as [number];
    const [cost] = team.criterionIds as [number];
    const response = await expectNothingChanged(app, () =>
      api.teamEdit(editor, id, {
        name: 'Hijacked',
        votes: [{ option_id: lisbon, criterion_id: cost, value: 5 }],
      }),
    );
    expectApiError(response, 403, 'FORBIDDEN');
    for (const part of [{ options: ['X'] }, { criteria: [{ name: 'Y' }] }, { description: 'Z' }]) {
      expectApiError(await api.teamEdit(editor, id, part), 403, 'FORBIDDEN');
    }
  });

  it('refuses a viewer (403) for every part, and an outsider or a personal decision with 404', async () => {
    const [lisbon] = team.optionIds as [number];
    const [cost] = team.criterionIds as [number];
    const outsider = await createSignedInUser(app);
    await expectNothingChanged(app, async () => {
      expectApiError(
        await api.teamEdit(viewer, id, { votes: [{ option_id: lisbon, criterion_id: cost, value: 5 }] }),
        403,
        'FORBIDDEN',
      );
      expectApiError(
        await api.teamEdit(viewer, id, { weights: [{ criterion_id: cost, weight: 5 }] }),
        403,
        'FORBIDDEN',
      );
      expectApiError(await api.teamEdit(viewer, id, { name: 'No' }), 403, 'FORBIDDEN');
      expectApiError(await api.teamEdit(outsider, id, { votes: [] }), 404, 'NOT_FOUND');
      expectApiError(await api.teamEdit(owner, 2147483647, { votes: [] }), 404, 'NOT_FOUND');
    });
    const personal = await createDecision(app, owner);
    expectApiError(await api.teamEdit(owner, personal.decision.id, { name: 'Team?' }), 404, 'NOT_FOUND');
    expectApiError(await api.teamEdit(owner, personal.decision.id, { weights: [] }), 404, 'NOT_FOUND');
    expectApiError(await api.teamEdit(undefined, id, { votes: [] }), 401, 'UNAUTHORIZED');
  });

  it('answers 409 DEADLINE_PASSED once voting ended, for votes, weights and edits', async () => {
    const [lisbon] = team.optionIds as [number];
    const [cost] = team.criterionIds as [number];
    expect((await api.endVoting(owner, id)).statusCode).toBe(200);
    await expectNothingChanged(app, async () => {
      expectApiError(
        await api.teamEdit(editor, id, { votes: [{ option_id: lisbon, criterion_id: cost, value: 5 }] }),
        409,
        'DEADLINE_PASSED',
      );
      expectApiError(
        await api.teamEdit(editor, id, { weights: [{ criterion_id: cost, weight: 5 }] }),
        409,
        'DEADLINE_PASSED',
      );
      expectApiError(await api.teamEdit(owner, id, { name: 'Late' }), 409, 'DEADLINE_PASSED');
    });
  });

  it('answers 409 COMPLETED_BY_AI once the AI scored the decision', async () => {
    const [lisbon] = team.optionIds as [number];
    const [cost] = team.criterionIds as [number];
    await insertAiEvaluation(app, { decisionId: id, optionId: lisbon, criterionId: cost, value: 7 });
    await expectNothingChanged(app, async () => {
      expectApiError(
        await api.teamEdit(editor, id, { votes: [{ option_id: lisbon, criterion_id: cost, value: 5 }] }),
        409,
        'COMPLETED_BY_AI',
      );
      expectApiError(await api.teamEdit(owner, id, { options: ['A'] }), 409, 'COMPLETED_BY_AI');
    });
  });
});

describe('PUT /api/team-decisions/{id}: references and empty edits', () => {
  it('refuses unknown ids, positions beyond the lists and rows named twice (400 with the field)', async () => {
    const [lisbon, oslo] = team.optionIds as [number, number];
    const [cost, weather] = team.criterionIds as [number, number];
    await expectNothingChanged(app, async () => {
      expectApiError(
        await api.teamEdit(editor, id, {
          votes: [
            { option_id: lisbon, criterion_id: cost, value: 5 },
            { option_id: 2147483000, criterion_id: cost, value: 5 },
            { option_index: 2, criterion_id: weather, value: 5 },
            { option_id: oslo, criterion_index: 5, value: 5 },
          ],
        }),
        400,
        'VALIDATION_FAILED',
        { fields: ['votes.1.option_id', 'votes.2.option_index', 'votes.3.criterion_index'] },
      );
      expectApiError(
        await api.teamEdit(editor, id, {
          weights: [
            { criterion_id: cost, weight: 5 },
            { criterion_index: 2, weight: 5 },
          ],
        }),
        400,
        'VALIDATION_FAILED',
        { fields: ['weights.1.criterion_index'] },
      );
      // Both the id and the position: the schema refuses before anything is loaded.
      expectApiError(
        await api.teamEdit(editor, id, {
          votes: [{ option_id: lisbon, option_index: 0, criterion_id: cost, value: 5 }],
        }),
        400,
        'VALIDATION_FAILED',
        { fields: ['votes.0.option_id'] },
      );
      expectApiError(
        await api.teamEdit(editor, id, {
          votes: [
            { option_id: lisbon, criterion_id: cost, value: 5 },
            { option_index: 0, criterion_index: 0, value: 6 },
          ],
          weights: [
            { criterion_id: weather, weight: 5 },
            { criterion_index: 1, weight: 6 },
          ],
        }),
        400,
        'VALIDATION_FAILED',
        { fields: ['votes.1', 'weights.1'] },
      );
      expectApiError(await api.teamEdit(owner, id, { options: ['Same', 'same'] }), 409, 'DUPLICATE_NAME', {
        fields: ['options.1.name'],
      });
    });
  });

  it('a row removed by the same save is unknown to the votes, and a refusal in the weights keeps the lists', async () => {
    const [lisbon, oslo] = team.optionIds as [number, number];
    const [cost] = team.criterionIds as [number];
    const response = await expectNothingChanged(app, () =>
      api.teamEdit(owner, id, {
        name: 'Only Oslo',
        options: [{ id: oslo, name: 'Oslo' }],
        criteria: [{ name: 'Fun', importance: 100 }],
        votes: [{ option_index: 0, criterion_index: 0, value: 9 }],
        weights: [{ criterion_id: cost, weight: 50 }],
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['weights.0.criterion_id'] });
    const removedVote = await expectNothingChanged(app, () =>
      api.teamEdit(owner, id, {
        options: [{ id: oslo, name: 'Oslo' }],
        votes: [{ option_id: lisbon, criterion_id: cost, value: 9 }],
      }),
    );
    expectApiError(removedVote, 400, 'VALIDATION_FAILED', { fields: ['votes.0.option_id'] });
  });

  it('an empty body changes nothing and answers the details', async () => {
    const response = await expectNothingChanged(app, () => api.teamEdit(viewer, id, {}));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await detailsOf(app, viewer, id));
  });
});
