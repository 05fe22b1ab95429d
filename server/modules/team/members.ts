import type { Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database, TeamRole } from '../../db/schema.ts';
import type { DecisionAccess } from '../decisions/index.ts';
import type { TeamServiceDeps } from './service.ts';

/** A team's members and pending invitations as the owner or an admin manages them. */
export function createMembers(deps: TeamServiceDeps) {
  const { team, decisionsService, emit } = deps;
  // Votes, weights and the decision's row belong to the decisions module: written through its context.
  const { decisions, matrix, history } = decisionsService.writeContext;

  /**
   * Issue 29: a workspace member takes part as long as they belong to the workspace; the decision's
   * owner can make them a viewer instead (409 naming the workspace).
   */
  async function refuseWorkspaceMember(
    decision: DecisionAccess['decision'],
    trx: Transaction<Database>,
  ): Promise<never> {
    const names =
      decision.workspace_id === null
        ? new Map<number, string>()
        : await decisions.workspaceNamesOf([decision.workspace_id], trx);
    throw new AppError('MEMBER_VIA_WORKSPACE', undefined, {
      messageParams: { workspace: names.get(decision.workspace_id ?? 0) ?? '' },
    });
  }

  return {
    /** Refused once voting ended or the AI completed the decision: roles decide whose votes count. */
    async changeRole(access: DecisionAccess, userId: number, role: TeamRole): Promise<void> {
      await decisionsService.writeLocked(
        access.decision.id,
        access.userId,
        'manageMembers',
        async (locked, trx) => {
          const before = await decisions.membershipOf(access.decision.id, userId, trx);
          if (!(await team.setRole(access.decision.id, userId, role, trx))) throw new AppError('NOT_FOUND');
          // Issue 29: set here by hand, a workspace member's role no longer follows the workspace's.
          await team.pinRole(access.decision.id, userId, trx);
          if (before && before.role !== role)
            await history.record(trx, [
              {
                decisionId: access.decision.id,
                kind: 'role_changed',
                actorId: locked.userId,
                subjectId: userId,
                changes: [{ field: 'role', from: before.role, to: role }],
              },
            ]);
        },
      );
      await emit({
        type: 'member.roleChanged',
        decision: access.decision,
        actorId: access.userId,
        userId,
        role,
      });
    },

    /** Removes the member's votes and weights too, so it is refused once the result is closed. */
    async removeMember(access: DecisionAccess, userId: number): Promise<void> {
      await decisionsService.writeLocked(
        access.decision.id,
        access.userId,
        'manageMembers',
        async (locked, trx) => {
          const decisionId = access.decision.id;
          const membership = await team.findMembership(decisionId, userId, trx);
          // Left the workspace (issue 29): gone for the decision's managers too.
          if (!membership || membership.left_at !== null) throw new AppError('NOT_FOUND');
          if (membership.via_workspace === 1) await refuseWorkspaceMember(locked.decision, trx);
          if (!(await team.removeMember(decisionId, userId, trx))) throw new AppError('NOT_FOUND');
          await decisions.deleteUserEvaluations(decisionId, userId, trx);
          await decisions.deleteUserWeights(decisionId, userId, trx);
          await decisions.bumpRevision(decisionId, trx);
          await matrix.refreshScore(trx, locked.decision);
          await history.record(trx, [
            { decisionId, kind: 'member_removed', actorId: locked.userId, subjectId: userId },
          ]);
        },
      );
      await emit({ type: 'member.removed', decision: access.decision, actorId: access.userId, userId });
    },

    async revokeInvitation(access: DecisionAccess, invitationId: number): Promise<void> {
      await decisionsService.writeLocked(access.decision.id, access.userId, 'invite', async (_, trx) => {
        const invitation = await team.findInvitationById(invitationId, trx);
        if (
          !invitation ||
          invitation.decision_id !== access.decision.id ||
          !(await team.revoke(invitationId, trx))
        ) {
          throw new AppError('NOT_FOUND');
        }
      });
      await emit({ type: 'decision.changed', decisionId: access.decision.id });
    },
  };
}
