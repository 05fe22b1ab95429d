import { describe, expect, it } from 'vitest';
import { decisionListItemSchema, type DecisionListItem } from '../../../shared/api/decisions.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { lifecycleApi } from '../../test/lifecycle-factories.ts';
import { addMember, createTeamDecision, inviteByEmail, teamApi } from '../../test/team-factories.ts';

// What the dashboard's cards show (issue 14): status, lock, leading option and participation.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);

async function listOf(caller: SignedInUser): Promise<DecisionListItem[]> {
  const response = await api.list(caller);
  expect(response.statusCode).toBe(200);
  const list = response.json<DecisionListItem[]>();
  for (const item of list) expect(decisionListItemSchema.strict().safeParse(item).success).toBe(true);
  return list;
}

async function cardOf(caller: SignedInUser, decisionId: number): Promise<DecisionListItem> {
  const card = (await listOf(caller)).find((item) => item.id === decisionId);
  if (!card) throw new Error(`decision ${decisionId} is not in the list`);
  return card;
}

function expectOk(response: { statusCode: number; body: string }): void {
  expect(response.statusCode, response.body).toBe(200);
}

/** What an AI completion leaves behind: AI cells and a new revision (as complete-with-ai.ts writes). */
/** What an AI run leaves behind: an AI value in every cell (the first option scored highest). */
async function completeWithAi(decision: {
  decision: { id: number };
  optionIds: number[];
  criterionIds: number[];
}) {
  const db = app.database.db;
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('evaluations')
    .values(
      decision.optionIds.flatMap((optionId, index) =>
        decision.criterionIds.map((criterionId) => ({
          decision_id: decision.decision.id,
          option_id: optionId,
          criterion_id: criterionId,
          user_id: null,
          value: 6 - index,
          explanation: 'Fits the budget.',
          generated_by: 'ai' as const,
          updated_at: updatedAt,
        })),
      ),
    )
    .execute();
  await db
    .updateTable('decisions')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', decision.decision.id)
    .execute();
}

describe('GET /api/decision: personal cards', () => {
  it('are open, never locked, without participation, and name the leading option with its total', async () => {
    const owner = await createSignedInUser(app);
    const scored = await createDecision(app, owner, { name: 'Scored' });
    // Importances adding up to 60: totals stay on the 1–10 scale (Alpha 6.5, Beta 7.5).
    const sixty = await createDecision(app, owner, {
      name: 'Sixty',
      criteria: [
        { name: 'Price', importance: 30 },
        { name: 'Comfort', importance: 30 },
      ],
    });
    const tied = await createDecision(app, owner, {
      name: 'Tied',
      options: ['First', 'Second'],
      criteria: [{ name: 'Price', importance: 100 }],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 7 },
        { option_index: 1, criterion_index: 0, value: 7 },
      ],
    });
    const unscored = await createDecision(app, owner, { name: 'Unscored', evaluations: [] });

    const list = await listOf(owner);
    expect(list.map((item) => item.name)).toEqual(['Unscored', 'Tied', 'Sixty', 'Scored']);
    for (const item of list) {
      expect(item).toMatchObject({ status: 'open', lock: null, participation: null });
    }
    const leaderOf = (id: number) => list.find((item) => item.id === id)?.leading_option;
    expect(leaderOf(scored.decision.id)).toEqual({ id: scored.optionIds[1], name: 'Beta', total: 7.2 });
    expect(leaderOf(sixty.decision.id)).toEqual({ id: sixty.optionIds[1], name: 'Beta', total: 7.5 });
    // A tie leads with the first option in input order.
    expect(leaderOf(tied.decision.id)).toEqual({ id: tied.optionIds[0], name: 'First', total: 7 });
    // Nothing scored yet: no leader (rather than a 0 that means nothing).
    expect(leaderOf(unscored.decision.id)).toBeNull();
  });

  it('name the chosen option once an outcome is recorded (outcome_option), and none after it is removed', async () => {
    const owner = await createSignedInUser(app);
    const decided = await createDecision(app, owner, { name: 'Decided' });
    expect((await cardOf(owner, decided.decision.id)).outcome_option).toBeNull();

    // Alpha, although Beta leads: the card names what was chosen, not the leader.
    const recorded = await lifecycle.recordOutcome(owner, decided.decision.id, {
      option_id: decided.optionIds[0],
      rationale: 'Closer to home',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const card = await cardOf(owner, decided.decision.id);
    expect(card.outcome_option).toEqual({ id: decided.optionIds[0], name: 'Alpha' });
    expect(card.leading_option?.name).toBe('Beta');

    expect((await lifecycle.removeOutcome(owner, decided.decision.id)).statusCode).toBe(204);
    expect((await cardOf(owner, decided.decision.id)).outcome_option).toBeNull();
  });

  it('follow a save: the leader changes with the next revision', async () => {
    const owner = await createSignedInUser(app);
    const created = await createDecision(app, owner);
    expect((await cardOf(owner, created.decision.id)).leading_option?.name).toBe('Beta');

    const evaluated = await api.evaluate(owner, created.decision.id, {
      evaluations: [
        {
          option_id: created.optionIds[0],
          criterion_id: created.criterionIds[0],
          value: 10,
          explanation: null,
        },
      ],
    });
    expectOk(evaluated);
    // Alpha 10×0.6 + 5×0.4 = 8.0 now leads Beta's 7.2.
    expect((await cardOf(owner, created.decision.id)).leading_option).toEqual({
      id: created.optionIds[0],
      name: 'Alpha',
      total: 8,
    });
  });
});

describe('GET /api/decision: team cards', () => {
  it('are drafts until activated, then open; voters are the owner, admins and editors who accepted', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, {
      criteria: [
        { name: 'Cost', importance: 50 },
        { name: 'Weather', importance: 50 },
      ],
    });
    const id = created.decision.id;
    const admin = await addMember(app, owner, id, 'admin');
    const editor = await addMember(app, owner, id, 'editor');
    const viewer = await addMember(app, owner, id, 'viewer');
    // A pending invitation is nobody's vote yet.
    await inviteByEmail(app, owner, id, 'not-yet@example.com', 'editor');

    expect(await cardOf(owner, id)).toMatchObject({
      is_team: true,
      role: 'owner',
      status: 'draft',
      lock: null,
      // Nobody voted: no leading option, never a total of 0.
      leading_option: null,
      participation: { voters: 3, complete: 0 },
    });

    expectOk(await team.activate(owner, id));
    expect(await cardOf(owner, id)).toMatchObject({ status: 'open', lock: null });

    // A vote on one cell of four is started, not complete.
    const oslo = created.optionIds[1]!;
    const [cost, weather] = created.criterionIds as [number, number];
    expectOk(await team.evaluate(editor, id, [{ option_id: oslo, criterion_id: cost, value: 8 }]));
    expect((await cardOf(owner, id)).participation).toEqual({ voters: 3, complete: 0 });
    expectOk(
      await team.evaluate(editor, id, [
        { option_id: created.optionIds[0], criterion_id: cost, value: 0 },
        { option_id: created.optionIds[0], criterion_id: weather, value: 0 },
        { option_id: oslo, criterion_id: weather, value: 0 },
      ]),
    );
    // Oslo: 8 on Cost, 0 on Weather: 8 × 50 / 100 = 4.
    const expected = {
      status: 'open',
      leading_option: { id: oslo, name: 'Oslo', total: 4 },
      participation: { voters: 3, complete: 1 },
    };
    expect(await cardOf(owner, id)).toMatchObject(expected);
    // Every member sees the same card, with their own role.
    expect(await cardOf(viewer, id)).toMatchObject({ ...expected, role: 'viewer' });
    expect(await cardOf(admin, id)).toMatchObject({ ...expected, role: 'admin' });

    // Roles are read fresh: an editor made viewer no longer counts, and neither does their vote.
    expectOk(await team.changeRole(owner, id, editor.user.id, 'viewer'));
    expect((await cardOf(owner, id)).participation).toEqual({ voters: 2, complete: 0 });
    expectOk(await team.changeRole(owner, id, editor.user.id, 'editor'));
    expect((await cardOf(owner, id)).participation).toEqual({ voters: 3, complete: 1 });
  });

  it('count submitted weights as votes in AI mode', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { mode: 'ai' });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    expect((await cardOf(owner, created.decision.id)).participation).toEqual({ voters: 2, complete: 0 });

    expectOk(
      await team.weights(editor, created.decision.id, [
        { criterion_id: created.criterionIds[0], weight: 70 },
      ]),
    );
    expect((await cardOf(editor, created.decision.id)).participation).toEqual({ voters: 2, complete: 1 });
  });

  it('are closed with lock "deadline" once voting ended, and "ai" once the AI completed them', async () => {
    const owner = await createSignedInUser(app);
    const ended = await createTeamDecision(app, owner, { name: 'Ended' });
    const completed = await createTeamDecision(app, owner, { name: 'Completed', mode: 'ai' });
    const open = await createTeamDecision(app, owner, { name: 'Open' });
    for (const { decision } of [ended, completed, open]) expectOk(await team.activate(owner, decision.id));

    const response = await team.endVoting(owner, ended.decision.id);
    expect(response.statusCode, response.body).toBe(200);
    await completeWithAi(completed);

    const list = await listOf(owner);
    const cardNamed = (name: string) => list.find((item) => item.name === name);
    expect(cardNamed('Ended')).toMatchObject({ status: 'closed', lock: 'deadline' });
    expect(cardNamed('Completed')).toMatchObject({
      status: 'closed',
      lock: 'ai',
      leading_option: { id: completed.optionIds[0], name: 'Lisbon' },
    });
    expect(cardNamed('Open')).toMatchObject({ status: 'open', lock: null });
  });

  it('a draft whose deadline passed is closed too: nothing can change any more', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    await app.database.db
      .updateTable('decisions')
      .set({ timer: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', created.decision.id)
      .execute();
    expect(await cardOf(owner, created.decision.id)).toMatchObject({ status: 'closed', lock: 'deadline' });
  });

  it('keep every card’s facts apart in a mixed list', async () => {
    const owner = await createSignedInUser(app);
    await createTeamDecision(app, owner, { name: 'Team one' });
    const personal = await createDecision(app, owner, { name: 'Personal' });
    const second = await createTeamDecision(app, owner, { name: 'Team two' });
    const editor = await addMember(app, owner, second.decision.id, 'editor');
    const [lisbon, oslo] = second.optionIds as [number, number];
    const [cost, weather] = second.criterionIds as [number, number];
    expectOk(
      await team.evaluate(editor, second.decision.id, [
        { option_id: lisbon, criterion_id: cost, value: 9 },
        { option_id: lisbon, criterion_id: weather, value: 0 },
        { option_id: oslo, criterion_id: cost, value: 0 },
        { option_id: oslo, criterion_id: weather, value: 0 },
      ]),
    );

    const list = await listOf(owner);
    expect(
      list.map(({ name, leading_option, participation }) => ({ name, leading_option, participation })),
    ).toEqual([
      {
        name: 'Team two',
        // Lisbon: 9 on Cost (60), Weather unscored: 9 × 60 / 100 = 5.4.
        leading_option: { id: second.optionIds[0], name: 'Lisbon', total: 5.4 },
        participation: { voters: 2, complete: 1 },
      },
      {
        name: 'Personal',
        leading_option: { id: personal.optionIds[1], name: 'Beta', total: 7.2 },
        participation: null,
      },
      { name: 'Team one', leading_option: null, participation: { voters: 1, complete: 0 } },
    ]);
  });
});
