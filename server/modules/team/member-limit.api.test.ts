import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, uniqueEmail } from '../../test/factories.ts';
import {
  createTeamDecision,
  insertInvitations,
  insertMembers,
  inviteByEmail,
  teamApi,
} from '../../test/team-factories.ts';

// Issue 27: at most LIMITS.team.maxMembersPerDecision people per decision, the owner included.
// Inviting counts accepted members and open invitations; accepting re-checks the accepted members.

const MAX = LIMITS.team.maxMembersPerDecision;
const TOO_MANY = { params: { max: MAX } };

const { testApp } = useTestApp();
const api = teamApi(() => testApp.app);

async function memberCount(decisionId: number): Promise<number> {
  const rows = await testApp.app.database.db
    .selectFrom('team_members')
    .select('id')
    .where('decision_id', '=', decisionId)
    .execute();
  return rows.length;
}

describe(`at most ${MAX} members per decision, the owner included`, () => {
  it('accepts the member who makes it full, then refuses the next invitation with 409 and changes nothing', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    // The owner and MAX - 2 members: one place left.
    await insertMembers(app, { decisionId: decision.id, count: MAX - 2 });
    const last = await createSignedInUser(app);
    const invitation = await inviteByEmail(app, owner, decision.id, last.email);

    // The open invitation holds the last place.
    const heldPlace = await expectNothingChanged(app, () =>
      api.invite(owner, { decision_id: decision.id, email: uniqueEmail() }),
    );
    expectApiError(heldPlace, 409, 'TOO_MANY_MEMBERS', TOO_MANY);

    expect((await api.accept(last, invitation.invite_token)).statusCode).toBe(200);
    expect(1 + (await memberCount(decision.id))).toBe(MAX);

    const full = await expectNothingChanged(app, () =>
      api.invite(owner, { decision_id: decision.id, email: uniqueEmail() }),
    );
    expectApiError(full, 409, 'TOO_MANY_MEMBERS', TOO_MANY);
    const inGerman = await api.invite(
      owner,
      { decision_id: decision.id, email: uniqueEmail() },
      { 'accept-language': 'de' },
    );
    expectApiError(inGerman, 409, 'TOO_MANY_MEMBERS', { ...TOO_MANY, language: 'de' });
  });

  it('refuses an acceptance beyond the limit with 409; the invitation stays open and nothing changes', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    // Invitations sent while there was room (e.g. before the limit existed): more than the places left.
    const [first, second] = await insertInvitations(app, {
      decisionId: decision.id,
      inviterId: owner.user.id,
      count: 2,
    });
    await insertMembers(app, { decisionId: decision.id, count: MAX - 2 });
    const firstUser = await createSignedInUser(app);
    const secondUser = await createSignedInUser(app);

    expect((await api.accept(firstUser, first!.token)).statusCode).toBe(200);
    const refused = await expectNothingChanged(app, () => api.accept(secondUser, second!.token));
    expectApiError(refused, 409, 'TOO_MANY_MEMBERS', TOO_MANY);
    expect(1 + (await memberCount(decision.id))).toBe(MAX);

    // A place freed by removing a member lets the same invitation through.
    const removed = await api.removeMember(owner, decision.id, firstUser.user.id);
    expect(removed.statusCode).toBe(200);
    expect((await api.accept(secondUser, second!.token)).statusCode).toBe(200);
    expect(1 + (await memberCount(decision.id))).toBe(MAX);
  });

  it('lets parallel acceptances of the last place through one at a time: exactly one joins', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const invitations = await insertInvitations(app, {
      decisionId: decision.id,
      inviterId: owner.user.id,
      count: 3,
    });
    await insertMembers(app, { decisionId: decision.id, count: MAX - 2 });
    const invitees = await Promise.all(invitations.map(() => createSignedInUser(app)));

    const answers = await Promise.all(
      invitations.map((invitation, index) => api.accept(invitees[index], invitation.token)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(1 + (await memberCount(decision.id))).toBe(MAX);
  });
});
