import type { Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Emit, ReminderRecipient } from '../../events/domain-events.ts';
import { formatUtcMoment, preferredLanguage } from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { reminderMail } from '../../mail/templates.ts';
import {
  type DecisionAccess,
  nextManualReminderAt,
  can,
  type DecisionRow,
  type DecisionsService,
} from '../decisions/index.ts';
import type { UserRow } from '../users/index.ts';
import { reminderRecipientsOf } from './reminder-recipients.ts';
import type { RemindersRepo } from './reminders-repo.ts';

export interface RemindersDeps {
  reminders: RemindersRepo;
  decisionsService: DecisionsService;
  emit: Emit;
  mailer: Mailer;
  appUrl: string;
}

function reminderTooSoon(nextAt: string, now: number, language: Language): AppError {
  return new AppError('REMINDER_TOO_SOON', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((new Date(nextAt).getTime() - now) / 1000)),
    messageParams: { time: formatUtcMoment(nextAt, language) },
    extraBody: { next_reminder_at: nextAt },
  });
}

function isAtOrAfterDeadline(moment: string, timer: DecisionRow['timer']): boolean {
  return timer !== null && new Date(moment).getTime() >= new Date(timer).getTime();
}

/**
 * Reminders to the voters who have not voted in full (issue 16), or under `after_vote` not submitted
 * their complete vote (issue 27, see `reminderRecipientsOf`): by the owner or an admin while voting
 * is open, at most once per 12 hours per decision, and once automatically 24 hours before a deadline
 * that was set further ahead. Each reaches the recipients as a notification (live, through the event
 * subscriber) and a mail in their language with the link to the team view.
 */
export function createReminders(deps: RemindersDeps) {
  const { reminders, decisionsService, emit, mailer, appUrl } = deps;

  async function recipientsFor(
    access: DecisionAccess,
    senderId: number | null,
  ): Promise<ReminderRecipient[]> {
    const parts = await decisionsService.details(access);
    return reminderRecipientsOf({ ...parts, visibility: access.decision.results_visibility }, senderId);
  }

  /**
   * Notifies the recipients and mails them what is left for each (vote, or submit); a sender whose own
   * address is unconfirmed mails nobody.
   */
  async function deliver(
    decision: DecisionRow,
    recipients: ReminderRecipient[],
    sender: UserRow | null,
  ): Promise<void> {
    await emit({ type: 'voters.reminded', decision, senderId: sender?.id ?? null, recipients });
    if (sender && sender.email_verified_at === null) return;
    const link = `${appUrl}/team-decision/${decision.id}`;
    const leftFor = new Map(recipients.map(({ userId, left }) => [userId, left]));
    for (const contact of await reminders.mailContactsOf([...leftFor.keys()])) {
      const language = preferredLanguage(contact.language, 'en');
      // Contacts are read for exactly these ids, so each has its entry.
      const left = leftFor.get(contact.id)!;
      mailer.send({ to: contact.email, ...reminderMail(language, { decision: decision.name, link, left }) });
    }
  }

  return {
    /** POST /api/decision/{id}/remind. A refusal (429 within 12 hours) sends and changes nothing. */
    async remind(access: DecisionAccess, sender: UserRow, language: Language): Promise<{ reminded: number }> {
      const recipients = await recipientsFor(access, sender.id);
      const now = Date.now();
      await decisionsService.writeLocked(access.decision.id, sender.id, 'remind', async (locked, trx) => {
        // Under the decision's lock: of two reminders sent at once, the second sees the first.
        const nextAt = nextManualReminderAt(locked.decision, now);
        // Waiting would not help when the next chance falls at or after the deadline: voting is over then.
        if (nextAt !== null && isAtOrAfterDeadline(nextAt, locked.decision.timer))
          throw new AppError('REMINDER_AFTER_DEADLINE');
        if (nextAt !== null) throw reminderTooSoon(nextAt, now, language);
        // Nobody to remind: the 12 hours are not used up.
        if (recipients.length)
          await reminders.markManualReminder(access.decision.id, new Date(now).toISOString(), trx);
      });
      if (recipients.length) await deliver(access.decision, recipients, sender);
      return { reminded: recipients.length };
    },

    /** The scheduler's job: reminders whose time came, each taken by one instance only. */
    async sendDueAutomaticReminders(now: number): Promise<number> {
      let sent = 0;
      const nowIso = new Date(now).toISOString();
      for (const decisionId of await reminders.listDueAutomaticReminders(nowIso)) {
        const ownerId = await reminders.claimAutomaticReminder(decisionId, nowIso);
        if (ownerId === null) continue;
        const access = await decisionsService.loadAccess(decisionId, ownerId);
        // A draft, or a vote that ended meanwhile, gets no reminder; its chance has passed.
        if (!can(access.relation, 'remind', access.state)) continue;
        const recipients = await recipientsFor(access, null);
        if (!recipients.length) continue;
        await deliver(access.decision, recipients, null);
        sent++;
      }
      return sent;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
