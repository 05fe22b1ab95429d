import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { HistoryEntry } from '../../../shared/api/history.ts';
import { snapshotSchema, snapshotsResponseSchema, type Snapshot } from '../../../shared/api/snapshots.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles, type TeamWithRoles } from '../../test/lifecycle-factories.ts';
import { addMember, detailsOf, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);
const decisions = decisionApi(() => app);
let owner: SignedInUser;

beforeAll(async () => {
  owner = await createSignedInUser(app);
});

const listSnapshots = (caller: SignedInUser, decisionId: number) =>
  app.inject({ method: 'GET', url: `/api/decision/${decisionId}/snapshots`, headers: caller.headers });
const saveSnapshot = (caller: SignedInUser, decisionId: number, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/decision/${decisionId}/snapshots`,
    payload: payload as object,
    headers: caller.headers,
  });

async function snapshotsOf(caller: SignedInUser, decisionId: number): Promise<Snapshot[]> {
  const response = await listSnapshots(caller, decisionId);
  expect(response.statusCode, response.body).toBe(200);
  return snapshotsResponseSchema.parse(response.json());
}

/** The stored rows, read around the API (these tests check which write froze). */
async function storedRows(decisionId: number) {
  return app.database.db
    .selectFrom('decision_snapshots')
    .select(['id', 'reason', 'label', 'result'])
    .where('decision_id', '=', decisionId)
    .orderBy('id')
    .execute();
}

/** Team: the editor votes Oslo 8 and Lisbon 4 in every cell; the admin Lisbon 6 and Oslo 6. */
async function votedTeam(options: Parameters<typeof teamWithRoles>[2] = {}, by: SignedInUser = owner) {
  const created = await teamWithRoles(app, by, options);
  const [lisbon, oslo] = created.optionIds as [number, number];
  const editorVote = fullVote(created, 4).map((cell) =>
    cell.option_id === oslo ? { ...cell, value: 8 } : cell,
  );
  expect((await team.evaluate(created.editor, created.decision.id, editorVote)).statusCode).toBe(200);
  expect((await team.evaluate(created.admin, created.decision.id, fullVote(created, 6))).statusCode).toBe(
    200,
  );
  return { ...created, lisbon, oslo };
}

/** What a frozen ranking must equal: the details' ranking at that moment, names copied in. */
function rankingOf(details: DecisionDetails) {
  const names = new Map(details.options.map((option) => [option.id, option.name]));
  return details.results.ranking.map((entry) => ({
    option_id: entry.option_id,
    name: names.get(entry.option_id)!,
    total: entry.total,
    rank: entry.rank,
  }));
}

async function shiftDeadlineIntoPast(decisionId: number): Promise<string> {
  const past = new Date(Date.now() - 60_000).toISOString();
  await app.database.db.updateTable('decisions').set({ timer: past }).where('id', '=', decisionId).execute();
  return past;
}

describe('frozen when voting ends', () => {
  it('"end voting now" stores the result as the details showed it, equal for every member', async () => {
    const created: TeamWithRoles & { oslo: number } = await votedTeam({ results_visibility: 'after_close' });
    const { decision, admin, editor, viewer } = created;
    // Before the end: nothing frozen, nothing listed, nothing in the details.
    expect(await storedRows(decision.id)).toEqual([]);
    expect(await snapshotsOf(editor, decision.id)).toEqual([]);
    expect((await detailsOf(app, editor, decision.id)).frozen_result).toBeNull();

    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    const rows = await storedRows(decision.id);
    expect(rows.map((row) => row.reason)).toEqual(['voting_ended']);

    const live = await detailsOf(app, owner, decision.id);
    const [snapshot] = await snapshotsOf(owner, decision.id);
    expect(snapshotSchema.strict().safeParse(snapshot).success).toBe(true);
    expect(snapshot).toMatchObject({
      reason: 'voting_ended',
      label: null,
      ranking: rankingOf(live),
      participation: live.participation!,
      agreement: live.consensus!.overall,
      robustness: { label: expect.stringMatching(/^(fragile|sensitive|robust)$/) },
    });
    expect(snapshot!.ranking[0]!.name).toBe('Oslo');
    expect(snapshot!.weights.map((weight) => weight.name)).toEqual(['Cost', 'Weather']);
    expect(snapshot!.weights.reduce((sum, weight) => sum + weight.share, 0)).toBeCloseTo(100, 5);
    expect(snapshot!.at).toBe(live.voting_ended!.at);
    for (const member of [admin, editor, viewer]) {
      const details = await detailsOf(app, member, decision.id);
      expect(details.frozen_result).toEqual({
        at: snapshot!.at,
        ranking: snapshot!.ranking,
        participation: snapshot!.participation,
        weights: snapshot!.weights,
        agreement: snapshot!.agreement,
        robustness: snapshot!.robustness,
      });
      expect(details.frozen_result_differs).toBe(false);
      expect(await snapshotsOf(member, decision.id)).toEqual([snapshot]);
    }
    // Reading again freezes nothing more.
    expect(await storedRows(decision.id)).toHaveLength(1);
  });

  it('a passed deadline is frozen by the lifecycle job, at the deadline, once', async () => {
    const { decision } = await votedTeam({ timer: new Date(Date.now() + 3600_000).toISOString() });
    const deadline = await shiftDeadlineIntoPast(decision.id);
    await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
    expect(await app.scheduler.runDueJobs()).toContain('announce-voting-ends');
    const rows = await storedRows(decision.id);
    expect(rows.map((row) => row.reason)).toEqual(['voting_ended']);
    const [snapshot] = await snapshotsOf(owner, decision.id);
    expect(snapshot!.at).toBe(deadline);
    // Again: already announced and frozen.
    await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
    await app.scheduler.runDueJobs();
    expect(await storedRows(decision.id)).toHaveLength(1);
  });

  it('a read before the job presents the result at the deadline and writes nothing', async () => {
    const { decision, editor } = await votedTeam({ timer: new Date(Date.now() + 3600_000).toISOString() });
    const deadline = await shiftDeadlineIntoPast(decision.id);
    const read = await expectNothingChanged(app, async () => {
      const details = await detailsOf(app, editor, decision.id);
      // Only what is stored is listed: the job stores it.
      expect(await snapshotsOf(editor, decision.id)).toEqual([]);
      return details;
    });
    expect(read.frozen_result).toMatchObject({ at: deadline, ranking: rankingOf(read) });
    expect(read.frozen_result_differs).toBe(false);

    await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
    await app.scheduler.runDueJobs();
    const [stored] = await snapshotsOf(editor, decision.id);
    const { id: _id, reason: _reason, label: _label, ...fields } = stored!;
    // What the job stored is what the read presented.
    expect(fields).toEqual(read.frozen_result);
  });
});

describe('a write after the deadline, before the job, freezes the result at the deadline first', () => {
  async function endedBeforeTheJob(by: SignedInUser = owner) {
    const created = await votedTeam({ timer: new Date(Date.now() + 3600_000).toISOString() }, by);
    const deadline = await shiftDeadlineIntoPast(created.decision.id);
    const before = (await detailsOf(app, by, created.decision.id)).frozen_result!;
    expect(await storedRows(created.decision.id)).toEqual([]);
    return { ...created, deadline, before };
  }

  it('an editor joining after the deadline: the frozen participation is the one at the deadline', async () => {
    const { decision, before } = await endedBeforeTheJob();
    expect(before.participation).toEqual({ voters: 3, complete: 2 });
    await addMember(app, owner, decision.id, 'editor');
    const rows = await storedRows(decision.id);
    expect(rows.map((row) => row.reason)).toEqual(['voting_ended']);
    const details = await detailsOf(app, owner, decision.id);
    // The live count now has a voter more; the frozen result is the one before the join.
    expect(details.participation).toEqual({ voters: 4, complete: 2 });
    expect(details.frozen_result).toEqual(before);
  });

  it('an outcome recorded after the deadline: voting_ended is stored and recorded before outcome_recorded', async () => {
    const { decision, before, oslo, deadline } = await endedBeforeTheJob();
    expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: oslo })).statusCode).toBe(200);
    expect((await storedRows(decision.id)).map((row) => row.reason)).toEqual([
      'voting_ended',
      'outcome_recorded',
    ]);
    expect((await detailsOf(app, owner, decision.id)).frozen_result).toEqual(before);
    // The job then announces, but records no second entry: the history stays in the order of events.
    await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
    await app.scheduler.runDueJobs();
    const history = await app.inject({
      method: 'GET',
      url: `/api/decision/${decision.id}/history`,
      headers: owner.headers,
    });
    const [newest, previous, ...older] = history.json<{ entries: HistoryEntry[] }>().entries;
    expect(newest).toMatchObject({ kind: 'outcome_recorded' });
    expect(previous).toMatchObject({ kind: 'voting_ended', actor: { kind: 'system' }, at: deadline });
    expect(older.map((entry) => entry.kind)).not.toContain('voting_ended');
  });

  it('an account deleted after the deadline: the frozen result is the one before', async () => {
    const leaving = await createSignedInUser(app);
    const { decision, before, editor } = await endedBeforeTheJob(leaving);
    const deletion = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: editor.password },
      headers: editor.headers,
    });
    expect(deletion.statusCode, deletion.body).toBe(204);
    // A member's deletion writes none of the decision's rows (their closed votes stay): nothing to freeze
    // yet; the owner's deletion hands the decision over to the admin and freezes first.
    expect(await storedRows(decision.id)).toEqual([]);
    const ownerDeletion = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: leaving.password },
      headers: leaving.headers,
    });
    expect(ownerDeletion.statusCode, ownerDeletion.body).toBe(204);
    expect((await storedRows(decision.id)).map((row) => row.reason)).toEqual(['voting_ended']);
    const [stored] = await storedRows(decision.id);
    expect(JSON.parse(stored!.result)).toEqual({
      ranking: before.ranking,
      participation: before.participation,
      weights: before.weights,
      agreement: before.agreement,
      robustness: before.robustness,
    });
  });

  it('a refused write after the deadline stores nothing', async () => {
    const { decision, editor, viewer } = await endedBeforeTheJob();
    await expectNothingChanged(app, async () => {
      expect((await team.removeMember(owner, decision.id, editor.user.id)).statusCode).toBe(409);
      expect((await lifecycle.recordOutcome(viewer, decision.id, { option_id: 1 })).statusCode).toBe(403);
      expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: 999_999 })).statusCode).toBe(
        400,
      );
    });
  });
});

describe('a frozen result never changes', () => {
  it('stays as it was after a refused member removal, outcomes recorded and changed, and an account deletion', async () => {
    const { decision, admin, editor, lisbon, oslo } = await votedTeam();
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    const [ended] = await storedRows(decision.id);

    // Removing a member after the end is refused (it would change which votes count): nothing changes.
    const removal = await expectNothingChanged(app, () =>
      team.removeMember(owner, decision.id, editor.user.id),
    );
    expect(removal.statusCode).toBe(409);

    expect((await lifecycle.recordOutcome(owner, decision.id, { option_id: oslo })).statusCode).toBe(200);
    expect((await lifecycle.recordOutcome(admin, decision.id, { option_id: lisbon })).statusCode).toBe(200);
    expect((await lifecycle.removeOutcome(owner, decision.id)).statusCode).toBe(204);
    const rows = await storedRows(decision.id);
    expect(rows.map((row) => row.reason)).toEqual(['voting_ended', 'outcome_recorded', 'outcome_recorded']);
    expect(rows[0]).toEqual(ended);
    const listed = await snapshotsOf(owner, decision.id);
    expect(listed.map((snapshot) => snapshot.reason)).toEqual([
      'outcome_recorded',
      'outcome_recorded',
      'voting_ended',
    ]);
    expect(listed.map((snapshot) => snapshot.id)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);

    // The editor deletes their account: the stored result stays byte for byte.
    const deletion = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: editor.password },
      headers: editor.headers,
    });
    expect(deletion.statusCode, deletion.body).toBe(204);
    expect((await storedRows(decision.id))[0]).toEqual(ended);
    const details = await detailsOf(app, owner, decision.id);
    const frozen = JSON.parse(ended!.result) as { ranking: unknown };
    expect(details.frozen_result!.ranking).toEqual(frozen.ranking);
    // Differs exactly when the live ranking is no longer the frozen one.
    expect(details.frozen_result_differs).toBe(
      JSON.stringify(rankingOf(details)) !== JSON.stringify(frozen.ranking),
    );
  });

  it('a personal outcome snapshot keeps the names it was taken with after a rename', async () => {
    const { decision } = await createDecision(app, owner);
    const recorded = await lifecycle.recordOutcome(owner, decision.id, {
      option_id: (await detailsOf(app, owner, decision.id)).options[0]!.id,
    });
    expect(recorded.statusCode).toBe(200);
    const [before] = await snapshotsOf(owner, decision.id);
    expect(before).toMatchObject({ reason: 'outcome_recorded', participation: { voters: 1, complete: 1 } });
    expect(before!.ranking.map((entry) => entry.name).sort()).toEqual(['Alpha', 'Beta']);

    const renamed = await decisions.update(owner, decision.id, {
      name: 'Which car?',
      options: ['Gamma', 'Beta'],
      criteria: [
        { name: 'Price', importance: 10 },
        { name: 'Comfort', importance: 90 },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 1 },
        { option_index: 0, criterion_index: 1, value: 1 },
        { option_index: 1, criterion_index: 0, value: 6 },
        { option_index: 1, criterion_index: 1, value: 9 },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await snapshotsOf(owner, decision.id)).toEqual([before]);
    // Personal details carry no frozen result (team only).
    const details = await detailsOf(app, owner, decision.id);
    expect([details.frozen_result, details.frozen_result_differs]).toEqual([null, false]);
  });
});

describe('GET /api/decision/{id}/snapshots: visibility', () => {
  it('answers outsiders 404 like an unknown id, and lists nothing while voting is open, whatever the visibility', async () => {
    const { decision, admin, editor, viewer } = await votedTeam({ results_visibility: 'after_close' });
    const outsider = await createSignedInUser(app);
    expectApiError(await listSnapshots(outsider, decision.id), 404, 'NOT_FOUND');
    expectApiError(await listSnapshots(owner, 999_999_999), 404, 'NOT_FOUND');
    for (const member of [owner, admin, editor, viewer]) {
      expect(await snapshotsOf(member, decision.id)).toEqual([]);
      expect((await detailsOf(app, member, decision.id)).frozen_result).toBeNull();
    }
  });

  it('shows a private decision’s snapshots to its owner only; a public one’s to readers too', async () => {
    const { decision } = await createDecision(app, owner);
    expect((await saveSnapshot(owner, decision.id, { label: 'First draft' })).statusCode).toBe(201);
    const reader = await createSignedInUser(app);
    expectApiError(await listSnapshots(reader, decision.id), 404, 'NOT_FOUND');

    const published = await createDecision(app, owner, { type: 'public' });
    expect((await saveSnapshot(owner, published.decision.id, { label: 'Shared' })).statusCode).toBe(201);
    expect((await snapshotsOf(reader, published.decision.id)).map((s) => s.label)).toEqual(['Shared']);
  });
});

describe('POST /api/decision/{id}/snapshots', () => {
  it('saves a named snapshot of a personal decision for its owner: 201, newest first', async () => {
    const { decision, details } = await createDecision(app, owner);
    const first = await saveSnapshot(owner, decision.id, { label: '  Before the test drive  ' });
    expect(first.statusCode, first.body).toBe(201);
    const saved = snapshotSchema.strict().parse(first.json());
    expect(saved).toMatchObject({
      reason: 'manual',
      label: 'Before the test drive',
      ranking: rankingOf(details),
      participation: { voters: 1, complete: 1 },
      agreement: null,
      robustness: { label: expect.any(String) },
    });
    expect(saved.weights).toEqual([
      { criterion_id: details.criteria[0]!.id, name: 'Price', share: 60 },
      { criterion_id: details.criteria[1]!.id, name: 'Comfort', share: 40 },
    ]);
    const second = snapshotSchema.parse((await saveSnapshot(owner, decision.id, { label: 'After' })).json());
    expect((await snapshotsOf(owner, decision.id)).map((s) => s.id)).toEqual([second.id, saved.id]);
  });

  it.each<[string, unknown]>([
    ['missing', {}],
    ['empty', { label: '' }],
    ['blank', { label: '   ' }],
    ['too long', { label: 'x'.repeat(201) }],
    ['not text', { label: 42 }],
    ['a line break', { label: 'one\ntwo' }],
  ])('refuses a label that is %s with 400 naming `label`, changing nothing', async (_case, payload) => {
    const { decision } = await createDecision(app, owner);
    const response = await expectNothingChanged(app, () => saveSnapshot(owner, decision.id, payload));
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['label'] });
  });

  it('accepts a label of exactly 200 characters', async () => {
    const { decision } = await createDecision(app, owner);
    const response = await saveSnapshot(owner, decision.id, { label: 'x'.repeat(200) });
    expect(response.statusCode).toBe(201);
  });

  it('refuses outsiders (404), readers of a public decision (403) and team decisions (409), changing nothing', async () => {
    const privateOne = await createDecision(app, owner);
    const publicOne = await createDecision(app, owner, { type: 'public' });
    const stranger = await createSignedInUser(app);
    const { decision: teamDecision, admin } = await votedTeam();
    expect((await team.endVoting(owner, teamDecision.id)).statusCode).toBe(200);

    const cases: [SignedInUser, number, number, 'NOT_FOUND' | 'FORBIDDEN' | 'SNAPSHOT_PERSONAL_ONLY'][] = [
      [stranger, privateOne.decision.id, 404, 'NOT_FOUND'],
      [stranger, 999_999_999, 404, 'NOT_FOUND'],
      [stranger, teamDecision.id, 404, 'NOT_FOUND'],
      [stranger, publicOne.decision.id, 403, 'FORBIDDEN'],
      [owner, teamDecision.id, 409, 'SNAPSHOT_PERSONAL_ONLY'],
      [admin, teamDecision.id, 409, 'SNAPSHOT_PERSONAL_ONLY'],
    ];
    for (const [caller, decisionId, status, code] of cases) {
      const response = await expectNothingChanged(app, () =>
        saveSnapshot(caller, decisionId, { label: 'Mine' }),
      );
      expectApiError(response, status, code);
    }
    // In German too.
    const german = await app.inject({
      method: 'POST',
      url: `/api/decision/${teamDecision.id}/snapshots`,
      payload: { label: 'Meins' },
      headers: { ...owner.headers, 'accept-language': 'de' },
    });
    expectApiError(german, 409, 'SNAPSHOT_PERSONAL_ONLY', { language: 'de' });
  });

  it('is gone with its decision', async () => {
    const { decision } = await createDecision(app, owner);
    expect((await saveSnapshot(owner, decision.id, { label: 'Keep' })).statusCode).toBe(201);
    expect((await decisions.remove(owner, decision.id)).statusCode).toBe(200);
    expect(await storedRows(decision.id)).toEqual([]);
  });
});
