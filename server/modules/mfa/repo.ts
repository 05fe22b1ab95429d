import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The pool, or the transaction a second-factor check joins (sign-in step, turning off, account deletion). */
export type Executor = Kysely<Database> | Transaction<Database>;

/** `totp_credentials`, `recovery_codes` and `mfa_challenges`: this module is their only writer. */
export function createMfaRepo(db: Kysely<Database>) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
    ...secondFactorQueries(db),
    ...signInStepQueries(db),
  };
}

/** The authenticator and its recovery codes. */
function secondFactorQueries(db: Kysely<Database>) {
  return {
    findCredential(userId: number, executor: Executor = db) {
      return executor
        .selectFrom('totp_credentials')
        .select(['secret', 'confirmed_at', 'last_used_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async hasConfirmedCredential(userId: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('totp_credentials')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Starts (or restarts) enrolment with a new secret. A confirmed credential is never replaced: the
     * conflict update is guarded, so a parallel confirmation wins. Answers whether the secret was stored.
     */
    async storePendingSecret(userId: number, secret: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto('totp_credentials')
        .values({ user_id: userId, secret, created_at: now, confirmed_at: null, last_used_step: null })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ secret, created_at: now, last_used_step: null })
            .where('totp_credentials.confirmed_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Confirms the pending secret the code was checked against; false when it changed or was confirmed meanwhile. */
    async confirm(
      userId: number,
      secret: string,
      step: number,
      now: string,
      trx: Transaction<Database>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('totp_credentials')
        .set({ confirmed_at: now, last_used_step: step })
        .where('user_id', '=', userId)
        .where('secret', '=', secret)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Takes a time step for the confirmed credential, once: the guarded UPDATE lets exactly one of
     * several parallel requests (on any instance) through, and none with a step at or before the last.
     */
    async takeTimeStep(userId: number, step: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('totp_credentials')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async replaceRecoveryCodes(
      userId: number,
      codeHashes: string[],
      now: string,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
    },

    /** Spends an unused recovery code of the user, once (guarded UPDATE); false for unknown or used codes. */
    async spendRecoveryCode(
      userId: number,
      codeHash: string,
      now: string,
      executor: Executor = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async countUnusedRecoveryCodes(userId: number): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Turns the second factor off: the authenticator, its recovery codes and open sign-in steps go. */
    async deleteSecondFactor(userId: number, trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
    },
  };
}

/** The login's second step (`mfa_challenges`). */
function signInStepQueries(db: Kysely<Database>) {
  return {
    async insertChallenge(challenge: {
      userId: number;
      tokenHash: string;
      now: string;
      expiresAt: string;
      isPasswordChangeRequired: boolean;
    }): Promise<void> {
      await db
        .insertInto('mfa_challenges')
        .values({
          user_id: challenge.userId,
          token_hash: challenge.tokenHash,
          created_at: challenge.now,
          expires_at: challenge.expiresAt,
          password_change_required: challenge.isPasswordChangeRequired ? 1 : 0,
        })
        .execute();
    },

    /** A sign-in step that can still be completed: not used, not expired, wrong codes left. */
    findOpenChallenge(tokenHash: string, now: string, maxWrongCodes: number) {
      return db
        .selectFrom('mfa_challenges')
        .select(['id', 'user_id', 'password_change_required'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('failed_attempts', '<', maxWrongCodes)
        .executeTakeFirst();
    },

    /**
     * Marks the step used if it is still open. The guarded UPDATE locks the row (PostgreSQL) or the
     * database (SQLite) until the transaction ends, so parallel attempts with one token take turns.
     */
    async claimChallenge(
      id: number,
      now: string,
      maxWrongCodes: number,
      trx: Transaction<Database>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('mfa_challenges')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('failed_attempts', '<', maxWrongCodes)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A wrong code: the claimed step opens again with one more wrong code; answers how many it has now. */
    async releaseWithWrongCode(id: number, trx: Transaction<Database>): Promise<number> {
      const row = await trx
        .updateTable('mfa_challenges')
        .set((eb) => ({ used_at: null, failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_attempts')
        .executeTakeFirstOrThrow();
      return Number(row.failed_attempts);
    },

    /** Steps that can never be completed again; answers how many went. */
    async deleteEndedChallenges(now: string, maxWrongCodes: number): Promise<number> {
      const result = await db
        .deleteFrom('mfa_challenges')
        .where((eb) =>
          eb.or([
            eb('used_at', 'is not', null),
            eb('expires_at', '<=', now),
            eb('failed_attempts', '>=', maxWrongCodes),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MfaRepo = ReturnType<typeof createMfaRepo>;
