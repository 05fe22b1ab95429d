import { describe, expect, it } from 'vitest';
import type { RemindResponse } from '../../../shared/api/reminders.ts';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision, setNickname } from '../../test/decision-factories.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { useSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import {
  addMember,
  detailsOf,
  insertAiEvaluation,
  inviteByEmail,
  notificationsOf,
  teamApi,
} from '../../test/team-factories.ts';

const APP_URL = 'https://decide.example.org';
const TWELVE_HOURS_S = 12 * 3600;

const smtp = useSmtpServer();
const { app } = useTestApp(() => ({ authRateLimitPerMinute: 100_000, appUrl: APP_URL, smtpUrl: smtp.url }));
const lifecycle = lifecycleApi(() => app);
const team = teamApi(() => app);

/** The reminder mails that reached `email` (a registration mail went there too). */
async function remindersTo(email: string, decisionId: number): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.messages.filter(
    (mail) =>
      mail.envelopeTo.includes(email) && mail.text?.includes(`${APP_URL}/team-decision/${decisionId}`),
  );
}

async function remindersOf(user: SignedInUser, decisionId: number, headers: Record<string, string> = {}) {
  return (await notificationsOf(app, user, headers)).filter(
    (n) => n.kind === 'reminder' && n.decision_id === decisionId,
  );
}

async function setLanguage(user: SignedInUser, language: 'en' | 'de') {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/users/update',
    payload: { language },
    headers: user.headers,
  });
  expect(saved.statusCode).toBe(200);
}

/**
 * An open team decision: the admin has not voted, the editor voted one cell of four, a second editor
 * voted in full, the viewer reads along, and one invitation is still pending.
 */
async function partlyVoted(name = 'Offsite') {
  const owner = await createSignedInUser(app);
  await setNickname(app, owner, 'Olga');
  const created = await teamWithRoles(app, owner, { name });
  const done = await addMember(app, owner, created.decision.id, 'editor');
  const pendingEmail = uniqueEmail('pending');
  await inviteByEmail(app, owner, created.decision.id, pendingEmail);
  const [first] = fullVote(created, 6);
  expect((await team.evaluate(created.editor, created.decision.id, [first])).statusCode).toBe(200);
  expect((await team.evaluate(done, created.decision.id, fullVote(created, 7))).statusCode).toBe(200);
  return { ...created, owner, done, pendingEmail };
}

describe('POST /api/decision/{id}/remind: who is reminded, and how often', () => {
  it('reminds every voter who has not voted in full: not viewers, complete voters, the sender or invitations', async () => {
    const { decision, owner, admin, editor, viewer, done, pendingEmail } = await partlyVoted();
    await setLanguage(editor, 'de');
    // Owner (who has not voted either) is never reminded by themself: the admin and the editor are.
    expect((await detailsOf(app, owner, decision.id)).reminder_recipients).toBe(2);

    const response = await lifecycle.remind(owner, decision.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<RemindResponse>()).toEqual({ reminded: 2 });

    for (const recipient of [admin, editor]) {
      expect(await remindersOf(recipient, decision.id, { 'accept-language': 'en' })).toEqual([
        expect.objectContaining({
          message: 'Reminder: please vote on “Offsite”, you have not rated everything yet.',
          link: `/team-decision/${decision.id}`,
          inviter_id: owner.user.id,
          read: false,
        }),
      ]);
    }
    expect((await remindersOf(editor, decision.id, { 'accept-language': 'de' }))[0]!.message).toBe(
      'Erinnerung: Bitte stimme bei „Offsite“ ab, du hast noch nicht alles bewertet.',
    );
    for (const bystander of [owner, viewer, done])
      expect(await remindersOf(bystander, decision.id)).toEqual([]);

    // The mails, in each recipient's language, with the link to the team view.
    const [adminMail] = await remindersTo(admin.email, decision.id);
    expect(adminMail!.subject).toBe('Reminder: your vote on “Offsite”');
    expect(adminMail!.text).toContain(en.mail.reminder.body.replace('{{decision}}', 'Offsite'));
    expect(adminMail!.html).toContain(`href="${APP_URL}/team-decision/${decision.id}"`);
    const [editorMail] = await remindersTo(editor.email, decision.id);
    expect(editorMail!.subject).toBe('Erinnerung: deine Stimme zu „Offsite“');
    expect(editorMail!.text).toContain(de.mail.reminder.action);
    for (const address of [owner.email, viewer.email, done.email, pendingEmail])
      expect(await remindersTo(address, decision.id)).toEqual([]);
  });

  it('at most once per 12 hours per decision: 429 with next_reminder_at and Retry-After, nothing sent', async () => {
    const { decision, owner, admin, editor } = await partlyVoted('Limited');
    expect((await lifecycle.remind(admin, decision.id)).statusCode).toBe(200);
    const nextAt = (await detailsOf(app, owner, decision.id)).next_reminder_at;
    expect(Date.parse(nextAt!) - Date.now()).toBeGreaterThan((TWELVE_HOURS_S - 60) * 1000);
    // Only who may remind learns it.
    expect((await detailsOf(app, editor, decision.id)).next_reminder_at).toBeNull();
    await app.mailer.idle();
    const mailsBefore = smtp.messages.length;

    for (const [caller, language] of [
      [owner, 'en'],
      [admin, 'de'],
    ] as const) {
      const refused = await expectNothingChanged(app, () =>
        lifecycle.remind(caller, decision.id, { 'accept-language': language }),
      );
      expect(refused.statusCode).toBe(429);
      const body = refused.json<{ error: string; code: string; next_reminder_at: string }>();
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'next_reminder_at']);
      expect(body.code).toBe('REMINDER_TOO_SOON');
      expect(body.next_reminder_at).toBe(nextAt);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(TWELVE_HOURS_S - 60);
      expect(retryAfter).toBeLessThanOrEqual(TWELVE_HOURS_S);
      // The message names the time (UTC; the screens show their own zone).
      const [before, after] = (language === 'de' ? de : en).errors.REMINDER_TOO_SOON.split('{{time}}');
      expect(body.error.startsWith(before!) && body.error.endsWith(after!)).toBe(true);
      expect(body.error).toContain(`${nextAt!.slice(11, 16)} UTC`);
    }
    await app.mailer.idle();
    expect(smtp.messages).toHaveLength(mailsBefore);
    expect(await remindersOf(editor, decision.id)).toHaveLength(1);

    // Twelve hours later (the row aged by hand) the next one goes out.
    await ageManualReminder(decision.id);
    expect((await detailsOf(app, owner, decision.id)).next_reminder_at).toBeNull();
    expect((await lifecycle.remind(owner, decision.id)).json<RemindResponse>()).toEqual({ reminded: 2 });
    expect(await remindersOf(editor, decision.id)).toHaveLength(2);
  });

  it('refuses a reminder whose next chance falls at or after the deadline with 409 REMINDER_AFTER_DEADLINE', async () => {
    const { decision, owner, editor } = await partlyVoted('Deadline close');
    expect((await lifecycle.remind(owner, decision.id)).statusCode).toBe(200);
    // The deadline comes before the 12 hours are over: waiting cannot help, so it is no 429.
    const deadline = new Date(Date.now() + 6 * 3600_000).toISOString();
    expect((await team.setTimer(owner, decision.id, deadline)).statusCode).toBe(200);
    for (const language of ['en', 'de'] as const) {
      const refused = await expectNothingChanged(app, () =>
        lifecycle.remind(owner, decision.id, { 'accept-language': language }),
      );
      const body = expectApiError(refused, 409, 'REMINDER_AFTER_DEADLINE', { language });
      expect(body.error).toBe((language === 'de' ? de : en).errors.REMINDER_AFTER_DEADLINE);
    }
    expect(await remindersOf(editor, decision.id)).toHaveLength(1);
  });
});

/** Lets 12 hours pass since the last manual reminder (the row aged by hand). */
async function ageManualReminder(decisionId: number): Promise<void> {
  await app.database.db
    .updateTable('decisions')
    .set({ last_manual_reminder_at: new Date(Date.now() - TWELVE_HOURS_S * 1000 - 60_000).toISOString() })
    .where('id', '=', decisionId)
    .execute();
}

/** Makes the automatic reminder due now and runs the scheduler's jobs, as its poller would. */
async function runDueAutomaticReminder(decisionId: number): Promise<void> {
  await app.database.db
    .updateTable('decisions')
    .set({ automatic_reminder_due_at: new Date(Date.now() - 60_000).toISOString() })
    .where('id', '=', decisionId)
    .execute();
  await app.database.db.updateTable('scheduled_jobs').set({ next_run_at: 0, locked_until: null }).execute();
  expect(await app.scheduler.runDueJobs()).toContain('automatic-reminders');
  await app.mailer.idle();
}

const submitWording = {
  en: (decision: string) => ({
    notice: en.notifications.reminderSubmit.replace('{{decision}}', decision),
    subject: en.mail.reminderSubmit.subject.replace('{{decision}}', decision),
    body: en.mail.reminderSubmit.body.replace('{{decision}}', decision),
  }),
  de: (decision: string) => ({
    notice: de.notifications.reminderSubmit.replace('{{decision}}', decision),
    subject: de.mail.reminderSubmit.subject.replace('{{decision}}', decision),
    body: de.mail.reminderSubmit.body.replace('{{decision}}', decision),
  }),
};

/**
 * The reminder notices and mails `user` got asking them to submit: how many, each worded in `language`
 * (the notice as listed in it, the mail in the user's own language, which the caller set to it).
 */
async function expectSubmitReminders(
  user: SignedInUser,
  decisionId: number,
  decision: string,
  language: 'en' | 'de',
  count: number,
) {
  const wording = submitWording[language](decision);
  const notices = await remindersOf(user, decisionId, { 'accept-language': language });
  expect(notices.map((notice) => notice.message)).toEqual(Array(count).fill(wording.notice));
  const mails = await remindersTo(user.email, decisionId);
  expect(mails.map((mail) => mail.subject)).toEqual(Array(count).fill(wording.subject));
  for (const mail of mails) expect(mail.text).toContain(wording.body);
}

// Issue 27: under `after_vote` a voter sees results only once they submit their complete vote, so a
// complete but unsubmitted vote (never submitted, or reopened) still has something left: submitting.
describe('reminders under after_vote: complete votes not yet submitted', () => {
  /**
   * An open `after_vote` decision: the admin (who reads German) voted in full but did not submit, the
   * editor voted in full and submitted, a second editor has not voted, and the owner has not voted.
   */
  async function blindTeam(name: string, timer: string | null = null) {
    const owner = await createSignedInUser(app);
    const created = await teamWithRoles(app, owner, { name, results_visibility: 'after_vote', timer });
    const late = await addMember(app, owner, created.decision.id, 'editor');
    await setLanguage(created.admin, 'de');
    for (const voter of [created.admin, created.editor])
      expect((await team.evaluate(voter, created.decision.id, fullVote(created, 6))).statusCode).toBe(200);
    expect((await team.submitVote(created.editor, created.decision.id)).statusCode).toBe(200);
    return { ...created, late };
  }

  it('the manual reminder asks the unsubmitted voter to submit, skips the submitted one, and reaches a reopened one again', async () => {
    const { decision, owner, admin, editor, viewer, late } = await blindTeam('Blind offsite');
    // Admin (to submit) and the late editor (to vote); never the submitted editor or the viewer.
    expect((await detailsOf(app, owner, decision.id)).reminder_recipients).toBe(2);
    expect((await lifecycle.remind(owner, decision.id)).json<RemindResponse>()).toEqual({ reminded: 2 });

    await expectSubmitReminders(admin, decision.id, 'Blind offsite', 'de', 1);
    // The notice reads in the language of the list it is shown in.
    expect((await remindersOf(admin, decision.id, { 'accept-language': 'en' }))[0]!.message).toBe(
      submitWording.en('Blind offsite').notice,
    );
    // Who has not voted in full is asked to vote, as before.
    expect((await remindersOf(late, decision.id))[0]!.message).toBe(
      'Reminder: please vote on “Blind offsite”, you have not rated everything yet.',
    );
    expect((await remindersTo(late.email, decision.id))[0]!.subject).toBe(
      'Reminder: your vote on “Blind offsite”',
    );
    for (const bystander of [owner, editor, viewer]) {
      expect(await remindersOf(bystander, decision.id)).toEqual([]);
      expect(await remindersTo(bystander.email, decision.id)).toEqual([]);
    }

    // Once the admin submitted, only the late editor is left.
    expect((await team.submitVote(admin, decision.id)).statusCode).toBe(200);
    expect((await detailsOf(app, owner, decision.id)).reminder_recipients).toBe(1);

    // A reopened vote is not submitted any more: the editor is asked to submit it again.
    expect((await team.reopenVote(owner, decision.id, editor.user.id)).statusCode).toBe(200);
    expect((await detailsOf(app, owner, decision.id)).reminder_recipients).toBe(2);
    await ageManualReminder(decision.id);
    expect((await lifecycle.remind(owner, decision.id)).json<RemindResponse>()).toEqual({ reminded: 2 });
    await expectSubmitReminders(editor, decision.id, 'Blind offsite', 'en', 1);
    await expectSubmitReminders(admin, decision.id, 'Blind offsite', 'de', 1);
    expect(await remindersOf(late, decision.id)).toHaveLength(2);
  });

  it('the automatic reminder asks the unsubmitted voter to submit, and after a reopen and a later deadline the reopened one', async () => {
    const deadline = new Date(Date.now() + 30 * 3600_000).toISOString();
    const { decision, owner, admin, editor, late } = await blindTeam('Blind deadline', deadline);

    await runDueAutomaticReminder(decision.id);
    await expectSubmitReminders(admin, decision.id, 'Blind deadline', 'de', 1);
    for (const voter of [owner, late])
      expect((await remindersOf(voter, decision.id))[0]!.message).toBe(
        'Reminder: please vote on “Blind deadline”, you have not rated everything yet.',
      );
    expect(await remindersOf(editor, decision.id)).toEqual([]);
    expect(await remindersTo(editor.email, decision.id)).toEqual([]);

    // The admin submits, the editor's vote is reopened, and the deadline moves later: its own reminder
    // reaches the reopened editor with the submit wording, and the admin no more.
    expect((await team.submitVote(admin, decision.id)).statusCode).toBe(200);
    expect((await team.reopenVote(owner, decision.id, editor.user.id)).statusCode).toBe(200);
    const later = new Date(Date.now() + 48 * 3600_000).toISOString();
    expect((await team.setTimer(owner, decision.id, later)).statusCode).toBe(200);
    await runDueAutomaticReminder(decision.id);
    await expectSubmitReminders(editor, decision.id, 'Blind deadline', 'en', 1);
    await expectSubmitReminders(admin, decision.id, 'Blind deadline', 'de', 1);
  });
});

describe('POST /api/decision/{id}/remind: nobody left, unconfirmed owners, refusals', () => {
  // Where results do not wait for a submission, a complete vote is done: submitting is not asked for.
  it.each(['always', 'after_close'] as const)(
    'with nobody left to remind (%s, nobody submitted) answers { reminded: 0 } and keeps the 12 hours unused',
    async (results_visibility) => {
      const owner = await createSignedInUser(app);
      const created = await teamWithRoles(app, owner, { name: 'Everyone voted', results_visibility });
      for (const voter of [owner, created.admin, created.editor])
        expect((await team.evaluate(voter, created.decision.id, fullVote(created, 5))).statusCode).toBe(200);
      expect((await detailsOf(app, owner, created.decision.id)).reminder_recipients).toBe(0);
      const response = await expectNothingChanged(app, () => lifecycle.remind(owner, created.decision.id));
      expect(response.json<RemindResponse>()).toEqual({ reminded: 0 });
      expect((await detailsOf(app, owner, created.decision.id)).next_reminder_at).toBeNull();
    },
  );

  it('an owner whose own address is unconfirmed reminds in the app only, mails wait like invitations', async () => {
    const owner = await createSignedInUser(app, { isVerified: false });
    const { decision, admin } = await teamWithRoles(app, owner, { name: 'Unconfirmed' });
    expect((await lifecycle.remind(owner, decision.id)).json<RemindResponse>()).toEqual({ reminded: 2 });
    expect(await remindersOf(admin, decision.id)).toHaveLength(1);
    expect(await remindersTo(admin.email, decision.id)).toEqual([]);
  });

  it('owner and admin only (403), open team decisions only (409), outsiders 404; refusals change nothing', async () => {
    const owner = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const open = await teamWithRoles(app, owner, { name: 'Roles' });
    for (const caller of [open.editor, open.viewer]) {
      expectApiError(
        await expectNothingChanged(app, () => lifecycle.remind(caller, open.decision.id)),
        403,
        'FORBIDDEN',
      );
    }
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(stranger, open.decision.id)),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(undefined, open.decision.id)),
      401,
      'UNAUTHORIZED',
    );
    expect((await detailsOf(app, open.editor, open.decision.id)).abilities.canRemind).toBe(false);
    expect((await detailsOf(app, open.admin, open.decision.id)).abilities.canRemind).toBe(true);

    const draft = await teamWithRoles(app, owner, { name: 'Draft', isActivated: false });
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(owner, draft.decision.id)),
      409,
      'VOTING_NOT_OPEN',
    );
    expect((await detailsOf(app, owner, draft.decision.id)).reminder_recipients).toBeNull();

    const ended = await teamWithRoles(app, owner, { name: 'Ended' });
    expect((await team.endVoting(owner, ended.decision.id)).statusCode).toBe(200);
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(ended.admin, ended.decision.id)),
      409,
      'DEADLINE_PASSED',
    );

    const byAi = await teamWithRoles(app, owner, { name: 'By AI' });
    await insertAiEvaluation(app, {
      decisionId: byAi.decision.id,
      optionId: byAi.optionIds[0]!,
      criterionId: byAi.criterionIds[0]!,
      value: 6,
    });
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(owner, byAi.decision.id)),
      409,
      'COMPLETED_BY_AI',
    );

    // A personal decision has no voting to remind of: 409 for its owner, 403 for a reader.
    const personal = await createDecision(app, owner, { type: 'public' });
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(owner, personal.decision.id)),
      409,
      'VOTING_NOT_OPEN',
    );
    expectApiError(
      await expectNothingChanged(app, () => lifecycle.remind(stranger, personal.decision.id)),
      403,
      'FORBIDDEN',
    );
  });
});
