import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DecisionDetails, ResultsVisibility } from '../../../shared/api/decisions.ts';
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  notificationsOf,
  teamApi,
} from '../../test/team-factories.ts';

// Issue 27, blind votes that bind: the visibility only becomes stricter once anyone voted, a submitted
// vote is final on every path until the owner or an admin reopens it, and `after_vote` shows results
// only to voters who submitted. Every refusal changes nothing.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);

function expectOk(response: LightMyRequestResponse, status = 200): void {
  expect(response.statusCode, response.body).toBe(status);
}

type Voter = 'owner' | 'admin' | 'editor';
const VOTERS: Voter[] = ['owner', 'admin', 'editor'];

/** An open team decision (2 × 2) with an admin, an editor and a viewer; nobody voted yet. */
async function openTeam(visibility: ResultsVisibility = 'after_vote') {
  const owner = await createSignedInUser(app);
  const created = await createTeamDecision(app, owner, { name: 'Binding', results_visibility: visibility });
  const id = created.decision.id;
  const admin = await addMember(app, owner, id, 'admin');
  const editor = await addMember(app, owner, id, 'editor');
  const viewer = await addMember(app, owner, id, 'viewer');
  expectOk(await team.activate(owner, id));
  const [lisbon, oslo] = created.optionIds as [number, number];
  const [cost, weather] = created.criterionIds as [number, number];
  const grid = (values: [number, number, number, number]) => [
    { option_id: lisbon, criterion_id: cost, value: values[0] },
    { option_id: lisbon, criterion_id: weather, value: values[1] },
    { option_id: oslo, criterion_id: cost, value: values[2] },
    { option_id: oslo, criterion_id: weather, value: values[3] },
  ];
  return { id, owner, admin, editor, viewer, created, grid, cost, weather, lisbon };
}

type OpenTeam = Awaited<ReturnType<typeof openTeam>>;

/** Every path that can set the visibility, by the owner or an admin. */
const VISIBILITY_PATHS = {
  PATCH: (caller: SignedInUser, id: number, value: ResultsVisibility) =>
    api.setResultsVisibility(caller, id, { results_visibility: value }),
  PUT: (caller: SignedInUser, id: number, value: ResultsVisibility) =>
    api.update(caller, id, { name: 'Binding', results_visibility: value }),
  'team PUT': (caller: SignedInUser, id: number, value: ResultsVisibility) =>
    team.teamEdit(caller, id, { results_visibility: value }),
};
const PATHS = Object.keys(VISIBILITY_PATHS) as (keyof typeof VISIBILITY_PATHS)[];

async function visibilityOf(id: number): Promise<ResultsVisibility> {
  const row = await app.database.db
    .selectFrom('decisions')
    .select('results_visibility')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.results_visibility;
}

describe('results visibility only becomes stricter once anyone voted', () => {
  it.each(PATHS)('%s: before any vote it may be loosened and tightened', async (path) => {
    const fixture = await openTeam('after_close');
    expectOk(await VISIBILITY_PATHS[path](fixture.admin, fixture.id, 'always'));
    expect(await visibilityOf(fixture.id)).toBe('always');
    expectOk(await VISIBILITY_PATHS[path](fixture.owner, fixture.id, 'after_vote'));
    expect(await visibilityOf(fixture.id)).toBe('after_vote');
    expect((await detailsOf(app, fixture.owner, fixture.id)).resultsVisibilityLocked).toBe(false);
  });

  it.each(PATHS)(
    '%s: after the first vote, owner and admin get 409 VISIBILITY_LOCKED for a looser setting; nothing changes',
    async (path) => {
      const fixture = await openTeam('after_close');
      expectOk(await team.evaluate(fixture.editor, fixture.id, fixture.grid([1, 2, 3, 4]).slice(0, 1)));
      expect((await detailsOf(app, fixture.viewer, fixture.id)).resultsVisibilityLocked).toBe(true);
      for (const caller of [fixture.owner, fixture.admin]) {
        for (const looser of ['always', 'after_vote'] as const) {
          const response = await expectNothingChanged(app, () =>
            VISIBILITY_PATHS[path](caller, fixture.id, looser),
          );
          const body = expectApiError(response, 409, 'VISIBILITY_LOCKED');
          expect(body.error).toBe(en.errors.VISIBILITY_LOCKED);
        }
      }
      // The same setting again changes nothing and is no refusal.
      expectOk(await VISIBILITY_PATHS[path](fixture.owner, fixture.id, 'after_close'));
      expect(await visibilityOf(fixture.id)).toBe('after_close');
    },
  );

  it.each(PATHS)('%s: after only a weight, stricter is allowed and looser refused', async (path) => {
    const fixture = await openTeam('always');
    expectOk(await team.weights(fixture.editor, fixture.id, [{ criterion_id: fixture.cost, weight: 50 }]));
    expectOk(await VISIBILITY_PATHS[path](fixture.admin, fixture.id, 'after_vote'));
    expect(await visibilityOf(fixture.id)).toBe('after_vote');
    const response = await expectNothingChanged(app, () =>
      VISIBILITY_PATHS[path](fixture.owner, fixture.id, 'always'),
    );
    expectApiError(response, 409, 'VISIBILITY_LOCKED');
    expectOk(await VISIBILITY_PATHS[path](fixture.owner, fixture.id, 'after_close'));
    expect(await visibilityOf(fixture.id)).toBe('after_close');
  });

  it('team PUT: editors and viewers may not set it (403), outsiders 404; nothing changes', async () => {
    const fixture = await openTeam('after_close');
    const outsider = await createSignedInUser(app);
    for (const caller of [fixture.editor, fixture.viewer]) {
      const response = await expectNothingChanged(app, () =>
        team.teamEdit(caller, fixture.id, { results_visibility: 'always' }),
      );
      expectApiError(response, 403, 'FORBIDDEN');
    }
    const response = await expectNothingChanged(app, () =>
      team.teamEdit(outsider, fixture.id, { results_visibility: 'always' }),
    );
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it('team PUT: the title and a stricter setting are saved in one request', async () => {
    const fixture = await openTeam('always');
    expectOk(await team.evaluate(fixture.owner, fixture.id, fixture.grid([1, 2, 3, 4])));
    const response = await team.teamEdit(fixture.owner, fixture.id, {
      name: 'Set up',
      results_visibility: 'after_close',
    });
    expectOk(response);
    expect(response.json<DecisionDetails>()).toMatchObject({
      decision: { name: 'Set up', results_visibility: 'after_close' },
      resultsHiddenUntil: 'close',
    });
  });
});

describe('submitting a vote', () => {
  it('an incomplete vote is refused with 409 VOTE_INCOMPLETE (EN and DE); nothing changes', async () => {
    const fixture = await openTeam();
    expectOk(await team.evaluate(fixture.editor, fixture.id, fixture.grid([1, 2, 3, 4]).slice(0, 3)));
    const response = await expectNothingChanged(app, () => team.submitVote(fixture.editor, fixture.id));
    expect(expectApiError(response, 409, 'VOTE_INCOMPLETE').error).toBe(en.errors.VOTE_INCOMPLETE);
    const german = await app.inject({
      method: 'POST',
      url: `/api/decision/${fixture.id}/submit`,
      headers: { ...fixture.editor.headers, 'accept-language': 'de' },
    });
    expect(expectApiError(german, 409, 'VOTE_INCOMPLETE', { language: 'de' }).error).toBe(
      de.errors.VOTE_INCOMPLETE,
    );
    // No vote at all is incomplete too.
    const empty = await expectNothingChanged(app, () => team.submitVote(fixture.admin, fixture.id));
    expectApiError(empty, 409, 'VOTE_INCOMPLETE');
  });

  it('viewers may not submit (403), outsiders get 404, a personal decision has no vote to submit (403); nothing changes', async () => {
    const fixture = await openTeam();
    const outsider = await createSignedInUser(app);
    expectApiError(
      await expectNothingChanged(app, () => team.submitVote(fixture.viewer, fixture.id)),
      403,
      'FORBIDDEN',
    );
    expectApiError(
      await expectNothingChanged(app, () => team.submitVote(outsider, fixture.id)),
      404,
      'NOT_FOUND',
    );
    const { decision } = await createDecision(app, outsider);
    expectApiError(
      await expectNothingChanged(app, () => team.submitVote(outsider, decision.id)),
      403,
      'FORBIDDEN',
    );
  });

  it('once voting ended, submitting is refused (409 DEADLINE_PASSED); nothing changes', async () => {
    const fixture = await openTeam();
    expectOk(await team.evaluate(fixture.editor, fixture.id, fixture.grid([1, 2, 3, 4])));
    expectOk(await team.endVoting(fixture.owner, fixture.id));
    const response = await expectNothingChanged(app, () => team.submitVote(fixture.editor, fixture.id));
    expectApiError(response, 409, 'DEADLINE_PASSED');
  });

  it.each(VOTERS)(
    '%s: a complete vote is submitted; details carry submitted_at for everyone; submitting again changes nothing',
    async (role) => {
      const fixture = await openTeam();
      const voter = fixture[role];
      expectOk(await team.evaluate(voter, fixture.id, fixture.grid([5, 6, 7, 8])));
      expect((await detailsOf(app, voter, fixture.id)).abilities.canSubmitVote).toBe(true);
      const submitted = await team.submitVote(voter, fixture.id);
      expectOk(submitted);
      const { submitted_at, message } = submitted.json<{ submitted_at: string; message: string }>();
      expect(message).toBe(en.api.voteSubmitted);
      for (const reader of [fixture.owner, fixture.editor, fixture.viewer]) {
        const row = (await detailsOf(app, reader, fixture.id)).teamMembers.find(
          (member) => member.user_id === voter.user.id,
        );
        expect(row).toMatchObject({ submitted_at, reopened: false });
      }
      const own = await detailsOf(app, voter, fixture.id);
      expect(own.abilities).toMatchObject({ canSubmitVote: false, canVote: false, canWeight: false });
      // Others have not submitted.
      expect(
        own.teamMembers.filter((member) => member.submitted_at !== null).map((member) => member.user_id),
      ).toEqual([voter.user.id]);
      const again = await expectNothingChanged(app, () => team.submitVote(voter, fixture.id));
      expectOk(again);
      expect(again.json<{ submitted_at: string }>().submitted_at).toBe(submitted_at);
    },
  );
});

/** Every path that could change a voter's votes or weights. */
function changePaths(fixture: OpenTeam) {
  return {
    evaluate: (voter: SignedInUser) =>
      team.evaluate(voter, fixture.id, fixture.grid([1, 1, 1, 1]).slice(0, 1)),
    weights: (voter: SignedInUser) =>
      team.weights(voter, fixture.id, [{ criterion_id: fixture.cost, weight: 10 }]),
    'team PUT votes': (voter: SignedInUser) =>
      team.teamEdit(voter, fixture.id, {
        votes: [{ option_id: fixture.lisbon, criterion_id: fixture.cost, value: 1 }],
      }),
    'team PUT weights': (voter: SignedInUser) =>
      team.teamEdit(voter, fixture.id, { weights: [{ criterion_id: fixture.cost, weight: 10 }] }),
  };
}

describe('a submitted vote is final on every path', () => {
  it.each(VOTERS)('%s: votes and weights answer 409 VOTE_SUBMITTED; nothing changes', async (role) => {
    const fixture = await openTeam();
    const voter = fixture[role];
    expectOk(await team.evaluate(voter, fixture.id, fixture.grid([5, 6, 7, 8])));
    expectOk(await team.weights(voter, fixture.id, [{ criterion_id: fixture.cost, weight: 70 }]));
    expectOk(await team.submitVote(voter, fixture.id));
    for (const [path, change] of Object.entries(changePaths(fixture))) {
      const response = await expectNothingChanged(app, () => change(voter));
      expect({ path, code: response.json<{ code: string }>().code }).toEqual({
        path,
        code: 'VOTE_SUBMITTED',
      });
      expect(response.statusCode).toBe(409);
    }
    // The owner's own cells also travel with PUT /api/decision/{id}.
    if (role === 'owner') {
      const put = await expectNothingChanged(app, () =>
        api.update(voter, fixture.id, {
          name: 'Binding',
          evaluations: [{ option_index: 0, criterion_index: 0, value: 1, explanation: null }],
        }),
      );
      expectApiError(put, 409, 'VOTE_SUBMITTED');
    }
    // Editing the decision itself (no votes) stays possible for the owner and admins.
    if (role !== 'editor') expectOk(await team.teamEdit(voter, fixture.id, { name: 'Renamed' }));
  });
});

describe('reopening a submitted vote', () => {
  async function submittedEditor() {
    const fixture = await openTeam('after_vote');
    expectOk(await team.evaluate(fixture.owner, fixture.id, fixture.grid([9, 6, 2, 5])));
    expectOk(await team.submitVote(fixture.owner, fixture.id));
    expectOk(await team.evaluate(fixture.editor, fixture.id, fixture.grid([7, 8, 4, 5])));
    expectOk(await team.submitVote(fixture.editor, fixture.id));
    return fixture;
  }

  it('editors and viewers may not reopen (403), outsiders 404; nothing changes', async () => {
    const fixture = await submittedEditor();
    const outsider = await createSignedInUser(app);
    for (const caller of [fixture.editor, fixture.viewer]) {
      const response = await expectNothingChanged(app, () =>
        team.reopenVote(caller, fixture.id, fixture.editor.user.id),
      );
      expectApiError(response, 403, 'FORBIDDEN');
    }
    const response = await expectNothingChanged(app, () =>
      team.reopenVote(outsider, fixture.id, fixture.editor.user.id),
    );
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it('a vote not submitted is 409 VOTE_NOT_SUBMITTED, someone not in the team 404; nothing changes', async () => {
    const fixture = await submittedEditor();
    const outsider = await createSignedInUser(app);
    const notSubmitted = await expectNothingChanged(app, () =>
      team.reopenVote(fixture.owner, fixture.id, fixture.admin.user.id),
    );
    expect(expectApiError(notSubmitted, 409, 'VOTE_NOT_SUBMITTED').error).toBe(en.errors.VOTE_NOT_SUBMITTED);
    const unknown = await expectNothingChanged(app, () =>
      team.reopenVote(fixture.owner, fixture.id, outsider.user.id),
    );
    expectApiError(unknown, 404, 'NOT_FOUND');
  });

  it('once voting ended nothing is reopened (409 DEADLINE_PASSED); nothing changes', async () => {
    const fixture = await submittedEditor();
    expectOk(await team.endVoting(fixture.owner, fixture.id));
    const response = await expectNothingChanged(app, () =>
      team.reopenVote(fixture.owner, fixture.id, fixture.editor.user.id),
    );
    expectApiError(response, 409, 'DEADLINE_PASSED');
  });

  it.each(['owner', 'admin'] as const)(
    '%s reopens: the member is notified, shown as reopened to everyone, blind again until they submit anew',
    async (actorRole) => {
      const fixture = await submittedEditor();
      const actor = fixture[actorRole];
      expect((await detailsOf(app, fixture.editor, fixture.id)).resultsHiddenUntil).toBeNull();

      const reopened = await team.reopenVote(actor, fixture.id, fixture.editor.user.id);
      expectOk(reopened);
      expect(reopened.json<{ message: string }>().message).toBe(en.api.voteReopened);

      const [notice] = await notificationsOf(app, fixture.editor);
      expect(notice).toMatchObject({
        kind: 'vote_reopened',
        decision_id: fixture.id,
        inviter_id: actor.user.id,
      });
      expect(notice!.message).toContain('Binding');
      const [german] = await notificationsOf(app, fixture.editor, { 'accept-language': 'de' });
      expect(german!.message).toContain('wieder geöffnet');

      for (const reader of [fixture.owner, fixture.admin, fixture.editor, fixture.viewer]) {
        const row = (await detailsOf(app, reader, fixture.id)).teamMembers.find(
          (member) => member.user_id === fixture.editor.user.id,
        );
        expect(row).toMatchObject({ submitted_at: null, reopened: true });
      }
      // Blind again: the complete vote alone shows nothing.
      const blind = await detailsOf(app, fixture.editor, fixture.id);
      expect(blind).toMatchObject({
        resultsHiddenUntil: 'submit',
        teamResults: null,
        results: { ranking: [] },
      });
      expect(blind.abilities).toMatchObject({ canVote: true, canWeight: true, canSubmitVote: true });

      // The vote may change now, and once submitted anew the results show and "reopened" is gone.
      expectOk(await team.evaluate(fixture.editor, fixture.id, fixture.grid([1, 8, 4, 5]).slice(0, 1)));
      expectOk(await team.submitVote(fixture.editor, fixture.id));
      const after = await detailsOf(app, fixture.editor, fixture.id);
      expect(after.resultsHiddenUntil).toBeNull();
      expect(after.teamMembers.find((member) => member.user_id === fixture.editor.user.id)).toMatchObject({
        reopened: false,
      });
    },
  );

  it('an admin reopens the owner’s vote; the owner reopening their own is told nothing', async () => {
    const fixture = await submittedEditor();
    expectOk(await team.reopenVote(fixture.admin, fixture.id, fixture.owner.user.id));
    expect((await detailsOf(app, fixture.owner, fixture.id)).resultsHiddenUntil).toBe('submit');
    expect((await notificationsOf(app, fixture.owner)).some((n) => n.kind === 'vote_reopened')).toBe(true);

    expectOk(await team.submitVote(fixture.owner, fixture.id));
    const before = (await notificationsOf(app, fixture.owner)).length;
    expectOk(await team.reopenVote(fixture.owner, fixture.id, fixture.owner.user.id));
    expect(await notificationsOf(app, fixture.owner)).toHaveLength(before);
  });

  it('the list follows a submission and a reopening at once (cached lists are dropped)', async () => {
    const fixture = await submittedEditor();
    const cardScore = async () => {
      const response = await api.list(fixture.editor);
      return response.json<{ id: number; score: number | null }[]>().find((card) => card.id === fixture.id)!
        .score;
    };
    expect(await cardScore()).not.toBeNull();
    expectOk(await team.reopenVote(fixture.owner, fixture.id, fixture.editor.user.id));
    expect(await cardScore()).toBeNull();
    expectOk(await team.submitVote(fixture.editor, fixture.id));
    expect(await cardScore()).not.toBeNull();
  });
});
