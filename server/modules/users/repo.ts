import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export type UserRow = Selectable<UsersTable>;

/** PostgreSQL's unique_violation, or SQLite's UNIQUE constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The pool, or the transaction of another module's write the user row joins. */
type Executor = Kysely<Database> | Transaction<Database>;

export function createUsersRepo(db: Kysely<Database>) {
  return {
    // A deleted account's tombstone (issue 28) is no account: it is never found by id or address.
    findById(id: number, executor: Executor = db): Promise<UserRow | undefined> {
      return executor
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
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

    /** A new password (change or reset), inside the caller's transaction that also ends sessions. */
    async setPasswordHash(id: number, passwordHash: string, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: isoNow() })
        .where('id', '=', id)
        .execute();
    },

    /** The address confirmed (the mailed link was used); a confirmed one stays as it was. */
    async confirmEmail(id: number, now: string, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('users')
        .set({ email_verified_at: now })
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .execute();
    },

    /**
     * A new address, confirmed by the link mailed to it (issue 28), so it counts as confirmed. False,
     * changing nothing, when another account holds the address (checked first; the unique index
     * decides a race).
     */
    async changeEmail(id: number, newEmail: string, now: string, executor: Executor = db): Promise<boolean> {
      const holder = await executor
        .selectFrom('users')
        .select('id')
        .where('email', '=', newEmail)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (holder) return false;
      try {
        await executor
          .updateTable('users')
          .set({ email: newEmail, email_verified_at: now, updated_at: now })
          .where('id', '=', id)
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /**
     * Retention (issue 28): deletes the accounts created before `createdBefore` that never confirmed
     * their address and hold nothing others see: no decision of their own, no team membership, no
     * workspace membership, no comment (their rows would vanish from other people's decisions). Sessions, links, notifications
     * and the avatar go with the account (ON DELETE CASCADE). Answers the deleted ids.
     */
    async deleteUnconfirmedOwningNothing(createdBefore: string): Promise<number[]> {
      const rows = await db
        .deleteFrom('users')
        .where('email_verified_at', 'is', null)
        .where('created_at', '<', createdBefore)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('decisions')
                .select('decisions.id')
                .whereRef('decisions.user_id', '=', 'users.id')
                .unionAll(
                  selectFrom('team_members')
                    .select('team_members.id')
                    .whereRef('team_members.user_id', '=', 'users.id'),
                )
                .unionAll(
                  selectFrom('comments').select('comments.id').whereRef('comments.user_id', '=', 'users.id'),
                )
                // Issue 29: a workspace membership (owners included) is seen by its other members.
                .unionAll(
                  selectFrom('workspace_members')
                    .select('workspace_members.workspace_id as id')
                    .whereRef('workspace_members.user_id', '=', 'users.id'),
                ),
            ),
          ),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Turns the account into a tombstone (issue 28): the row stays so that kept votes and comments keep
     * their author, but the address becomes `deleted:<id>` (no @, so no registered or typed address can
     * ever equal it, and the real one is free to register again), the hash can match no password, and
     * names, birthday and avatar are gone.
     */
    async eraseAccount(id: number, now: string, trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('avatars').where('user_id', '=', id).execute();
      await trx
        .updateTable('users')
        .set({
          email: `deleted:${id}`,
          password_hash: '!',
          nickname: null,
          first_name: null,
          last_name: null,
          birthday: null,
          avatar_id: null,
          email_verified_at: null,
          deleted_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Locks the user's row for the rest of `trx` (a no-op update: PostgreSQL row lock, SQLite's write
     * lock), so parallel requests of one user that count before they insert run one after the other.
     */
    async lockRow(id: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
