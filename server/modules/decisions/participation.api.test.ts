import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createSignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  inviteByEmail,
  teamApi,
} from '../../test/team-factories.ts';

type TeamMember = DecisionDetails['teamMembers'][number];

// Participation and agreement (issue 16): who has voted in full, and where the team disagrees.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const team = teamApi(() => app);

function expectOk(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(200);
}

describe('participation', () => {
  it('counts owner, admins and editors who accepted; complete = a value in every cell', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const id = created.decision.id;
    const [lisbon, oslo] = created.optionIds as [number, number];
    const [cost, weather] = created.criterionIds as [number, number];
    const admin = await addMember(app, owner, id, 'admin');
    const editor = await addMember(app, owner, id, 'editor');
    const viewer = await addMember(app, owner, id, 'viewer');
    await inviteByEmail(app, owner, id, `not-yet-${id}@example.com`, 'editor');
    const everyCell = (value: number) =>
      [lisbon, oslo].flatMap((option_id) =>
        [cost, weather].map((criterion_id) => ({ option_id, criterion_id, value })),
      );

    let details = await detailsOf(app, viewer, id);
    expect(details.participation).toEqual({ voters: 3, complete: 0 });

    expectOk(await team.evaluate(editor, id, everyCell(6)));
    expectOk(await team.evaluate(admin, id, [{ option_id: lisbon, criterion_id: cost, value: 2 }]));
    details = await detailsOf(app, viewer, id);
    expect(details.participation).toEqual({ voters: 3, complete: 1 });
    const flags = (members: TeamMember[]) =>
      members.map(({ role, accepted, has_voted, complete }) => ({ role, accepted, has_voted, complete }));
    const expectedFlags = [
      { role: 'owner', accepted: true, has_voted: false, complete: false },
      // The admin voted (SPEC's has_voted) but not in full.
      { role: 'admin', accepted: true, has_voted: true, complete: false },
      { role: 'editor', accepted: true, has_voted: true, complete: true },
      { role: 'viewer', accepted: true, has_voted: false, complete: false },
      { role: 'editor', accepted: false, has_voted: false, complete: false },
    ];
    expect(flags(details.teamMembers)).toEqual(expectedFlags);
    // The member list endpoint says the same.
    const members = await team.teamMembers(owner, id);
    expect(flags(members.json<TeamMember[]>())).toEqual(expectedFlags);

    // A complete editor made viewer no longer counts; back to editor, their votes count again.
    expectOk(await team.changeRole(owner, id, editor.user.id, 'viewer'));
    details = await detailsOf(app, owner, id);
    expect(details.participation).toEqual({ voters: 2, complete: 0 });
    expect(details.teamMembers.find((m) => m.user_id === editor.user.id)?.complete).toBe(false);
    expectOk(await team.changeRole(owner, id, editor.user.id, 'editor'));
    expect((await detailsOf(app, owner, id)).participation).toEqual({ voters: 3, complete: 1 });

    // A new option leaves everyone incomplete until they score it too.
    expectOk(
      await team.teamEdit(owner, id, {
        options: [{ id: lisbon, name: 'Lisbon' }, { id: oslo, name: 'Oslo' }, 'Porto'],
      }),
    );
    expect((await detailsOf(app, owner, id)).participation).toEqual({ voters: 3, complete: 0 });
  });

  it('AI mode: submitted weights make a voter complete', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { mode: 'ai' });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    expectOk(
      await team.weights(editor, created.decision.id, [
        { criterion_id: created.criterionIds[0], weight: 40 },
      ]),
    );
    const details = await detailsOf(app, owner, created.decision.id);
    expect(details.participation).toEqual({ voters: 2, complete: 1 });
    expect(details.teamMembers.map((member) => member.complete)).toEqual([false, true]);
  });

  it('is null for personal decisions', async () => {
    const owner = await createSignedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/decision',
      payload: { name: 'Mine', options: ['A'], criteria: [{ name: 'C', importance: 10 }] },
      headers: owner.headers,
    });
    const details = await detailsOf(app, owner, response.json<{ id: number }>().id);
    expect(details).toMatchObject({ participation: null, consensus: null, resultsHiddenUntil: null });
  });
});

describe('consensus: agreement figures against hand-computed examples', () => {
  it('per cell (σmax 5), per criterion (σmax 50) and overall', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const id = created.decision.id;
    const [lisbon, oslo] = created.optionIds as [number, number];
    const [cost, weather] = created.criterionIds as [number, number];
    const admin = await addMember(app, owner, id, 'admin');
    const editor = await addMember(app, owner, id, 'editor');
    const vote = (option_id: number, criterion_id: number, value: number) => ({
      option_id,
      criterion_id,
      value,
    });
    expectOk(
      await team.evaluate(owner, id, [
        vote(lisbon, cost, 4),
        vote(lisbon, weather, 0),
        vote(oslo, cost, 7),
        vote(oslo, weather, 2),
      ]),
    );
    expectOk(
      await team.evaluate(editor, id, [
        vote(lisbon, cost, 6),
        vote(lisbon, weather, 10),
        vote(oslo, cost, 7),
        vote(oslo, weather, 8),
      ]),
    );
    expectOk(await team.evaluate(admin, id, [vote(lisbon, weather, 5)]));
    expectOk(
      await team.weights(owner, id, [
        { criterion_id: cost, weight: 20 },
        { criterion_id: weather, weight: 50 },
      ]),
    );
    expectOk(
      await team.weights(editor, id, [
        { criterion_id: cost, weight: 80 },
        { criterion_id: weather, weight: 50 },
      ]),
    );

    const { consensus } = await detailsOf(app, admin, id);
    expect(consensus).toEqual({
      // (80 + 18.350… + 100 + 40) / 4 = 59.59
      overall: 59.6,
      cells: [
        // 4 and 6: σ 1 → 80 %; from 4 to 6 is close (2 of 10 points).
        { option_id: lisbon, criterion_id: cost, agreement: 80, votes: 2, min: 4, max: 6, spread: 'close' },
        // 0, 10 and 5: σ = √(50 / 3) = 4.082 → 18.35 %; from 0 to 10 is split.
        {
          option_id: lisbon,
          criterion_id: weather,
          agreement: 18.4,
          votes: 3,
          min: 0,
          max: 10,
          spread: 'split',
        },
        // 7 and 7: the same value → 100 %.
        { option_id: oslo, criterion_id: cost, agreement: 100, votes: 2, min: 7, max: 7, spread: 'close' },
        // 2 and 8: σ 3 → 40 %; 6 points apart is split.
        { option_id: oslo, criterion_id: weather, agreement: 40, votes: 2, min: 2, max: 8, spread: 'split' },
      ],
      criteria: [
        // Weights 20 and 80: σ 30 → 40 %; 60 of 100 points apart is split.
        { criterion_id: cost, agreement: 40, votes: 2, min: 20, max: 80, spread: 'split' },
        { criterion_id: weather, agreement: 100, votes: 2, min: 50, max: 50, spread: 'close' },
      ],
    });
  });

  it('below two votes a cell has no agreement; with none at all, overall is null', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { options: ['Only'], criteria: [{ name: 'One' }] });
    expectOk(
      await team.evaluate(owner, created.decision.id, [
        { option_id: created.optionIds[0], criterion_id: created.criterionIds[0], value: 9 },
      ]),
    );
    const { consensus } = await detailsOf(app, owner, created.decision.id);
    expect(consensus).toEqual({
      overall: null,
      // One vote is not agreement: no label, never "full agreement".
      cells: [
        {
          option_id: created.optionIds[0],
          criterion_id: created.criterionIds[0],
          agreement: null,
          votes: 1,
          min: 9,
          max: 9,
          spread: null,
        },
      ],
      criteria: [
        {
          criterion_id: created.criterionIds[0],
          agreement: null,
          votes: 0,
          min: null,
          max: null,
          spread: null,
        },
      ],
    });
  });

  it('reveals no individual value: only aggregates, and the reader’s own votes as before', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { options: ['Only'], criteria: [{ name: 'One' }] });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const cell = { option_id: created.optionIds[0], criterion_id: created.criterionIds[0] };
    expectOk(await team.evaluate(owner, created.decision.id, [{ ...cell, value: 3 }]));
    expectOk(await team.evaluate(editor, created.decision.id, [{ ...cell, value: 9 }]));
    const details = await detailsOf(app, editor, created.decision.id);
    expect(details.evaluations.map((e) => e.value)).toEqual([9]);
    expect(JSON.stringify(details.consensus)).not.toMatch(/"value"|user_id/);
  });
});
