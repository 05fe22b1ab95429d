import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, InvitationsTable, TeamRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export type InvitationRow = Selectable<InvitationsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

/** The link shared by hand, the one mailed after a hold, or one mailed again: each opens the invitation. */
function matchesToken(eb: ExpressionBuilder<Database, 'invitations'>, tokenHash: string) {
  return eb.or([
    eb('invitations.token_hash', '=', tokenHash),
    eb('invitations.mail_token_hash', '=', tokenHash),
    eb(
      'invitations.id',
      'in',
      eb.selectFrom('invitation_tokens').select('invitation_id').where('token_hash', '=', tokenHash),
    ),
  ]);
}

export function createTeamRepo(db: Kysely<Database>) {
  return {
    insertInvitation(values: Insertable<InvitationsTable>, executor: Executor = db): Promise<InvitationRow> {
      return executor.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findInvitationById(id: number, executor: Executor = db): Promise<InvitationRow | undefined> {
      return executor.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A pending invitation: not accepted, not revoked, not expired. */
    findPendingByHash(tokenHash: string, now: string) {
      return db
        .selectFrom('invitations')
        .innerJoin('decisions', 'decisions.id', 'invitations.decision_id')
        .innerJoin('users as inviter', 'inviter.id', 'invitations.inviter_id')
        .selectAll('invitations')
        .select([
          'decisions.name as decision_name',
          'inviter.nickname as inviter_nickname',
          'inviter.first_name as inviter_first_name',
          'inviter.last_name as inviter_last_name',
          'inviter.email as inviter_email',
        ])
        .where((eb) => matchesToken(eb, tokenHash))
        .where('invitations.accepted_at', 'is', null)
        .where('invitations.revoked_at', 'is', null)
        .where('invitations.expires_at', '>', now)
        .executeTakeFirst();
    },

    async countPendingForDecision(decisionId: number, now: string, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('decision_id', '=', decisionId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Invitation mails since `since`: new invitations and invitations sent again. */
    async countSentSince(inviterId: number, since: string): Promise<number> {
      const created = await db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('inviter_id', '=', inviterId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      const sentAgain = await db
        .selectFrom('invitation_tokens')
        .innerJoin('invitations', 'invitations.id', 'invitation_tokens.invitation_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('invitations.inviter_id', '=', inviterId)
        // One link token per re-send (mail tokens ride along with a sending already counted).
        .where('invitation_tokens.mailed', '=', 0)
        .where('invitation_tokens.created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(created.count) + Number(sentAgain.count);
    },

    /** Any invitation, in any state, that one of its tokens opens (the invite page says which state). */
    findAnyByHash(tokenHash: string) {
      return db
        .selectFrom('invitations')
        .selectAll('invitations')
        .where((eb) => matchesToken(eb, tokenHash))
        .executeTakeFirst();
    },

    /** The token that goes only into the mail to the invited address (the inviter never sees it). */
    async addMailToken(invitationId: number, tokenHash: string, now: string): Promise<void> {
      await db
        .insertInto('invitation_tokens')
        .values({ token_hash: tokenHash, invitation_id: invitationId, mailed: 1, created_at: now })
        .execute();
    },

    /**
     * The address a pending invitation's mail went to, when this token came only from that mail (a mail
     * token, or the one mailed after a hold): whoever holds it has read that mailbox.
     */
    async findMailedAddress(tokenHash: string, now: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('invitations')
        .select('invitations.email')
        .where((eb) =>
          eb.or([
            eb('invitations.mail_token_hash', '=', tokenHash),
            eb(
              'invitations.id',
              'in',
              eb
                .selectFrom('invitation_tokens')
                .select('invitation_id')
                .where('token_hash', '=', tokenHash)
                .where('mailed', '=', 1),
            ),
          ]),
        )
        .where('invitations.accepted_at', 'is', null)
        .where('invitations.revoked_at', 'is', null)
        .where('invitations.expires_at', '>', now)
        .executeTakeFirst();
      return row?.email;
    },

    /** The pending invitation of this address, if any: sending again reuses it. */
    findPendingForEmail(decisionId: number, email: string, now: string, executor: Executor = db) {
      return executor
        .selectFrom('invitations')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .executeTakeFirst();
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

    /** Pending invitations of the inviter whose mail waits for the inviter's confirmed address. */
    findHeldPending(inviterId: number, now: string) {
      return db
        .selectFrom('invitations')
        .innerJoin('decisions', 'decisions.id', 'invitations.decision_id')
        .leftJoin('users as invitee', 'invitee.email', 'invitations.email')
        .select([
          'invitations.id',
          'invitations.email',
          'invitations.role',
          'decisions.name as decision_name',
          'invitee.language as invitee_language',
        ])
        .where('invitations.inviter_id', '=', inviterId)
        .where('invitations.mail_held', '=', 1)
        .where('invitations.accepted_at', 'is', null)
        .where('invitations.revoked_at', 'is', null)
        .where('invitations.expires_at', '>', now)
        .orderBy('invitations.id')
        .execute();
    },

    /** Ends the hold with the hash of the mailed token; false if another release got there first. */
    async releaseHeld(id: number, mailTokenHash: string): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ mail_held: 0, mail_token_hash: mailTokenHash })
        .where('id', '=', id)
        .where('mail_held', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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
     * parallel accepts exactly one matches), then the membership is created.
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
      await trx
        .updateTable('decisions')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', claimed.decision_id)
        .execute();
      return claimed;
    },

    async setRole(
      decisionId: number,
      userId: number,
      role: TeamRole,
      trx: Transaction<Database>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('team_members')
        .set({ role })
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the member with their votes and weights; the decision's revision moves on. */
    async removeMember(decisionId: number, userId: number, trx: Transaction<Database>): Promise<boolean> {
      const result = await trx
        .deleteFrom('team_members')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .deleteFrom('weights')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('decisions')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', decisionId)
        .execute();
      return true;
    },

    async isMember(decisionId: number, userId: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('team_members')
        .select('id')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findUserByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language', 'nickname'])
        .where('email', '=', email)
        .executeTakeFirst();
    },
  };
}

export type TeamRepo = ReturnType<typeof createTeamRepo>;
