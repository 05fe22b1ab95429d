import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';
import { snapshotAllTables } from '../../test/db-snapshot.ts';

/**
 * Parallel writers on one decision (issue: duplicate votes, 500s from deadlocks and duplicate keys
 * on PostgreSQL). Every mix must end in the state of some serial order and never answer 5xx.
 */
const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);
const decisions = decisionApi(() => app);

const PARALLEL = 8;

function expectNoServerError(responses: LightMyRequestResponse[]): void {
  const failures = responses.filter((response) => response.statusCode >= 500);
  expect(failures.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
}

function evaluationsOf(decisionId: number) {
  return app.database.db
    .selectFrom('evaluations')
    .select(['option_id', 'criterion_id', 'user_id', 'value', 'generated_by'])
    .where('decision_id', '=', decisionId)
    .orderBy('id')
    .execute();
}

function weightsOf(decisionId: number) {
  return app.database.db
    .selectFrom('weights')
    .select(['criterion_id', 'user_id', 'weight'])
    .where('decision_id', '=', decisionId)
    .orderBy('criterion_id')
    .execute();
}

async function teamWith(memberCount: number) {
  const owner = await createSignedInUser(app);
  const created = await createTeamDecision(app, owner, {
    options: ['Lisbon', 'Oslo', 'Vienna'],
    criteria: [
      { name: 'Cost', importance: 50 },
      { name: 'Weather', importance: 30 },
      { name: 'Food', importance: 20 },
    ],
  });
  const members: SignedInUser[] = [];
  for (let index = 0; index < memberCount; index++) {
    members.push(await addMember(app, owner, created.decision.id, 'editor'));
  }
  return { owner, members, ...created };
}

/** One full vote: every cell gets `value`. */
function fullVote(optionIds: number[], criterionIds: number[], value: number) {
  return optionIds.flatMap((option_id) =>
    criterionIds.map((criterion_id) => ({ option_id, criterion_id, value, explanation: null })),
  );
}

describe('parallel saves on one decision', () => {
  it('the same member saving votes in parallel keeps one value per cell, all from one save', async () => {
    const { members, decision, optionIds, criterionIds } = await teamWith(1);
    const member = members[0]!;
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        team.evaluate(member, decision.id, fullVote(optionIds, criterionIds, index + 1)),
      ),
    );
    expectNoServerError(responses);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));

    const rows = await evaluationsOf(decision.id);
    expect(rows).toHaveLength(optionIds.length * criterionIds.length);
    const cells = new Set(rows.map((row) => `${row.option_id}:${row.criterion_id}:${row.user_id}`));
    expect(cells.size).toBe(rows.length);
    // Serial order: the last save wins whole, so every cell carries the same save's value.
    expect(new Set(rows.map((row) => row.value)).size).toBe(1);

    const details = (await team.details(member, decision.id)).json<{
      teamResults: { cells: { votes: number }[] };
    }>();
    expect(details.teamResults.cells.every((cell) => cell.votes === 1)).toBe(true);
  });

  it('the same member saving weights in parallel gets no error and one weight per criterion', async () => {
    const { members, decision, criterionIds } = await teamWith(1);
    const member = members[0]!;
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        team.weights(
          member,
          decision.id,
          criterionIds.map((criterion_id) => ({ criterion_id, weight: 10 + index })),
        ),
      ),
    );
    expectNoServerError(responses);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const rows = await weightsOf(decision.id);
    expect(rows).toHaveLength(criterionIds.length);
    expect(new Set(rows.map((row) => row.weight)).size).toBe(1);
  });

  it('several members voting and weighting at once each keep exactly their own save', async () => {
    const { members, decision, optionIds, criterionIds } = await teamWith(4);
    const responses = await Promise.all(
      members.flatMap((member, index) => [
        team.evaluate(member, decision.id, fullVote(optionIds, criterionIds, index + 2)),
        team.weights(
          member,
          decision.id,
          criterionIds.map((criterion_id) => ({ criterion_id, weight: 20 + index })),
        ),
      ]),
    );
    expectNoServerError(responses);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);

    const rows = await evaluationsOf(decision.id);
    expect(rows).toHaveLength(members.length * optionIds.length * criterionIds.length);
    members.forEach((member, index) => {
      const own = rows.filter((row) => row.user_id === member.user.id);
      expect(own).toHaveLength(optionIds.length * criterionIds.length);
      expect(own.every((row) => row.value === index + 2)).toBe(true);
    });
    const weights = await weightsOf(decision.id);
    expect(weights).toHaveLength(members.length * criterionIds.length);
  });

  it('votes racing with the owner removing an option never fail with 5xx and leave no orphan or duplicate', async () => {
    const { owner, members, decision, optionIds, criterionIds } = await teamWith(3);
    const removed = optionIds[2]!;
    const edit = decisions.update(owner, decision.id, {
      name: decision.name,
      description: decision.description,
      mode: 'manual',
      type: 'team',
      options: [
        { id: optionIds[0], name: 'Lisbon' },
        { id: optionIds[1], name: 'Oslo' },
      ],
      criteria: [
        { id: criterionIds[0], name: 'Cost', importance: 50 },
        { id: criterionIds[1], name: 'Weather', importance: 30 },
        { id: criterionIds[2], name: 'Food', importance: 20 },
      ],
    });
    const votes = members.flatMap((member, index) =>
      Array.from({ length: 3 }, () =>
        team.evaluate(member, decision.id, fullVote(optionIds, criterionIds, index + 1)),
      ),
    );
    const [editResponse, ...voteResponses] = await Promise.all([edit, ...votes]);
    expectNoServerError([editResponse!, ...voteResponses]);
    expect(editResponse!.statusCode).toBe(200);
    // A vote either ran before the removal (200) or names an option that is gone (400): never half.
    for (const response of voteResponses) expect([200, 400]).toContain(response.statusCode);

    const options = await app.database.db
      .selectFrom('options')
      .select('id')
      .where('decision_id', '=', decision.id)
      .execute();
    expect(options.map((option) => option.id).sort()).toEqual([optionIds[0], optionIds[1]].sort());
    const rows = await evaluationsOf(decision.id);
    expect(rows.some((row) => row.option_id === removed)).toBe(false);
    const cells = new Set(rows.map((row) => `${row.option_id}:${row.criterion_id}:${row.user_id}`));
    expect(cells.size).toBe(rows.length);
    for (const member of members) {
      const own = rows.filter((row) => row.user_id === member.user.id);
      // Whoever got a 200 before the edit keeps the cells of the two remaining options.
      expect([0, 2 * criterionIds.length]).toContain(own.length);
    }
  });

  it('votes racing with "end voting now" are either saved before the end or refused with 409', async () => {
    const { owner, members, decision, optionIds, criterionIds } = await teamWith(4);
    const votes = members.map((member) =>
      team.evaluate(member, decision.id, fullVote(optionIds, criterionIds, 5)),
    );
    const [end, ...voteResponses] = await Promise.all([team.endVoting(owner, decision.id), ...votes]);
    expectNoServerError([end!, ...voteResponses]);
    expect(end!.statusCode).toBe(200);
    const rows = await evaluationsOf(decision.id);
    members.forEach((member, index) => {
      const status = voteResponses[index]!.statusCode;
      expect([200, 409]).toContain(status);
      const own = rows.filter((row) => row.user_id === member.user.id);
      expect(own).toHaveLength(status === 200 ? optionIds.length * criterionIds.length : 0);
    });
    // Every vote after the end is refused.
    const late = await team.evaluate(members[0]!, decision.id, fullVote(optionIds, criterionIds, 9));
    expect(late.statusCode).toBe(409);
  });

  it('parallel role changes and removals of one member never answer 5xx', async () => {
    const { owner, members, decision } = await teamWith(1);
    const member = members[0]!;
    const responses = await Promise.all([
      team.changeRole(owner, decision.id, member.user.id, 'viewer'),
      team.removeMember(owner, decision.id, member.user.id),
      team.changeRole(owner, decision.id, member.user.id, 'admin'),
      team.removeMember(owner, decision.id, member.user.id),
    ]);
    expectNoServerError(responses);
    const statuses = responses.map((response) => response.statusCode);
    // Exactly one removal succeeds; the other and any role change after it find no member (404).
    expect(statuses.filter((status, index) => index % 2 === 1 && status === 200)).toHaveLength(1);
    const remaining = await app.database.db
      .selectFrom('team_members')
      .select('id')
      .where('decision_id', '=', decision.id)
      .execute();
    expect(remaining).toHaveLength(0);
  });
});

describe('writes racing with the deletion of their decision', () => {
  it('comments, votes and accepts end as done (then deleted) or 404, never 5xx', async () => {
    const { owner, members, decision, optionIds, criterionIds } = await teamWith(2);
    const newcomer = await createSignedInUser(app);
    const invitation = (
      await team.invite(owner, { decision_id: decision.id, email: newcomer.email, role: 'editor' })
    ).json<{ invite_token: string }>();
    const responses = await Promise.all([
      ...members.map((member) => decisions.postComment(member, { decision_id: decision.id, text: 'Hi' })),
      ...members.map((member) => team.evaluate(member, decision.id, fullVote(optionIds, criterionIds, 4))),
      team.accept(newcomer, invitation.invite_token),
      decisions.remove(owner, decision.id),
      ...members.map((member) => decisions.postComment(member, { decision_id: decision.id, text: 'Late' })),
    ]);
    expectNoServerError(responses);
    for (const table of ['comments', 'evaluations', 'team_members', 'notifications'] as const) {
      const left = await app.database.db
        .selectFrom(table)
        .select('id')
        .where('decision_id', '=', decision.id)
        .execute();
      expect(left).toEqual([]);
    }
  });
});

describe('a closed result stays closed', () => {
  async function closedTeam() {
    const setup = await teamWith(2);
    const { owner, members, decision, optionIds, criterionIds } = setup;
    // Member 0 prefers Lisbon strongly, member 1 prefers Oslo slightly: Lisbon leads the team.
    const vote = (lisbon: number, oslo: number) =>
      criterionIds.flatMap((criterion_id) => [
        { option_id: optionIds[0]!, criterion_id, value: lisbon, explanation: null },
        { option_id: optionIds[1]!, criterion_id, value: oslo, explanation: null },
        { option_id: optionIds[2]!, criterion_id, value: 0, explanation: null },
      ]);
    expect((await team.evaluate(members[0]!, decision.id, vote(10, 2))).statusCode).toBe(200);
    expect((await team.evaluate(members[1]!, decision.id, vote(5, 6))).statusCode).toBe(200);
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    return setup;
  }

  it('removing a voter after voting ended is refused with 409 and the winner stays', async () => {
    const { owner, members, decision } = await closedTeam();
    const before = await app.database.db
      .selectFrom('decisions')
      .select('score')
      .where('id', '=', decision.id)
      .executeTakeFirstOrThrow();
    const snapshotBefore = await snapshotAllTables(app);
    const response = await team.removeMember(owner, decision.id, members[0]!.user.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'DEADLINE_PASSED' });
    expect(await snapshotAllTables(app)).toEqual(snapshotBefore);
    const after = await app.database.db
      .selectFrom('decisions')
      .select('score')
      .where('id', '=', decision.id)
      .executeTakeFirstOrThrow();
    expect(after.score).toBe(before.score);
  });

  it('changing a role after voting ended is refused with 409 and changes nothing', async () => {
    const { owner, members, decision } = await closedTeam();
    const snapshotBefore = await snapshotAllTables(app);
    const response = await team.changeRole(owner, decision.id, members[1]!.user.id, 'viewer');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'DEADLINE_PASSED' });
    expect(await snapshotAllTables(app)).toEqual(snapshotBefore);
  });
});
