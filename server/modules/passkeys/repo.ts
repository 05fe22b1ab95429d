import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeyChallengePurpose, PasskeysTable } from '../../db/schema.ts';

export type PasskeyRow = Selectable<PasskeysTable>;

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  userHandle: string;
  name: string;
  now: string;
}

export interface NewChallenge {
  challenge: string;
  purpose: PasskeyChallengePurpose;
  userId: number | null;
  userHandle: string | null;
  expiresAt: string;
}

/** The passkeys and their ceremonies' challenges; nothing else writes these tables. */
export function createPasskeysRepo(db: Kysely<Database>) {
  return {
    listOfUser(userId: number): Promise<PasskeyRow[]> {
      return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
    },

    /** undefined when the credential is registered already (to this or another account). */
    insert(passkey: NewPasskey): Promise<PasskeyRow | undefined> {
      return db
        .insertInto('passkeys')
        .values({
          user_id: passkey.userId,
          credential_id: passkey.credentialId,
          public_key: Buffer.from(passkey.publicKey),
          counter: passkey.counter,
          transports: JSON.stringify(passkey.transports),
          user_handle: passkey.userHandle,
          name: passkey.name,
          created_at: passkey.now,
          last_used_at: null,
        })
        .onConflict((conflict) => conflict.column('credential_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** Only the owner's passkey; undefined for anyone else's or an unknown id. */
    rename(userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
      return db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Stores a sign-in's counter, only if no other sign-in moved it since `previousCounter` was read
     * (two parallel uses of one cloned authenticator cannot both pass). Answers whether it was stored.
     */
    async recordUse(id: number, previousCounter: number, newCounter: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: now })
        .where('id', '=', id)
        .where('counter', '=', previousCounter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertChallenge(challenge: NewChallenge): Promise<void> {
      await db
        .insertInto('passkey_challenges')
        .values({
          challenge: challenge.challenge,
          purpose: challenge.purpose,
          user_id: challenge.userId,
          user_handle: challenge.userHandle,
          expires_at: challenge.expiresAt,
        })
        .execute();
    },

    /**
     * Spends a live challenge of this purpose (and, for a registration, of this user): the DELETE lets
     * exactly one of several parallel answers through. undefined, changing nothing, for an unknown,
     * expired, spent or someone else's challenge.
     */
    takeChallenge(
      challenge: string,
      purpose: PasskeyChallengePurpose,
      now: string,
      userId: number | null,
    ): Promise<{ user_handle: string | null } | undefined> {
      let query = db
        .deleteFrom('passkey_challenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now);
      query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
      return query.returning('user_handle').executeTakeFirst();
    },

    async deleteExpiredChallenges(now: string): Promise<number> {
      const result = await db
        .deleteFrom('passkey_challenges')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PasskeysRepo = ReturnType<typeof createPasskeysRepo>;
