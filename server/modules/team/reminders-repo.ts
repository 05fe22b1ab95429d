import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inSlices } from '../../db/statement-slices.ts';
import { createLifecycleColumnsRepo } from '../decisions/index.ts';

/**
 * The reminder markers on a decision's row (written through the decisions module, which owns the
 * `decisions` table) and the addresses reminders go to.
 */
export function createRemindersRepo(db: Kysely<Database>) {
  const { markManualReminder, claimAutomaticReminder } = createLifecycleColumnsRepo(db);
  return {
    markManualReminder,

    /** Decisions whose automatic reminder fell due. */
    async listDueAutomaticReminders(now: string): Promise<number[]> {
      const rows = await db
        .selectFrom('decisions')
        .select('id')
        .where('automatic_reminder_due_at', 'is not', null)
        .where('automatic_reminder_due_at', '<=', now)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    claimAutomaticReminder,

    /** Address and language of each user, for the reminder mails. */
    async mailContactsOf(userIds: readonly number[]) {
      const contacts = await inSlices(userIds, (ids) =>
        db.selectFrom('users').select(['id', 'email', 'language']).where('id', 'in', ids).execute(),
      );
      return contacts.sort((a, b) => a.id - b.id);
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
