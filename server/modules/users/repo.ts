import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepo(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /** Returns undefined when the e-mail is taken (the unique index decides, not a prior read). */
    async insert(
      email: string,
      passwordHash: string,
      language: string,
      { isVerified = false }: { isVerified?: boolean } = {},
    ): Promise<UserRow | undefined> {
      const now = isoNow();
      const row = await db
        .insertInto('users')
        .values({
          email,
          password_hash: passwordHash,
          language,
          created_at: now,
          updated_at: now,
          ...(isVerified ? { email_verified_at: now } : {}),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row;
    },

    async update(id: number, changes: Omit<Updateable<UsersTable>, 'id' | 'updated_at'>): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ ...changes, updated_at: isoNow() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
