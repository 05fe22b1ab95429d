import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, InvitationsTable } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export type InvitationRow = Selectable<InvitationsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

/** The writers of `invitations` and `invitation_tokens`: creating, sending again, releasing, closing. */
export function createInvitationWritesRepo(db: Kysely<Database>) {
  return {
    /** Account deletion (issue 28): invitations the user sent or that were addressed to them (tokens cascade). */
    async deleteInvitationsOf(userId: number, email: string, trx: Transaction<Database>): Promise<void> {
      await trx
        .deleteFrom('invitations')
        .where((eb) => eb.or([eb('inviter_id', '=', userId), eb('email', '=', email)]))
        .execute();
    },

    insertInvitation(values: Insertable<InvitationsTable>, executor: Executor = db): Promise<InvitationRow> {
      return executor.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * The token that goes only into the mail to the invited address (the inviter never sees it); its
     * row also records when that mail went out (the once-an-hour rule reads it).
     */
    async addMailToken(
      invitationId: number,
      tokenHash: string,
      now: string,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .insertInto('invitation_tokens')
        .values({ token_hash: tokenHash, invitation_id: invitationId, mailed: 1, created_at: now })
        .execute();
    },

    /**
     * Sends an invitation again: one more token opens it (the earlier ones keep working), with the
     * role chosen now and a fresh expiry.
     */
    async addToken(
      invitationId: number,
      values: { tokenHash: string; role: InvitationsTable['role']; expiresAt: string; now: string },
      executor: Executor = db,
    ): Promise<InvitationRow> {
      await executor
        .insertInto('invitation_tokens')
        .values({ token_hash: values.tokenHash, invitation_id: invitationId, created_at: values.now })
        .execute();
      return executor
        .updateTable('invitations')
        .set({ role: values.role, expires_at: values.expiresAt })
        .where('id', '=', invitationId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Ends the hold and stores the mailed token like every other mail token (so the time of that mail
     * counts too); false, changing nothing, if another release got there first.
     */
    releaseHeld(id: number, mailTokenHash: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('invitations')
          .set({ mail_held: 0 })
          .where('id', '=', id)
          .where('mail_held', '=', 1)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('invitation_tokens')
          .values({ token_hash: mailTokenHash, invitation_id: id, mailed: 1, created_at: now })
          .execute();
        return true;
      });
    },

    /**
     * Deletes invitations that can never be accepted again (accepted, revoked or expired) once they no
     * longer count toward the inviter's daily mail limit (`countedSince`). A notification that named one
     * keeps its text; its invitation link becomes null, as for a deleted decision. Answers how many.
     */
    async deleteClosed({ now, countedSince }: { now: string; countedSince: string }): Promise<number> {
      const result = await db
        .deleteFrom('invitations')
        .where((eb) =>
          eb.or([
            eb('accepted_at', 'is not', null),
            eb('revoked_at', 'is not', null),
            eb('expires_at', '<=', now),
          ]),
        )
        .where('created_at', '<=', countedSince)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async revoke(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('invitations')
        .set({ revoked_at: isoNow() })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Accepts inside the caller's transaction: the guarded UPDATE makes the token single-use (of
     * parallel accepts exactly one matches), then the membership is created. The caller moves the
     * decision's revision on (the decisions module writes that table).
     */
    async acceptInvitation(invitationId: number, userId: number, now: string, trx: Transaction<Database>) {
      const claimed = await trx
        .updateTable('invitations')
        .set({ accepted_at: now, accepted_by: userId })
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return undefined;
      await trx
        .insertInto('team_members')
        .values({ decision_id: claimed.decision_id, user_id: userId, role: claimed.role, created_at: now })
        .onConflict((oc) => oc.columns(['decision_id', 'user_id']).doNothing())
        .execute();
      return claimed;
    },
  };
}
