import { describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { DecisionVersion, HistoryEntry, HistoryPage } from '../../../shared/api/history.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { addMember, createTeamDecision, minutesFromNow, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { workspaceMemberships } from '../../test/workspace-factories.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const decisions = decisionApi(() => app);
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);

const historyOf = (caller: SignedInUser | undefined, id: number, query = '') =>
  app.inject({ method: 'GET', url: `/api/decision/${id}/history${query}`, headers: caller?.headers });

async function entriesOf(caller: SignedInUser, id: number, language?: 'de'): Promise<HistoryEntry[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/decision/${id}/history`,
    headers: { ...caller.headers, ...(language && { 'accept-language': language }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryPage>().entries;
}

const restore = (caller: SignedInUser, id: number, entryId: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/decision/${id}/restore`,
    headers: caller.headers,
    payload: { entry_id: entryId },
  });

const expect200 = (response: { statusCode: number; body: string }) =>
  expect(response.statusCode, response.body).toBe(200);

describe('personal decisions: saves, versions and restore', () => {
  it('records creation, edits, list changes and values with one version per save, newest first', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createDecision(app, owner);
    expect200(
      await decisions.update(owner, decision.id, {
        name: 'Which family car?',
        type: 'public',
        options: [
          { id: optionIds[0], name: 'Alpha' },
          { id: optionIds[1], name: 'Bravo' },
          { name: 'Gamma' },
        ],
        criteria: [
          { id: criterionIds[0], name: 'Price', importance: 70, minimum: 4 },
          { id: criterionIds[1], name: 'Comfort', importance: 30 },
        ],
      }),
    );
    const entries = await entriesOf(owner, decision.id);
    const me = { user_id: owner.user.id, display_name: expect.any(String) };
    expect(entries.map((entry) => entry.kind)).toEqual([
      'criteria_changed',
      'options_changed',
      'visibility_changed',
      'edited',
      'created',
    ]);
    for (const entry of entries) expect(entry.actor).toEqual(me);
    const [criteria, options, visibility, edited, created] = entries as [
      HistoryEntry,
      HistoryEntry,
      HistoryEntry,
      HistoryEntry,
      HistoryEntry,
    ];
    expect(edited.changes).toEqual([{ field: 'title', from: 'Which car?', to: 'Which family car?' }]);
    expect(visibility.changes).toEqual([{ field: 'visibility', from: 'private', to: 'public' }]);
    expect(options.changes).toEqual([
      {
        field: 'renamed',
        from: 'Beta',
        to: 'Bravo',
        item: { type: 'option', id: optionIds[1], name: 'Bravo' },
      },
      {
        field: 'added',
        from: null,
        to: 'Gamma',
        item: { type: 'option', id: expect.any(Number), name: 'Gamma' },
      },
    ]);
    const price = { type: 'criterion', id: criterionIds[0], name: 'Price' };
    const comfort = { type: 'criterion', id: criterionIds[1], name: 'Comfort' };
    expect(criteria.changes).toEqual([
      { field: 'importance', from: 60, to: 70, item: price },
      { field: 'minimum', from: null, to: 4, item: price },
      { field: 'importance', from: 40, to: 30, item: comfort },
    ]);
    // One save, one version; the creation its own.
    expect(new Set(entries.slice(0, 4).map((entry) => entry.version_id)).size).toBe(1);
    expect(created.version_id).not.toBeNull();
    expect(created.version_id).not.toBe(edited.version_id);

    // A save that changes nothing records nothing.
    const before = await entriesOf(owner, decision.id);
    expect200(
      await decisions.update(owner, decision.id, {
        name: 'Which family car?',
        options: [
          { id: optionIds[0], name: 'Alpha' },
          { id: optionIds[1], name: 'Bravo' },
          { name: 'Gamma' },
        ],
      }),
    );
    expect(await entriesOf(owner, decision.id)).toEqual(before);

    // Values: counted, as one change of the save.
    expect200(
      await decisions.evaluate(owner, decision.id, {
        evaluations: [
          { option_id: optionIds[0], criterion_id: criterionIds[0], value: 2, explanation: 'dear' },
        ],
      }),
    );
    const [values] = await entriesOf(owner, decision.id);
    expect(values).toMatchObject({ kind: 'vote_saved', changes: [{ field: 'cells', from: null, to: 1 }] });
  });
});

describe('personal decisions: show a version, restore it', () => {
  it('shows a version and restores it exactly; readers 403, outsiders 404, team decisions 409', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createDecision(app, owner, {
      type: 'public',
      criteria: [
        { name: 'Price', importance: 60, minimum: 3, anchors: { low: '> 40k', high: '< 20k' } },
        { name: 'Comfort', importance: 40 },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 8, explanation: 'cheap' },
        { option_index: 0, criterion_index: 1, value: 5 },
        { option_index: 1, criterion_index: 0, value: 6 },
        { option_index: 1, criterion_index: 1, value: 9, explanation: 'soft' },
      ],
    });
    const detailsBefore = (await decisions.details(owner, decision.id)).json<DecisionDetails>();
    const [created] = await entriesOf(owner, decision.id);
    // Change everything: a renamed and a removed option, other importances, values and explanations.
    expect200(
      await decisions.update(owner, decision.id, {
        name: 'Which car?',
        options: [{ id: optionIds[0], name: 'Alpha prime' }, { name: 'Delta' }],
        criteria: [{ id: criterionIds[0], name: 'Price', importance: 10, minimum: null, anchors: null }],
        evaluations: [{ option_index: 0, criterion_index: 0, value: 1, explanation: null }],
      }),
    );

    const shown = await app.inject({
      method: 'GET',
      url: `/api/decision/${decision.id}/versions/${created!.version_id}`,
      headers: owner.headers,
    });
    expect200(shown);
    const version = shown.json<DecisionVersion>();
    expect(version.options.map((option) => option.name)).toEqual(['Alpha', 'Beta']);
    expect(version.criteria[0]).toMatchObject({
      name: 'Price',
      importance: 60,
      minimum: 3,
      anchors: { low: '> 40k', high: '< 20k' },
    });
    expect(version.ranking.find((entry) => entry.is_top)?.option_id).toBe(
      detailsBefore.results.ranking.find((entry) => entry.is_top)?.option_id,
    );

    const reader = await createSignedInUser(app);
    const outsider = await createSignedInUser(app);
    // A reader of a public decision reads its history, but may not restore.
    expect((await entriesOf(reader, decision.id)).length).toBeGreaterThan(0);
    await expectNothingChanged(app, async () => {
      expectApiError(await restore(reader, decision.id, created!.id), 403, 'FORBIDDEN');
      expectApiError(await restore(owner, decision.id, 2_000_000_000), 400, 'VALIDATION_FAILED', {
        fields: ['entry_id'],
      });
    });
    const privateOne = await createDecision(app, owner);
    const [privateEntry] = await entriesOf(owner, privateOne.decision.id);
    await expectNothingChanged(app, async () => {
      expectApiError(await restore(outsider, privateOne.decision.id, privateEntry!.id), 404, 'NOT_FOUND');
      expectApiError(await historyOf(outsider, privateOne.decision.id), 404, 'NOT_FOUND');
      // An entry of another decision names no version of this one.
      expectApiError(await restore(owner, decision.id, privateEntry!.id), 400, 'VALIDATION_FAILED', {
        fields: ['entry_id'],
      });
    });

    const restored = await restore(owner, decision.id, created!.id);
    expect200(restored);
    const after = restored.json<DecisionDetails>();
    expect(after).toEqual((await decisions.details(owner, decision.id)).json<DecisionDetails>());
    // Exactly as before, modulo the ids of rows deleted since (the removed option Beta is new).
    const byName = (details: DecisionDetails) => {
      const optionName = new Map(details.options.map((option) => [option.id, option.name]));
      const criterionName = new Map(details.criteria.map((criterion) => [criterion.id, criterion.name]));
      return {
        options: details.options.map((option) => option.name),
        criteria: details.criteria.map(({ id: _id, decision_id: _decision, ...criterion }) => criterion),
        evaluations: details.evaluations
          .map(({ option_id, criterion_id, ...cell }) => ({
            ...cell,
            option: optionName.get(option_id),
            criterion: criterionName.get(criterion_id),
          }))
          .sort((a, b) => `${a.option}${a.criterion}`.localeCompare(`${b.option}${b.criterion}`)),
        ranking: details.results.ranking.map((entry) => ({
          ...entry,
          option_id: optionName.get(entry.option_id),
        })),
        score: details.decision.score,
      };
    };
    expect(byName(after)).toEqual(byName(detailsBefore));
    expect(after.options[0]!.id).toBe(optionIds[0]);
    const [restoredEntry] = await entriesOf(owner, decision.id);
    expect(restoredEntry).toMatchObject({
      kind: 'restored',
      actor: { user_id: owner.user.id },
      changes: [{ field: 'version', from: null, to: created!.version_id }],
    });

    const teamDecision = await createTeamDecision(app, owner);
    const [teamEntry] = await entriesOf(owner, teamDecision.decision.id);
    await expectNothingChanged(app, async () => {
      expectApiError(
        await restore(owner, teamDecision.decision.id, teamEntry!.id),
        409,
        'RESTORE_PERSONAL_ONLY',
      );
    });
  });
});

describe('team decisions', () => {
  it('records members, roles, activation, deadline, votes and weights as counts, and the end of voting', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner);
    const { decision, admin, editor, viewer } = created;
    expect200(await team.setTimer(owner, decision.id, minutesFromNow(120)));
    expect200(await team.evaluate(editor, decision.id, fullVote(created, 7)));
    expect200(
      await team.weights(
        editor,
        decision.id,
        created.criterionIds.map((criterion_id) => ({ criterion_id, weight: 50 })),
      ),
    );
    expect200(await team.changeRole(owner, decision.id, viewer.user.id, 'editor'));
    expect((await team.removeMember(owner, decision.id, admin.user.id)).statusCode).toBeLessThan(300);
    expect200(await team.endVoting(owner, decision.id));

    const entries = await entriesOf(owner, decision.id);
    const kinds = entries.map((entry) => entry.kind);
    expect(kinds).toEqual([
      'voting_ended',
      'member_removed',
      'role_changed',
      'weights_saved',
      'vote_saved',
      'deadline_changed',
      'activated',
      // teamWithRoles: the viewer, the editor, then the admin (invited as editor, then promoted).
      'member_joined',
      'member_invited',
      'member_joined',
      'member_invited',
      'role_changed',
      'member_joined',
      'member_invited',
      'created',
    ]);
    const find = (kind: HistoryEntry['kind']) => entries.find((entry) => entry.kind === kind)!;
    expect(find('vote_saved')).toMatchObject({
      actor: { user_id: editor.user.id },
      changes: [{ field: 'cells', from: null, to: 4 }],
    });
    expect(find('weights_saved').changes).toEqual([{ field: 'weights', from: null, to: 2 }]);
    expect(find('role_changed')).toMatchObject({
      subject: { user_id: viewer.user.id },
      changes: [{ field: 'role', from: 'viewer', to: 'editor' }],
    });
    expect(find('member_removed')).toMatchObject({
      actor: { user_id: owner.user.id },
      subject: { user_id: admin.user.id },
    });
    expect(find('voting_ended')).toMatchObject({
      actor: { user_id: owner.user.id },
      changes: [
        {
          field: 'leader',
          from: null,
          to: { option_id: expect.any(Number), name: expect.any(String), total: 7 },
        },
      ],
    });
    expect(find('deadline_changed').changes[0]).toMatchObject({ field: 'deadline', from: null });
    // No value or weight of anyone appears anywhere.
    expect(JSON.stringify(entries)).not.toMatch(/"value"|"weight":/);

    expect200(await lifecycle.recordOutcome(owner, decision.id, { option_id: created.optionIds[0] }));
    expect200(await lifecycle.recordOutcome(owner, decision.id, { option_id: created.optionIds[1] }));
    expect((await lifecycle.removeOutcome(owner, decision.id)).statusCode).toBe(204);
    const latest = await entriesOf(owner, decision.id);
    expect(latest.slice(0, 3).map((entry) => [entry.kind, entry.changes])).toEqual([
      ['outcome_removed', []],
      ['outcome_recorded', [{ field: 'outcome', from: 'Lisbon', to: 'Oslo' }]],
      ['outcome_recorded', [{ field: 'outcome', from: null, to: 'Lisbon' }]],
    ]);
  });

  it('a refused write records nothing', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner);
    const { decision, viewer, editor } = created;
    await expectNothingChanged(app, async () => {
      expect((await team.evaluate(viewer, decision.id, fullVote(created, 5))).statusCode).toBe(403);
      expect((await team.changeRole(editor, decision.id, viewer.user.id, 'editor')).statusCode).toBe(403);
      expect((await team.setTimer(viewer, decision.id, minutesFromNow(60))).statusCode).toBe(403);
      expect(
        (await team.evaluate(editor, decision.id, [{ option_id: 1, criterion_id: 999_999, value: 5 }]))
          .statusCode,
      ).toBe(400);
    });
  });
});

describe('team decisions: the end of voting, blind rules and former members', () => {
  it('a deadline that passes is recorded by System at the deadline', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner);
    expect200(await team.evaluate(owner, created.decision.id, fullVote(created, 6)));
    const deadline = minutesFromNow(-1);
    await app.database.db
      .updateTable('decisions')
      .set({ timer: deadline })
      .where('id', '=', created.decision.id)
      .execute();
    await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
    await app.scheduler.runDueJobs();
    const [ended] = await entriesOf(owner, created.decision.id);
    expect(ended).toMatchObject({ kind: 'voting_ended', actor: { kind: 'system' }, subject: null });
    expect(new Date(ended!.at).toISOString()).toBe(new Date(deadline).toISOString());
  });

  it('"end voting now" records voting_ended in its own write, by who ended it; a refused one records nothing', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner);
    const { decision, admin, editor } = created;
    const outsider = await createSignedInUser(app);
    expect200(await team.evaluate(editor, decision.id, fullVote(created, 7)));
    await expectNothingChanged(app, async () => {
      expect((await team.endVoting(editor, decision.id)).statusCode).toBe(403);
      expect((await team.endVoting(outsider, decision.id)).statusCode).toBe(404);
    });
    expect200(await team.endVoting(admin, decision.id));
    const [ended] = await entriesOf(owner, decision.id);
    const details = (
      await app.inject({ method: 'GET', url: `/api/decision/${decision.id}/details`, headers: owner.headers })
    ).json<DecisionDetails>();
    const lisbon = details.options.find((option) => option.name === 'Lisbon')!;
    expect(ended).toEqual({
      id: expect.any(Number),
      at: details.voting_ended!.at,
      kind: 'voting_ended',
      actor: {
        user_id: admin.user.id,
        display_name: displayNameOfAccount({ ...admin.user, email: admin.email }),
      },
      subject: null,
      // Both options 7 everywhere: a tie, the first in the options' order leads.
      changes: [{ field: 'leader', from: null, to: { option_id: lisbon.id, name: 'Lisbon', total: 7 } }],
      version_id: null,
    });
    // Ended once: a second "end voting now" is refused and records nothing.
    await expectNothingChanged(app, async () => {
      expect((await team.endVoting(owner, decision.id)).statusCode).toBe(409);
    });
  });

  it('hides the leader from readers who may not see results, and never shows others’ values', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner, { results_visibility: 'after_vote' });
    const { decision, editor, viewer } = created;
    expect200(await team.evaluate(editor, decision.id, fullVote(created, 8)));
    // Under after_vote a voter sees results once submitted; until then nobody sees a leader or total.
    const leaderOf = async (caller: SignedInUser) =>
      (await entriesOf(caller, decision.id)).find((entry) => entry.kind === 'voting_ended')?.changes ?? null;
    expect200(await team.endVoting(owner, decision.id));
    // Voting ended: after_vote shows everyone the result now.
    for (const caller of [owner, editor, viewer])
      expect(await leaderOf(caller)).toEqual([expect.objectContaining({ field: 'leader' })]);

    const closed = await teamWithRoles(app, owner, { results_visibility: 'after_close' });
    expect200(await team.evaluate(closed.editor, closed.decision.id, fullVote(closed, 8)));
    // Recorded with a leader; while results are hidden (the after_close decision still open) it is left out.
    await app.database.db
      .insertInto('decision_history')
      .values({
        decision_id: closed.decision.id,
        at: new Date().toISOString(),
        kind: 'voting_ended',
        actor_id: null,
        subject_id: null,
        changes: JSON.stringify([
          { field: 'leader', from: null, to: { option_id: closed.optionIds[0], name: 'Lisbon', total: 8 } },
        ]),
        version_id: null,
      })
      .execute();
    for (const caller of [owner, closed.editor, closed.viewer]) {
      const entries = await entriesOf(caller, closed.decision.id);
      expect(entries[0]).toMatchObject({ kind: 'voting_ended', changes: [] });
      expect(entries.find((entry) => entry.kind === 'vote_saved')?.changes).toEqual([
        { field: 'cells', from: null, to: 4 },
      ]);
    }
  });

  it('an account deleted later shows as a former member', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const member = await addMember(app, owner, created.decision.id, 'editor');
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: member.password },
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(204);
    for (const [language, name] of [
      [undefined, 'Former member'],
      ['de', 'Ehemaliges Mitglied'],
    ] as const) {
      const joined = (await entriesOf(owner, created.decision.id, language)).find(
        (entry) => entry.kind === 'member_joined',
      );
      expect(joined?.actor).toEqual({ user_id: null, display_name: name });
      expect(joined?.subject).toEqual({ user_id: null, display_name: name });
    }
  });
});

describe('paging', () => {
  it('pages newest first with before and limit, caps the limit at 100 and ends with next_before null', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createDecision(app, owner);
    const rows = Array.from({ length: 130 }, (_, index) => ({
      decision_id: decision.id,
      at: new Date().toISOString(),
      kind: 'edited',
      actor_id: owner.user.id,
      subject_id: null,
      changes: JSON.stringify([{ field: 'title', from: `t${index}`, to: `t${index + 1}` }]),
      version_id: null,
    }));
    await app.database.db.insertInto('decision_history').values(rows).execute();

    const first = (await historyOf(owner, decision.id, '?limit=500')).json<HistoryPage>();
    expect(first.entries).toHaveLength(100);
    const ids = first.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next_before).toBe(ids.at(-1));
    const second = (await historyOf(owner, decision.id, `?before=${first.next_before}`)).json<HistoryPage>();
    expect(second.entries).toHaveLength(31);
    expect(second.next_before).toBeNull();
    expect(second.entries.at(-1)?.kind).toBe('created');
    const small = (await historyOf(owner, decision.id, '?limit=2')).json<HistoryPage>();
    expect(small.entries.map((entry) => entry.id)).toEqual(ids.slice(0, 2));
    expect(small.next_before).toBe(ids[1]);
    expectApiError(await historyOf(owner, decision.id, '?limit=0'), 400, 'VALIDATION_FAILED', {
      fields: ['limit'],
    });
    expectApiError(await historyOf(owner, decision.id, '?before=abc'), 400, 'VALIDATION_FAILED', {
      fields: ['before'],
    });
    expect((await historyOf(undefined, decision.id)).statusCode).toBe(401);
  });
});

describe('team edits and invitations', () => {
  it('records a team edit as edited, list and visibility changes, votes and weights as counts', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const [lisbon, oslo] = created.optionIds;
    const [cost, weather] = created.criterionIds;
    const edited = await team.teamEdit(owner, created.decision.id, {
      name: 'Team offsite 2027',
      options: [{ id: lisbon, name: 'Lisboa' }, { id: oslo, name: 'Oslo' }, { name: 'Porto' }],
      criteria: [
        { id: cost, name: 'Cost', importance: 60, anchors: { low: 'dear', high: 'cheap' } },
        { id: weather, name: 'Weather', importance: 40 },
      ],
      results_visibility: 'after_close',
      votes: [{ option_index: 0, criterion_index: 0, value: 7 }],
      weights: [{ criterion_index: 0, weight: 70 }],
    });
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    const entries = await entriesOf(owner, created.decision.id);
    const byKind = new Map(entries.map((entry) => [entry.kind, entry]));
    expect(byKind.get('edited')?.changes).toEqual([
      { field: 'title', from: 'Team offsite', to: 'Team offsite 2027' },
    ]);
    expect(byKind.get('visibility_changed')?.changes).toEqual([
      { field: 'results_visibility', from: 'always', to: 'after_close' },
    ]);
    expect(byKind.get('options_changed')?.changes).toEqual([
      {
        field: 'renamed',
        from: 'Lisbon',
        to: 'Lisboa',
        item: { type: 'option', id: lisbon, name: 'Lisboa' },
      },
      {
        field: 'added',
        from: null,
        to: 'Porto',
        item: { type: 'option', id: expect.any(Number), name: 'Porto' },
      },
    ]);
    expect(byKind.get('criteria_changed')?.changes).toEqual([
      {
        field: 'anchors',
        from: null,
        to: { low: 'dear', high: 'cheap' },
        item: { type: 'criterion', id: cost, name: 'Cost' },
      },
    ]);
    expect(byKind.get('vote_saved')?.changes).toEqual([{ field: 'cells', from: null, to: 1 }]);
    expect(byKind.get('weights_saved')?.changes).toEqual([{ field: 'weights', from: null, to: 1 }]);
    // Team decisions keep no versions.
    expect(entries.every((entry) => entry.version_id === null)).toBe(true);
  });

  it('an invitation to an address without an account names no subject and never the address', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const invited = await team.invite(owner, {
      decision_id: created.decision.id,
      email: 'nobody-yet@example.com',
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const [entry] = await entriesOf(owner, created.decision.id);
    expect(entry).toMatchObject({
      kind: 'member_invited',
      actor: { user_id: owner.user.id },
      subject: null,
      changes: [{ field: 'role', from: null, to: 'viewer' }],
    });
    expect(JSON.stringify(entry)).not.toContain('nobody-yet');
  });
});

describe('workspace memberships (issue 29)', () => {
  it('records joining and leaving the workspace as joining and leaving its decisions', async () => {
    const workspaces = workspaceMemberships(() => app);
    const owner = await createSignedInUser(app);
    const member = await createSignedInUser(app);
    const workspaceId = await workspaces.createWorkspace(owner);
    const created = await createTeamDecision(app, owner, { workspace_id: workspaceId } as never);
    await workspaces.join(workspaceId, member, 'member');
    await workspaces.leave(workspaceId, member);
    const [left, joined] = await entriesOf(owner, created.decision.id);
    const person = { user_id: member.user.id, display_name: expect.any(String) };
    expect(joined).toMatchObject({
      kind: 'member_joined',
      actor: person,
      subject: person,
      changes: [{ field: 'role', from: null, to: 'editor' }],
    });
    expect(left).toMatchObject({ kind: 'member_removed', actor: person, subject: person, changes: [] });
  });
});
