import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CommentsTable, Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export type CommentRow = Selectable<CommentsTable>;

const withAuthor = (db: Kysely<Database>) =>
  db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select([
      'users.nickname',
      'users.first_name',
      'users.last_name',
      'users.avatar_id',
      'users.email',
      'users.deleted_at as author_deleted_at',
    ]);

export function createCommentsRepo(db: Kysely<Database>) {
  return {
    listForDecision(decisionId: number) {
      return withAuthor(db)
        .where('comments.decision_id', '=', decisionId)
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute();
    },

    findWithAuthor(id: number) {
      return withAuthor(db).where('comments.id', '=', id).executeTakeFirst();
    },

    /** Everyone who has commented on the decision, once each. */
    async listAuthorIds(decisionId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('comments')
        .select('user_id')
        .distinct()
        .where('decision_id', '=', decisionId)
        .execute();
      return rows.map((row) => row.user_id);
    },

    findById(id: number): Promise<CommentRow | undefined> {
      return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(
      comment: {
        decision_id: number;
        user_id: number;
        text: string;
        option_id: number | null;
        criterion_id: number | null;
      },
      executor: Kysely<Database> | Transaction<Database> = db,
    ): Promise<number> {
      const now = isoNow();
      const row = await executor
        .insertInto('comments')
        .values({ ...comment, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Whether the option and the criterion of a cell belong to the decision (as they are in `executor`). */
    async cellOf(
      decisionId: number,
      cell: { option_id: number; criterion_id: number },
      executor: Kysely<Database> | Transaction<Database>,
    ): Promise<{ hasOption: boolean; hasCriterion: boolean }> {
      const [option, criterion] = await Promise.all([
        executor
          .selectFrom('options')
          .select('id')
          .where('id', '=', cell.option_id)
          .where('decision_id', '=', decisionId)
          .executeTakeFirst(),
        executor
          .selectFrom('criteria')
          .select('id')
          .where('id', '=', cell.criterion_id)
          .where('decision_id', '=', decisionId)
          .executeTakeFirst(),
      ]);
      return { hasOption: option !== undefined, hasCriterion: criterion !== undefined };
    },

    async updateText(id: number, text: string): Promise<void> {
      await db.updateTable('comments').set({ text, updated_at: isoNow() }).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },
  };
}

export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
export type CommentWithAuthor = NonNullable<Awaited<ReturnType<CommentsRepo['findWithAuthor']>>>;
