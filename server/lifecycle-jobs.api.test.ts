import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../shared/api/team.ts';
import { createOutcomeRepo } from './modules/outcome/repo.ts';
import { createRemindersRepo } from './modules/team/reminders-repo.ts';
import { createVotingEndRepo } from './modules/team/voting-end-repo.ts';
import { useTestApp } from './test/use-test-app.ts';
import { createDecision, setNickname } from './test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from './test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles } from './test/lifecycle-factories.ts';
import { dropLingeringConnections, listenOnRandomPort, openEventStream } from './test/sse.ts';
import { insertAiEvaluation, minutesFromNow, notificationsOf, teamApi } from './test/team-factories.ts';

/**
 * The lifecycle jobs (server/lifecycle-jobs.ts) with two app instances on one database, as behind a
 * load balancer: every notice goes out exactly once, whichever instance runs the job, however often.
 */
const { app, testApp } = useTestApp({ authRateLimitPerMinute: 100_000 });
let sibling: FastifyInstance;
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);
const HOUR_MS = 3600_000;

beforeAll(async () => {
  sibling = await testApp.sibling();
});

/** Runs every job on both instances at once, as two pollers would, after making every job due again. */
async function runJobsOnBothInstances(): Promise<string[]> {
  await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
  const [first, second] = await Promise.all([app.scheduler.runDueJobs(), sibling.scheduler.runDueJobs()]);
  await Promise.all([app.mailer.idle(), sibling.mailer.idle()]);
  return [...first, ...second].sort();
}

async function noticesOf(user: SignedInUser, kind: string, decisionId: number, language = 'en') {
  return (await notificationsOf(app, user, { 'accept-language': language })).filter(
    (n: Notification) => n.kind === kind && n.decision_id === decisionId,
  );
}

/** Moves a decision's deadline (and the reminder that depends on it) as if time had passed. */
async function shiftDeadline(decisionId: number, byMs: number): Promise<void> {
  const row = await app.database.db
    .selectFrom('decisions')
    .select(['timer', 'automatic_reminder_due_at'])
    .where('id', '=', decisionId)
    .executeTakeFirstOrThrow();
  const shifted = (value: string | Date | null) =>
    value === null ? null : new Date(new Date(value).getTime() + byMs).toISOString();
  await app.database.db
    .updateTable('decisions')
    .set({ timer: shifted(row.timer), automatic_reminder_due_at: shifted(row.automatic_reminder_due_at) })
    .where('id', '=', decisionId)
    .execute();
}

/** Reminder mails in the shared dev outbox (no SMTP_URL in these tests) for `email`. */
function outboxRemindersTo(email: string, decisionId: number): number {
  const dir = path.join(testApp.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { to: string; text: string })
    .filter((mail) => mail.to === email && mail.text.includes(`/team-decision/${decisionId}`)).length;
}

describe('the jobs run once across instances', () => {
  it('registers the three lifecycle jobs beside the purges, each run by one instance', async () => {
    const ran = await runJobsOnBothInstances();
    for (const job of ['announce-voting-ends', 'automatic-reminders', 'review-notices']) {
      expect(ran.filter((name) => name === job)).toEqual([job]);
    }
  });
});

describe('automatic reminder 24 hours before the deadline', () => {
  it('reaches the voters who have not voted in full exactly once, and again only for a deadline moved later', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner, { name: 'Deadline ahead' });
    const { decision, admin, editor, viewer } = created;
    expect((await team.evaluate(admin, decision.id, fullVote(created, 5))).statusCode).toBe(200);
    expect((await team.setTimer(owner, decision.id, minutesFromNow(30 * 60))).statusCode).toBe(200);

    // Six hours early: nothing yet.
    await runJobsOnBothInstances();
    expect(await noticesOf(editor, 'reminder', decision.id)).toEqual([]);

    // The reminder's time comes (deadline 23 hours ahead): owner and editor, never the complete admin or the viewer.
    await shiftDeadline(decision.id, -7 * HOUR_MS);
    await runJobsOnBothInstances();
    await runJobsOnBothInstances();
    for (const voter of [owner, editor]) {
      expect(await noticesOf(voter, 'reminder', decision.id)).toEqual([
        expect.objectContaining({
          message: 'Reminder: please vote on “Deadline ahead”, you have not rated everything yet.',
          inviter_id: null,
        }),
      ]);
      expect(outboxRemindersTo(voter.email, decision.id)).toBe(1);
    }
    for (const other of [admin, viewer]) expect(await noticesOf(other, 'reminder', decision.id)).toEqual([]);
    // An automatic reminder does not hold back the manual one.
    expect((await lifecycle.remind(owner, decision.id)).statusCode).toBe(200);

    // A deadline moved two days ahead gets a reminder of its own when its time comes.
    expect((await team.setTimer(admin, decision.id, minutesFromNow(48 * 60))).statusCode).toBe(200);
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'reminder', decision.id)).toHaveLength(1);
    await shiftDeadline(decision.id, -25 * HOUR_MS);
    await runJobsOnBothInstances();
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'reminder', decision.id)).toHaveLength(2);
    // The editor also got the owner's manual reminder in between.
    expect(await noticesOf(editor, 'reminder', decision.id)).toHaveLength(3);
  });

  it('is never sent for a deadline set less than 24 hours ahead, nor while the decision is a draft', async () => {
    const owner = await createSignedInUser(app);
    const soon = await teamWithRoles(app, owner, { name: 'Short notice' });
    expect((await team.setTimer(owner, soon.decision.id, minutesFromNow(20 * 60))).statusCode).toBe(200);
    const draft = await teamWithRoles(app, owner, { name: 'Draft', isActivated: false });
    expect((await team.setTimer(owner, draft.decision.id, minutesFromNow(25 * 60))).statusCode).toBe(200);
    await shiftDeadline(draft.decision.id, -2 * HOUR_MS);
    await runJobsOnBothInstances();
    for (const created of [soon, draft]) {
      expect(await noticesOf(created.editor, 'reminder', created.decision.id)).toEqual([]);
    }
    // The draft's chance has passed: activating it later sends no late reminder.
    expect((await team.activate(owner, draft.decision.id)).statusCode).toBe(200);
    await runJobsOnBothInstances();
    expect(await noticesOf(draft.editor, 'reminder', draft.decision.id)).toEqual([]);
  });

  it('a deadline given at creation schedules it too', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner, {
      name: 'Created with deadline',
      timer: minutesFromNow(26 * 60),
    });
    const row = await app.database.db
      .selectFrom('decisions')
      .select(['timer', 'automatic_reminder_due_at'])
      .where('id', '=', created.decision.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.timer!).getTime() - new Date(row.automatic_reminder_due_at!).getTime()).toBe(
      24 * HOUR_MS,
    );
  });
});

describe('voting ended', () => {
  it('a passed deadline is announced once to every member with the leader and its result, in their language', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner, { name: 'Offsite' });
    const { decision, admin, editor, viewer, optionIds } = created;
    const votes = fullVote(created, 5).map((cell) =>
      cell.option_id === optionIds[1] ? { ...cell, value: 7 } : cell,
    );
    expect((await team.evaluate(editor, decision.id, votes)).statusCode).toBe(200);
    expect((await team.setTimer(owner, decision.id, minutesFromNow(10))).statusCode).toBe(200);
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'voting_ended', decision.id)).toEqual([]);

    await shiftDeadline(decision.id, -11 * 60_000);
    await runJobsOnBothInstances();
    await runJobsOnBothInstances();
    for (const member of [owner, admin, editor, viewer]) {
      expect(await noticesOf(member, 'voting_ended', decision.id)).toEqual([
        expect.objectContaining({
          message: 'Voting ended: Oslo leads with 7.00 in “Offsite”.',
          link: `/team-decision/${decision.id}`,
        }),
      ]);
    }
    expect((await noticesOf(viewer, 'voting_ended', decision.id, 'de'))[0]!.message).toBe(
      'Abstimmung beendet: Oslo führt mit 7,00 in „Offsite“.',
    );
  });

  it('"end voting now" announces at once, to the one who ended it too, and the job adds nothing', async () => {
    const owner = await createSignedInUser(app);
    await setNickname(app, owner, 'Olga');
    const { decision, admin, viewer } = await teamWithRoles(app, owner, { name: 'Nobody voted' });
    expect((await team.endVoting(admin, decision.id)).statusCode).toBe(200);
    await runJobsOnBothInstances();
    for (const member of [owner, admin, viewer]) {
      expect((await noticesOf(member, 'voting_ended', decision.id)).map((n) => n.message)).toEqual([
        'Voting ended: nobody completed a vote in “Nobody voted”, so there is no result yet.',
      ]);
    }
    expect((await noticesOf(owner, 'voting_ended', decision.id, 'de'))[0]!.message).toBe(
      'Abstimmung beendet: Niemand hat in „Nobody voted“ vollständig abgestimmt, daher gibt es noch kein Ergebnis.',
    );
  });

  it('says why there is no result: a partial vote is no complete vote, and zero weights name no leader', async () => {
    const owner = await createSignedInUser(app);
    const partial = await teamWithRoles(app, owner, { name: 'Half done' });
    // One cell of four: the editor's values count in that cell, but nobody voted in full.
    expect(
      (await team.evaluate(partial.editor, partial.decision.id, fullVote(partial, 7).slice(0, 1))).statusCode,
    ).toBe(200);
    const unweighted = await teamWithRoles(app, owner, { name: 'No weights' });
    await app.database.db
      .updateTable('criteria')
      .set({ importance: 0 })
      .where('decision_id', '=', unweighted.decision.id)
      .execute();
    expect(
      (await team.evaluate(unweighted.editor, unweighted.decision.id, fullVote(unweighted, 7))).statusCode,
    ).toBe(200);
    for (const { decision } of [partial, unweighted]) {
      expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    }
    expect(
      (await noticesOf(partial.editor, 'voting_ended', partial.decision.id)).map((n) => n.message),
    ).toEqual(['Voting ended: nobody completed a vote in “Half done”, so there is no result yet.']);
    expect(
      (await noticesOf(unweighted.viewer, 'voting_ended', unweighted.decision.id)).map((n) => n.message),
    ).toEqual(['Voting ended: no weights were given in “No weights”, so there is no result yet.']);
    expect((await noticesOf(owner, 'voting_ended', unweighted.decision.id, 'de'))[0]!.message).toBe(
      'Abstimmung beendet: In „No weights“ wurden keine Gewichte vergeben, daher gibt es noch kein Ergebnis.',
    );
  });

  it('an AI completion ends voting too: announced once', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds, editor } = await teamWithRoles(app, owner, { name: 'By AI' });
    // What an AI run leaves behind: AI mode and AI cells (written by hand, so only the job can announce it).
    await app.database.db
      .updateTable('decisions')
      .set({ mode: 'ai' })
      .where('id', '=', decision.id)
      .execute();
    for (const [option, criterion, value] of [
      [0, 0, 8],
      [0, 1, 5],
      [1, 0, 4],
      [1, 1, 4],
    ] as const) {
      await insertAiEvaluation(app, {
        decisionId: decision.id,
        optionId: optionIds[option]!,
        criterionId: criterionIds[criterion]!,
        value,
      });
    }
    await runJobsOnBothInstances();
    await runJobsOnBothInstances();
    expect((await noticesOf(editor, 'voting_ended', decision.id)).map((n) => n.message)).toEqual([
      // 8 on Cost (weight 60) and 5 on Weather (40): 6.80.
      'Voting ended: Lisbon leads with 6.80 in “By AI”.',
    ]);
  });

  it('reaches an open bell live when the job announces it', async () => {
    const owner = await createSignedInUser(app);
    const { decision, editor } = await teamWithRoles(app, owner, { name: 'Live' });
    expect((await team.setTimer(owner, decision.id, minutesFromNow(10))).statusCode).toBe(200);
    const baseUrl = await listenOnRandomPort(app);
    const stream = await openEventStream(baseUrl, editor.headers);
    try {
      await stream.waitFor('ready');
      await shiftDeadline(decision.id, -11 * 60_000);
      // SQLite's event bus lives in one process: the instance holding the stream runs the job here.
      await app.database.db
        .updateTable('scheduled_jobs')
        .set({ next_run_at: 0, locked_until: null })
        .execute();
      await app.scheduler.runDueJobs();
      await stream.waitFor('notification', { where: (data) => (data as { unread: number }).unread >= 1 });
      await stream.waitFor('decision-changed', {
        where: (data) => (data as { decision_id: number }).decision_id === decision.id,
      });
    } finally {
      await stream.close();
      dropLingeringConnections(app);
    }
  });
});

describe('review day', () => {
  it('tells the owner once on the review day, also with two instances; a new date tells again', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds } = await createDecision(app, owner, { name: 'Bike' });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 24 * HOUR_MS).toISOString().slice(0, 10);
    expect(
      (await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[0], review_on: tomorrow }))
        .statusCode,
    ).toBe(200);
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'review_due', decision.id)).toEqual([]);

    expect(
      (await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[0], review_on: today }))
        .statusCode,
    ).toBe(200);
    await runJobsOnBothInstances();
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'review_due', decision.id)).toEqual([
      expect.objectContaining({ message: 'Time to review: Bike.', link: `/single-decision/${decision.id}` }),
    ]);
    expect((await noticesOf(owner, 'review_due', decision.id, 'de'))[0]!.message).toBe(
      'Zeit für die Überprüfung: Bike.',
    );
    // Recording again with the same day (a new rationale) does not repeat it.
    await lifecycle.recordOutcome(owner, decision.id, {
      option_id: optionIds[1],
      review_on: today,
      rationale: 'B',
    });
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'review_due', decision.id)).toHaveLength(1);
    // A later review day that has come (aged by hand) is told again.
    await lifecycle.recordOutcome(owner, decision.id, { option_id: optionIds[1], review_on: tomorrow });
    await app.database.db
      .updateTable('decisions')
      .set({ outcome_review_on: today })
      .where('id', '=', decision.id)
      .execute();
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'review_due', decision.id)).toHaveLength(2);
  });

  it('on a team decision only the owner is told, whoever recorded the outcome', async () => {
    const owner = await createSignedInUser(app);
    const { decision, admin, oslo } = await (async () => {
      const created = await teamWithRoles(app, owner, { name: 'Team review' });
      expect((await team.endVoting(owner, created.decision.id)).statusCode).toBe(200);
      return { ...created, oslo: created.optionIds[1]! };
    })();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await lifecycle.recordOutcome(admin, decision.id, { option_id: oslo, review_on: today })).statusCode,
    ).toBe(200);
    await runJobsOnBothInstances();
    expect(await noticesOf(owner, 'review_due', decision.id)).toHaveLength(1);
    expect(await noticesOf(admin, 'review_due', decision.id)).toEqual([]);
  });
});

describe('the markers are claimed by one connection only', () => {
  it('two instances claiming the same notice at the same moment: exactly one wins', async () => {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner, { name: 'Race' });
    const id = created.decision.id;
    const now = new Date().toISOString();
    await app.database.db
      .updateTable('decisions')
      .set({
        automatic_reminder_due_at: minutesFromNow(-1),
        timer: minutesFromNow(-1),
        outcome_option_id: created.optionIds[0]!,
        outcome_decided_at: now,
        outcome_review_on: now.slice(0, 10),
      })
      .where('id', '=', id)
      .execute();
    const reminders = [createRemindersRepo(app.database.db), createRemindersRepo(sibling.database.db)];
    const votingEnds = [createVotingEndRepo(app.database.db), createVotingEndRepo(sibling.database.db)];
    const outcomes = [createOutcomeRepo(app.database.db), createOutcomeRepo(sibling.database.db)];
    const claimedReminders = await Promise.all(reminders.map((repo) => repo.claimAutomaticReminder(id, now)));
    expect(claimedReminders.filter((ownerId) => ownerId !== null)).toEqual([owner.user.id]);
    const claimedEnds = await Promise.all(
      votingEnds.map((repo) => repo.claimVotingEndedAnnouncement(id, now)),
    );
    expect(claimedEnds.filter(Boolean)).toHaveLength(1);
    const claimedReviews = await Promise.all(
      outcomes.map((repo) => repo.claimReview(id, now.slice(0, 10), now)),
    );
    expect(claimedReviews.filter((claimed) => claimed !== undefined)).toHaveLength(1);
  });
});
