import type { Kysely, Transaction } from 'kysely';
import type { Database, Timestamp } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A decision with a deadline as the calendar shows it. */
export interface DeadlineRow {
  id: number;
  name: string;
  description: string;
  timer: Timestamp;
  updated_at: Timestamp;
}

/** A decision whose recorded outcome has a review day (YYYY-MM-DD). */
export interface ReviewDayRow {
  id: number;
  name: string;
  description: string;
  type: 'private' | 'public' | 'team';
  outcome_review_on: string;
  updated_at: Timestamp;
}

/**
 * `calendar_feeds` (written only here) and the reads a feed is made of: the team decisions with a
 * deadline a user can see, and the review days of the outcomes they own. Each is one query, whatever
 * the number of decisions.
 */
export function createCalendarRepo(db: Kysely<Database>) {
  return {
    async findToken(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('calendar_feeds')
        .select('token')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.token;
    },

    /** Stores `token` unless the user has one already (a parallel first use keeps the first). */
    async insertIfAbsent(userId: number, token: string, now: string): Promise<void> {
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token, created_at: now })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    },

    /** The user's token becomes `token`; the old one names nothing from now on. */
    async replaceToken(userId: number, token: string, now: string): Promise<void> {
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token, created_at: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ token, created_at: now }))
        .execute();
    },

    /** Account deletion (issue 28's plan): the feed goes with the account, inside its transaction. */
    async deleteOfUser(userId: number, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
    },

    /** The live account a token belongs to, with the language its feed is written in. */
    findSubscriber(token: string) {
      return db
        .selectFrom('calendar_feeds')
        .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
        .select(['users.id', 'users.language'])
        .where('calendar_feeds.token', '=', token)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Team decisions with a deadline the user sees as the details do: owned, or a member who has not
     * left (decisions/access.ts). Two index-backed branches, as the dashboard list reads them.
     */
    listDeadlines(userId: number): Promise<DeadlineRow[]> {
      const columns = [
        'decisions.id',
        'decisions.name',
        'decisions.description',
        'decisions.timer',
        'decisions.updated_at',
      ] as const;
      const owned = db
        .selectFrom('decisions')
        .select(columns)
        .where('decisions.user_id', '=', userId)
        .where('decisions.type', '=', 'team')
        .where('decisions.timer', 'is not', null);
      const member = db
        .selectFrom('team_members')
        .innerJoin('decisions', 'decisions.id', 'team_members.decision_id')
        .select(columns)
        .where('team_members.user_id', '=', userId)
        .where('team_members.left_at', 'is', null)
        .where('decisions.user_id', '<>', userId)
        .where('decisions.type', '=', 'team')
        .where('decisions.timer', 'is not', null);
      return db
        .selectFrom(owned.unionAll(member).as('visible'))
        .selectAll()
        .orderBy('timer')
        .orderBy('id')
        .execute() as Promise<DeadlineRow[]>;
    },

    /** The review days of outcomes recorded on decisions the user owns (any type). */
    listReviewDays(userId: number): Promise<ReviewDayRow[]> {
      return db
        .selectFrom('decisions')
        .select(['id', 'name', 'description', 'type', 'outcome_review_on', 'updated_at'])
        .where('user_id', '=', userId)
        .where('outcome_review_on', 'is not', null)
        .where('outcome_option_id', 'is not', null)
        .orderBy('outcome_review_on')
        .orderBy('id')
        .execute() as Promise<ReviewDayRow[]>;
    },
  };
}

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
