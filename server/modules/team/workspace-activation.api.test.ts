import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/factories.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { addMember, createTeamDecision, notificationsOf, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { workspaceMemberships } from '../../test/workspace-factories.ts';

// Issue 29: workspace members take part without an invitation; when a workspace decision is activated
// they hear of it by a notification (as every member does) and by a mail in their language.

const APP_URL = 'https://decide.example.org';
const smtp = useSmtpServer();
const { app } = useTestApp(() => ({ authRateLimitPerMinute: 100_000, appUrl: APP_URL, smtpUrl: smtp.url }));
const team = teamApi(() => app);
const workspaces = workspaceMemberships(() => app);

async function mailsAbout(decisionId: number) {
  await app.mailer.idle();
  return smtp.messages.filter((mail) => mail.text?.includes(`${APP_URL}/team-decision/${decisionId}`));
}

describe('activating a workspace decision', () => {
  it('notifies and mails every workspace member in their language, never the one who activated it', async () => {
    const [owner, admin, member, guest] = await Promise.all(
      Array.from({ length: 4 }, () => createSignedInUser(app)),
    );
    await app.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', member!.user.id)
      .execute();
    const workspaceId = await workspaces.createWorkspace(owner!, 'Marketing');
    await workspaces.join(workspaceId, admin!, 'admin');
    await workspaces.join(workspaceId, member!, 'member');
    const created = await createTeamDecision(app, admin!, {
      name: 'Q3 vendor',
      workspace_id: workspaceId,
    } as never);
    // An outsider invited by e-mail as today: notified, but the workspace mail is not theirs.
    await addMember(app, admin!, created.decision.id, 'editor', guest);
    // A draft tells nobody yet.
    expect(await mailsAbout(created.decision.id)).toEqual([]);

    expect((await team.activate(admin!, created.decision.id)).statusCode).toBe(200);

    const mails = await mailsAbout(created.decision.id);
    expect(
      mails
        .map((mail) => mail.envelopeTo)
        .flat()
        .sort(),
    ).toEqual([owner!.email, member!.email].sort());
    const english = mails.find((mail) => mail.envelopeTo.includes(owner!.email))!;
    expect(english.subject).toBe('New decision in Marketing: “Q3 vendor”');
    expect(english.text).toContain('there is no invitation to accept');
    const german = mails.find((mail) => mail.envelopeTo.includes(member!.email))!;
    expect(german.subject).toBe('Neue Entscheidung in Marketing: „Q3 vendor“');
    expect(german.text).toContain('du musst keine Einladung annehmen');

    for (const user of [owner!, member!, guest!]) {
      const notices = (await notificationsOf(app, user)).filter((n) => n.decision_id === created.decision.id);
      expect(notices.map((n) => [n.kind, n.link])).toContainEqual([
        'decision_activated',
        `/team-decision/${created.decision.id}`,
      ]);
    }
    const own = (await notificationsOf(app, admin!)).filter((n) => n.kind === 'decision_activated');
    expect(own).toEqual([]);
  });

  it('a decision in no workspace mails nobody on activation, as before', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    await addMember(app, owner, created.decision.id, 'editor');
    await app.mailer.idle();
    expect((await team.activate(owner, created.decision.id)).statusCode).toBe(200);
    expect(await mailsAbout(created.decision.id)).toEqual([]);
  });

  it('one who left the workspace before the activation gets neither mail nor notification', async () => {
    const [owner, member] = [await createSignedInUser(app), await createSignedInUser(app)];
    const workspaceId = await workspaces.createWorkspace(owner, 'Ops');
    await workspaces.join(workspaceId, member, 'member');
    const created = await createTeamDecision(app, owner, { workspace_id: workspaceId } as never);
    await workspaces.leave(workspaceId, member);
    expect((await team.activate(owner, created.decision.id)).statusCode).toBe(200);
    expect(await mailsAbout(created.decision.id)).toEqual([]);
    expect((await notificationsOf(app, member)).filter((n) => n.decision_id === created.decision.id)).toEqual(
      [],
    );
  });
});
