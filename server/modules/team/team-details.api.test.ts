import { beforeAll, describe, expect, it } from 'vitest';
import { decisionDetailsSchema, type DecisionDetails } from '../../../shared/api/decisions.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  teamApi,
} from '../../test/team-factories.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = teamApi(() => app);
const decisions = decisionApi(() => app);

/** The team value per cell, in a stable order. */
function sortedCells(details: DecisionDetails) {
  return [...(details.teamResults?.cells ?? [])].sort(
    (a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id,
  );
}

function vote(optionId: number, criterionId: number, value: number) {
  return { option_id: optionId, criterion_id: criterionId, value };
}

// One team decision for every test here, set up once; the last test switches it to AI mode.
let owner: SignedInUser;
let admin: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let decisionId: number;
let lisbon: number;
let oslo: number;
let cost: number;
let weather: number;
let food: number;

// Weights of the three who took part (owner, admin, editor), an empty one counting as the importance:
// Cost 10 / 10 / 11 → mean 10.333… → 10.3; Weather 0 / 30 / (admin: 50) → 26.666… → 26.7; Food
// nobody → importance 20. Cells: Lisbon Cost (10 + 7) / 2 = 8.5, Weather 2, Food – (0); Oslo Cost 0,
// Weather 7, Food 6.
// Lisbon = (8.5 × 10.3 + 2 × 26.7 + 0 × 20) / 57 = 140.95 / 57 = 2.4728… → 2.47
// Oslo   = (0 × 10.3 + 7 × 26.7 + 6 × 20) / 57 = 306.9 / 57 = 5.3842… → 5.38
// (with the unrounded weights the results would differ) — provisional: nobody has voted in full.
beforeAll(async () => {
  owner = await createSignedInUser(app);
  const created = await createTeamDecision(app, owner, {
    name: 'Team result',
    options: ['Lisbon', 'Oslo'],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Weather', importance: 50 },
      { name: 'Food', importance: 20 },
    ],
  });
  decisionId = created.decision.id;
  [lisbon, oslo] = created.optionIds as [number, number];
  [cost, weather, food] = created.criterionIds as [number, number, number];
  admin = await addMember(app, owner, decisionId, 'admin');
  editor = await addMember(app, owner, decisionId, 'editor');
  viewer = await addMember(app, owner, decisionId, 'viewer');

  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const settled = await response;
    if (settled.statusCode !== 200) throw new Error(settled.body);
  };
  await ok(
    api.weights(owner, decisionId, [
      { criterion_id: cost, weight: 10 },
      { criterion_id: weather, weight: 0 },
    ]),
  );
  await ok(
    api.weights(editor, decisionId, [
      { criterion_id: cost, weight: 10 },
      { criterion_id: weather, weight: 30 },
    ]),
  );
  await ok(api.weights(admin, decisionId, [{ criterion_id: cost, weight: 11 }]));
  await ok(
    api.evaluate(owner, decisionId, [vote(lisbon, cost, 10), vote(lisbon, weather, 2), vote(oslo, cost, 0)]),
  );
  await ok(
    api.evaluate(editor, decisionId, [vote(lisbon, cost, 7), vote(oslo, weather, 7), vote(oslo, food, 6)]),
  );
});

describe('GET /api/decision/{id}/details of a team decision: team result and who has voted', () => {
  it('ranks the options by the team result of DESIGN.md (team weights 1 decimal, result 2 decimals), provisionally while nobody voted in full', async () => {
    const details = await detailsOf(app, viewer, decisionId);
    expect(decisionDetailsSchema.strict().safeParse(details).success).toBe(true);
    expect(details.results.ranking).toEqual([
      { option_id: oslo, total: 5.38, rank: 1, is_top: false, knocked_out: false },
      { option_id: lisbon, total: 2.47, rank: 2, is_top: false, knocked_out: false },
    ]);
    expect(details.results).toMatchObject({
      complete: false,
      // Nobody voted on Lisbon × Food.
      missing_cells: 1,
      no_result_reason: 'no_complete_voter',
    });
    expect(details.decision.score).toBeNull();
    expect(details.results.formula).toMatch(/mean/);
  });

  it('ships the team weight per criterion and the team value per cell, but only the caller’s own votes', async () => {
    const details = await detailsOf(app, viewer, decisionId);
    expect(details.teamResults!.weights).toEqual([
      { criterion_id: cost, weight: 10.3 },
      { criterion_id: weather, weight: 26.7 },
      { criterion_id: food, weight: 20 },
    ]);
    expect(sortedCells(details)).toEqual(
      [
        { option_id: lisbon, criterion_id: cost, value: 8.5, votes: 2 },
        { option_id: lisbon, criterion_id: weather, value: 2, votes: 1 },
        { option_id: oslo, criterion_id: cost, value: 0, votes: 1 },
        { option_id: oslo, criterion_id: weather, value: 7, votes: 1 },
        { option_id: oslo, criterion_id: food, value: 6, votes: 1 },
      ].sort((a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id),
    );
    // The viewer voted nothing, so sees no single vote of anyone.
    expect(details.evaluations).toEqual([]);
    const asEditor = await detailsOf(app, editor, decisionId);
    expect(asEditor.evaluations.every((e) => e.user_id === editor.user.id)).toBe(true);
    expect(asEditor.evaluations).toHaveLength(3);
  });

  it('lists weightsByUser keyed by user id', async () => {
    const details = await detailsOf(app, viewer, decisionId);
    const sorted = Object.fromEntries(
      Object.entries(details.weightsByUser).map(([userId, list]) => [
        userId,
        [...list].sort((a, b) => a.criterion_id - b.criterion_id),
      ]),
    );
    expect(sorted).toEqual({
      [owner.user.id]: [
        { criterion_id: cost, weight: 10 },
        { criterion_id: weather, weight: 0 },
      ],
      [editor.user.id]: [
        { criterion_id: cost, weight: 10 },
        { criterion_id: weather, weight: 30 },
      ],
      [admin.user.id]: [{ criterion_id: cost, weight: 11 }],
    });
  });

  it('shows every member with has_voted (manual mode: any own evaluation)', async () => {
    const details = await detailsOf(app, editor, decisionId);
    expect(details.teamMembers.map(({ user_id, role, has_voted }) => [user_id, role, has_voted])).toEqual([
      [owner.user.id, 'owner', true],
      [admin.user.id, 'admin', false],
      [editor.user.id, 'editor', true],
      [viewer.user.id, 'viewer', false],
    ]);
  });
});

describe('GET /api/decision/{id}/details of a team decision: roles, abilities and AI mode', () => {
  it.each([
    [
      'owner',
      'owner',
      {
        canEdit: true,
        canDelete: true,
        canVote: true,
        canWeight: true,
        canInvite: true,
        canComment: true,
        canManageMembers: true,
        canManageDeadline: true,
        canActivate: true,
        canStartAi: true,
        canRemind: false,
        canDecide: false,
        canAskAiOpinion: true,
        canSubmitVote: true,
        canReopenVotes: true,
      },
    ],
    [
      'admin',
      'admin',
      {
        canEdit: true,
        canDelete: false,
        canVote: true,
        canWeight: true,
        canInvite: true,
        canComment: true,
        canManageMembers: false,
        canManageDeadline: true,
        canActivate: true,
        canStartAi: true,
        canRemind: false,
        canDecide: false,
        canAskAiOpinion: true,
        canSubmitVote: true,
        canReopenVotes: true,
      },
    ],
    [
      'editor',
      'editor',
      {
        canEdit: false,
        canDelete: false,
        canVote: true,
        canWeight: true,
        canInvite: false,
        canComment: true,
        canManageMembers: false,
        canManageDeadline: false,
        canActivate: false,
        canStartAi: false,
        canRemind: false,
        canDecide: false,
        canAskAiOpinion: false,
        canSubmitVote: true,
        canReopenVotes: false,
      },
    ],
    [
      'viewer',
      'viewer',
      {
        canEdit: false,
        canDelete: false,
        canVote: false,
        canWeight: false,
        canInvite: false,
        canComment: true,
        canManageMembers: false,
        canManageDeadline: false,
        canActivate: false,
        canStartAi: false,
        canRemind: false,
        canDecide: false,
        canAskAiOpinion: false,
        canSubmitVote: false,
        canReopenVotes: false,
      },
    ],
  ] as const)('gives the %s userRole %s and its abilities', async (who, role, abilities) => {
    const caller = { owner, admin, editor, viewer }[who];
    const details = await detailsOf(app, caller, decisionId);
    expect(details.userRole).toBe(role);
    expect(details.abilities).toEqual(abilities);
  });

  it('in AI mode: members with weights count as voted, and only AI values make the result', async () => {
    const switched = await decisions.update(owner, decisionId, { name: 'Team result', mode: 'ai' });
    expect(switched.statusCode).toBe(200);
    const noAiYet = await detailsOf(app, owner, decisionId);
    expect(noAiYet.teamMembers.map(({ user_id, has_voted }) => [user_id, has_voted])).toEqual([
      [owner.user.id, true],
      [admin.user.id, true],
      [editor.user.id, true],
      [viewer.user.id, false],
    ]);
    expect(noAiYet.results.ranking.map((entry) => entry.total)).toEqual([null, null]);

    await insertAiEvaluation(app, { decisionId, optionId: lisbon, criterionId: weather, value: 9 });
    // Lisbon: 9 × 26.7 / 57 = 4.22; Oslo has no AI value, so no total. With five cells the AI has not
    // scored, nothing leads yet.
    const withAi = await detailsOf(app, owner, decisionId);
    expect(withAi.results.ranking).toEqual([
      { option_id: lisbon, total: 4.22, rank: 1, is_top: false, knocked_out: false },
      { option_id: oslo, total: null, rank: null, is_top: false, knocked_out: false },
    ]);
    expect(withAi.results).toMatchObject({
      complete: false,
      missing_cells: 5,
      no_result_reason: 'missing_cells',
    });
    expect(withAi.evaluations.find((e) => e.generated_by === 'ai')).toMatchObject({
      user_id: null,
      value: 9,
    });
    expect(withAi.teamResults!.cells).toEqual([
      { option_id: lisbon, criterion_id: weather, value: 9, votes: 1 },
    ]);
    // Everyone sees the AI's values.
    expect((await detailsOf(app, viewer, decisionId)).evaluations).toEqual([
      expect.objectContaining({ option_id: lisbon, criterion_id: weather, value: 9, generated_by: 'ai' }),
    ]);
  });
});
