import { describe, expect, it } from 'vitest';
import type { DecisionDetails, DecisionListItem } from '../../../shared/api/decisions.ts';
import { expectApiError } from '../../test/api-errors.ts';
import {
  createSignedInUser,
  DEFAULT_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '../../test/factories.ts';
import { fullVote } from '../../test/lifecycle-factories.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { notificationsOf, teamApi, type CreatedTeamDecision } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { workspaceApi } from '../../test/workspace-factories.ts';

// Issue 29 end to end, through the endpoints only: a workspace, two invited people (one with an
// account, one who registers with the mailed token), a team decision in it that both take part in
// without an invitation, leaving while it is open, removal after it closed, a latecomer, and deletion.

const APP_URL = 'https://decide.example.org';
const smtp = useSmtpServer();
const { app } = useTestApp(() => ({ authRateLimitPerMinute: 100_000, appUrl: APP_URL, smtpUrl: smtp.url }));
const ws = workspaceApi(() => app);
const team = teamApi(() => app);

async function mailsTo(email: string) {
  await app.mailer.idle();
  return smtp.messages.filter((mail) => mail.envelopeTo.includes(email));
}

const tokenIn = (text: string | undefined) => /\/invite\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

async function details(caller: SignedInUser, decisionId: number) {
  const response = await team.details(caller, decisionId);
  expect(response.statusCode).toBe(200);
  return response.json<DecisionDetails>();
}

async function listed(caller: SignedInUser, query = '') {
  return app.inject({ method: 'GET', url: `/api/decision${query}`, headers: caller.headers });
}

async function vote(voter: SignedInUser, created: CreatedTeamDecision, value: number) {
  expect((await team.evaluate(voter, created.decision.id, fullVote(created, value))).statusCode).toBe(200);
  const weights = created.criterionIds.map((criterion_id, index) => ({
    criterion_id,
    weight: index === 0 ? value * 10 : 100 - value * 10,
  }));
  expect((await team.weights(voter, created.decision.id, weights)).statusCode).toBe(200);
}

/** Everything a reader sees of how the vote stands. */
const resultOf = (read: DecisionDetails) => ({
  score: read.decision.score,
  results: read.results,
  teamResults: read.teamResults,
  consensus: read.consensus,
  participation: read.participation,
});

describe('a workspace from its creation to its deletion (issue 29)', () => {
  it('invites, takes part without invitations, leaves, removes, joins late and detaches', async () => {
    const owner = await createSignedInUser(app);
    const colleague = await createSignedInUser(app);

    // The owner creates the workspace and invites an existing account (admin) and a new address (member).
    const created = await ws.create(owner, { name: 'Marketing' });
    expect(created.statusCode).toBe(201);
    const workspace = created.json<{ id: number; name: string; role: string }>();
    expect(workspace).toEqual({ id: expect.any(Number), name: 'Marketing', role: 'owner' });
    const workspaceId = workspace.id;

    const newcomerEmail = uniqueEmail('newcomer');
    const toColleague = await ws.invite(owner, workspaceId, { email: colleague.email, role: 'admin' });
    expect(toColleague.statusCode).toBe(201);
    const toNewcomer = await ws.invite(owner, workspaceId, { email: newcomerEmail, role: 'member' });
    expect(toNewcomer.statusCode).toBe(201);

    // Both get a mail whose link carries their token.
    const newcomerToken = toNewcomer.json<{ invite_token: string }>().invite_token;
    const colleagueToken = toColleague.json<{ invite_token: string }>().invite_token;
    // (The colleague's earlier mail, the confirmation of their registration, carries no token.)
    expect(
      (await mailsTo(colleague.email)).map((mail) => tokenIn(mail.text)).filter((token) => token),
    ).toEqual([colleagueToken]);
    expect((await mailsTo(newcomerEmail)).map((mail) => tokenIn(mail.text))).toEqual([newcomerToken]);

    // The existing account accepts.
    const accepted = await ws.accept(colleague, colleagueToken);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ workspace_id: workspaceId });

    // The new address previews the invitation, registers with the pending token, signs in and accepts,
    // as with a decision invitation: the token proves the address, so no confirmation mail is sent.
    const preview = await ws.preview(newcomerToken);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ workspace_name: 'Marketing', role: 'member' });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: newcomerEmail, password: DEFAULT_PASSWORD, inviteToken: newcomerToken },
    });
    expect(registered.statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: newcomerEmail, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const signedIn = login.json<{ token: string; user: SignedInUser['user'] }>();
    const newcomer: SignedInUser = {
      user: signedIn.user,
      token: signedIn.token,
      email: newcomerEmail,
      password: DEFAULT_PASSWORD,
      headers: { authorization: `Bearer ${signedIn.token}` },
    };
    expect((await ws.accept(newcomer, newcomerToken)).json()).toEqual({ workspace_id: workspaceId });
    expect((await mailsTo(newcomerEmail)).length).toBe(1);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: newcomer.headers });
    expect(me.json<{ email_verified: boolean }>().email_verified).toBe(true);

    expect((await ws.list(newcomer)).json()).toEqual([
      { id: workspaceId, name: 'Marketing', role: 'member', member_count: 3 },
    ]);

    // The admin creates a team decision in the workspace: the others take part without invitations.
    const decisionAnswer = await team.createTeamDecision(colleague, {
      name: 'Q3 vendor',
      options: ['Acme', 'Globex'],
      criteria: [
        { name: 'Cost', importance: 60 },
        { name: 'Support', importance: 40 },
      ],
      workspace_id: workspaceId,
    });
    expect(decisionAnswer.statusCode).toBe(201);
    const decisionId = decisionAnswer.json<{ id: number }>().id;
    const draft = await details(colleague, decisionId);
    const decision: CreatedTeamDecision = {
      decision: draft.decision as CreatedTeamDecision['decision'],
      optionIds: draft.options.map((option) => option.id),
      criterionIds: draft.criteria.map((criterion) => criterion.id),
    };
    expect(draft.workspace).toEqual({ id: workspaceId, name: 'Marketing' });
    expect(draft.teamMembers.map((member) => [member.user_id, member.role, member.accepted]).sort()).toEqual(
      [
        [colleague.user.id, 'owner', true],
        [owner.user.id, 'admin', true],
        [newcomer.user.id, 'editor', true],
      ].sort(),
    );
    expect((await details(owner, decisionId)).userRole).toBe('admin');
    expect((await details(newcomer, decisionId)).userRole).toBe('editor');

    // Activation tells both by a notification and a mail (not an invitation).
    expect((await team.activate(colleague, decisionId)).statusCode).toBe(200);
    for (const user of [owner, newcomer]) {
      const mails = (await mailsTo(user.email)).filter((mail) =>
        mail.text?.includes(`${APP_URL}/team-decision/${decisionId}`),
      );
      expect(mails).toHaveLength(1);
      const notices = (await notificationsOf(app, user)).filter((n) => n.decision_id === decisionId);
      expect(notices.map((n) => n.kind)).toContain('decision_activated');
    }

    // All three vote.
    await vote(colleague, decision, 8);
    await vote(owner, decision, 6);
    await vote(newcomer, decision, 2);
    const voted = await details(colleague, decisionId);
    expect(voted.participation).toEqual({ voters: 3, complete: 3 });

    // The newcomer leaves while it is open: their votes go and the result is worked out again.
    expect((await ws.removeMember(newcomer, workspaceId, newcomer.user.id)).statusCode).toBe(204);
    expectApiError(await team.details(newcomer, decisionId), 404, 'NOT_FOUND');
    const afterLeaving = await details(colleague, decisionId);
    expect(afterLeaving.participation).toEqual({ voters: 2, complete: 2 });
    expect(afterLeaving.teamMembers.map((member) => member.user_id)).not.toContain(newcomer.user.id);
    expect(resultOf(afterLeaving)).not.toEqual(resultOf(voted));

    // Voting ends; ownership passes to the admin, who removes the old owner: their votes stay.
    expect((await team.endVoting(colleague, decisionId)).statusCode).toBe(200);
    const closed = await details(colleague, decisionId);
    expect(closed.status).toBe('closed');
    expect((await ws.transfer(owner, workspaceId, colleague.user.id)).statusCode).toBe(200);
    expect((await ws.removeMember(colleague, workspaceId, owner.user.id)).statusCode).toBe(204);
    const afterRemoval = await details(colleague, decisionId);
    expect(resultOf(afterRemoval)).toEqual(resultOf(closed));
    expectApiError(await team.details(owner, decisionId), 404, 'NOT_FOUND');
    expect((await listed(owner)).json<DecisionListItem[]>().map((item) => item.id)).not.toContain(decisionId);

    // Someone who joins after the close sees it as a viewer.
    const latecomer = await createSignedInUser(app);
    const toLatecomer = await ws.invite(colleague, workspaceId, { email: latecomer.email, role: 'member' });
    expect(toLatecomer.statusCode).toBe(201);
    expect(
      (await ws.accept(latecomer, toLatecomer.json<{ invite_token: string }>().invite_token)).statusCode,
    ).toBe(200);
    expect((await details(latecomer, decisionId)).userRole).toBe('viewer');

    // The filter before the deletion.
    const filter = `?workspace_id=${workspaceId}`;
    const inWorkspace = await listed(latecomer, filter);
    expect(inWorkspace.statusCode).toBe(200);
    expect(inWorkspace.json<DecisionListItem[]>().map((item) => [item.id, item.workspace])).toEqual([
      [decisionId, { id: workspaceId, name: 'Marketing' }],
    ]);
    expect((await listed(latecomer, '?workspace_id=none')).json<DecisionListItem[]>()).toEqual([]);

    // The workspace is deleted: the decision stays with its owner and members, in no workspace.
    expect((await ws.remove(colleague, workspaceId)).statusCode).toBe(204);
    expectApiError(await ws.details(colleague, workspaceId), 404, 'NOT_FOUND');
    const detached = await details(colleague, decisionId);
    expect(detached.workspace).toBeNull();
    expect(detached.decision.user_id).toBe(colleague.user.id);
    expect(resultOf(detached)).toEqual(resultOf(closed));
    expect((await details(latecomer, decisionId)).userRole).toBe('viewer');
    expectApiError(await listed(latecomer, filter), 404, 'NOT_FOUND');
    const personal = (await listed(latecomer, '?workspace_id=none')).json<DecisionListItem[]>();
    expect(personal.map((item) => [item.id, item.workspace])).toEqual([[decisionId, null]]);
  });
});
