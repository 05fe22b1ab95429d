import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The reminder markers on a decision's row and the addresses reminders go to. */
export function createRemindersRepo(db: Kysely<Database>) {
  return {
    /** Records a manual reminder (the caller holds the decision's lock); the revision stays: no result changes. */
    async markManualReminder(decisionId: number, now: string, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('decisions')
        .set({ last_manual_reminder_at: now })
        .where('id', '=', decisionId)
        .execute();
    },

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

    /**
     * Takes a due automatic reminder off the decision, so it goes out once per deadline: the owner's id
     * for the one caller whose conditional UPDATE changed the row, else null. A deadline moved meanwhile has a due time
     * still ahead and is left for later.
     */
    async claimAutomaticReminder(decisionId: number, now: string): Promise<number | null> {
      const claimed = await db
        .updateTable('decisions')
        .set({ automatic_reminder_due_at: null })
        .where('id', '=', decisionId)
        .where('automatic_reminder_due_at', '<=', now)
        .returning('user_id')
        .executeTakeFirst();
      return claimed?.user_id ?? null;
    },

    /** Address and language of each user, for the reminder mails. */
    mailContactsOf(userIds: readonly number[]) {
      if (!userIds.length) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where('id', 'in', [...userIds])
        .orderBy('id')
        .execute();
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
