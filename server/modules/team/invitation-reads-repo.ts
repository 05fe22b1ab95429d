import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InvitationRow } from './invitation-writes-repo.ts';

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

/** Finding invitations by token, address or inviter, and counting them for the limits. */
export function createInvitationReadsRepo(db: Kysely<Database>) {
  return {
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

    /** Any invitation, in any state, that one of its tokens opens (the invite page says which state). */
    findAnyByHash(tokenHash: string) {
      return db
        .selectFrom('invitations')
        .selectAll('invitations')
        .where((eb) => matchesToken(eb, tokenHash))
        .executeTakeFirst();
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

    /**
     * When the latest invitation mail for this decision went to this address, over all its
     * invitations (a revoked one too, so revoking and inviting again is no way around the limit).
     */
    async lastMailedAt(decisionId: number, email: string, executor: Executor = db): Promise<string | null> {
      const row = await executor
        .selectFrom('invitation_tokens')
        .innerJoin('invitations', 'invitations.id', 'invitation_tokens.invitation_id')
        .select((eb) => eb.fn.max('invitation_tokens.created_at').as('last'))
        .where('invitations.decision_id', '=', decisionId)
        .where('invitations.email', '=', email)
        .where('invitation_tokens.mailed', '=', 1)
        .executeTakeFirst();
      return row?.last ? new Date(row.last).toISOString() : null;
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
  };
}
