import type { Transaction } from 'kysely';
import type { DecisionStatus } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Database, TeamRole, WorkspaceRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import {
  isPastDeadline,
  lockOf,
  statusOf,
  type DecisionRow,
  type DecisionWriteContext,
} from '../decisions/index.ts';
import type { WorkspaceDecisionSync } from '../workspaces/index.ts';
import type { WorkspaceMembershipRepo } from '../workspaces/index.ts';
import type { TeamRepo } from './repo.ts';

export interface WorkspaceDecisionSyncDeps {
  team: Pick<
    TeamRepo,
    | 'findMembership'
    | 'insertWorkspaceMembers'
    | 'clearLeft'
    | 'markLeft'
    | 'followWorkspaceRole'
    | 'detachWorkspaceMembers'
    | 'removeMember'
    | 'countMembers'
  >;
  /** Decisions, votes and weights are written through the decisions module's write context. */
  writeContext: Pick<DecisionWriteContext, 'decisions' | 'matrix' | 'history' | 'freezeBeforeChange'>;
  memberships: Pick<WorkspaceMembershipRepo, 'membershipOf' | 'listMembers' | 'lockWorkspace'>;
}

/** A workspace role as a role in the workspace's draft and open decisions. */
export function teamRoleOf(role: WorkspaceRole): Extract<TeamRole, 'admin' | 'editor'> {
  return role === 'member' ? 'editor' : 'admin';
}

/** Voting still possible: joining gives a vote, leaving takes the votes along. */
const isVotingOpen = (status: DecisionStatus) => status === 'draft' || status === 'open';

/**
 * What workspace membership changes do to the workspace's team decisions (issue 29; the port is
 * workspaces/decision-sync.ts). Runs inside the workspaces module's transaction, after the workspace
 * row was locked; each decision is locked in ascending id order (the one lock order of every writer)
 * and its status (policy.ts statusOf) is read under that lock.
 */
export function createWorkspaceDecisionSync(deps: WorkspaceDecisionSyncDeps): WorkspaceDecisionSync & {
  joinNewDecision: ReturnType<typeof createJoinNewDecision>;
} {
  const { team } = deps;
  const { decisions, matrix, history, freezeBeforeChange } = deps.writeContext;

  /**
   * The workspace's decisions, each locked and with its status, in the one lock order. A decision whose
   * deadline passed gets its result at the deadline frozen first (issue 30), whatever the change.
   */
  async function* lockedDecisionsOf(workspaceId: number, trx: Transaction<Database>) {
    for (const decisionId of await decisions.listIdsOfWorkspace(workspaceId, trx)) {
      const decision = await decisions.lockForWrite(decisionId, trx);
      if (!decision || decision.workspace_id !== workspaceId) continue;
      await freezeBeforeChange(trx, decision);
      const isCompletedByAi = await decisions.hasAiEvaluations(decision.id, trx);
      const lock = lockOf({
        type: decision.type,
        isExpired: isPastDeadline(decision.timer),
        isCompletedByAi,
      });
      yield { decision, status: statusOf(decision, lock) };
    }
  }

  const changed = (decisionId: number, userId?: number): DomainEvent => ({
    type: 'decision.changed',
    decisionId,
    // The person concerned reloads too: a page they have open learns they joined or lost access.
    ...(userId === undefined ? {} : { alsoNotify: [userId] }),
  });

  return {
    async memberJoined(workspaceId, userId, role, trx) {
      const events: DomainEvent[] = [];
      const now = isoNow();
      for await (const { decision, status } of lockedDecisionsOf(workspaceId, trx)) {
        // The owner holds the decision anyway.
        if (decision.user_id === userId) continue;
        const membership = await team.findMembership(decision.id, userId, trx);
        if (membership) {
          // Invited personally before: that membership stays as it is. Returning: access again.
          if (membership.left_at === null) continue;
          await team.clearLeft(decision.id, userId, trx);
          await history.record(trx, [
            {
              decisionId: decision.id,
              kind: 'member_joined',
              actorId: userId,
              subjectId: userId,
              changes: [{ field: 'role', from: null, to: membership.role }],
            },
          ]);
        } else {
          // A full decision (LIMITS.team.maxMembersPerDecision, the owner included) is passed by: the
          // workspace membership itself must not fail because of one decision's outside invitations.
          if (1 + (await team.countMembers(decision.id, trx)) >= LIMITS.team.maxMembersPerDecision) continue;
          const teamRole = isVotingOpen(status) ? teamRoleOf(role) : 'viewer';
          await team.insertWorkspaceMembers(decision.id, [{ userId, role: teamRole }], now, trx);
          // Issue 30: joining the workspace is joining its decisions.
          await history.record(trx, [
            {
              decisionId: decision.id,
              kind: 'member_joined',
              actorId: userId,
              subjectId: userId,
              changes: [{ field: 'role', from: null, to: teamRole }],
            },
          ]);
        }
        await decisions.bumpRevision(decision.id, trx);
        events.push(changed(decision.id, userId));
      }
      return events;
    },

    async memberLeft(workspaceId, userId, trx) {
      const events: DomainEvent[] = [];
      const now = isoNow();
      for await (const { decision, status } of lockedDecisionsOf(workspaceId, trx)) {
        const membership = await team.findMembership(decision.id, userId, trx);
        // A personal invitation stays; a member who left already has nothing more to lose.
        if (!membership || membership.via_workspace !== 1 || membership.left_at !== null) continue;
        if (isVotingOpen(status)) {
          // As team/members.ts removeMember, without its deadline check (leaving is always possible).
          await team.removeMember(decision.id, userId, trx);
          await decisions.deleteUserEvaluations(decision.id, userId, trx);
          await decisions.deleteUserWeights(decision.id, userId, trx);
          await decisions.bumpRevision(decision.id, trx);
          await matrix.refreshScore(trx, decision);
        } else {
          // Closed or decided: the votes and weights stay and count; only the access goes.
          await team.markLeft(decision.id, userId, now, trx);
        }
        // The port does not say who removed them from the workspace: it reads as leaving.
        await history.record(trx, [
          { decisionId: decision.id, kind: 'member_removed', actorId: userId, subjectId: userId },
        ]);
        events.push(changed(decision.id, userId));
      }
      return events;
    },

    async roleChanged(workspaceId, userId, role, trx) {
      const events: DomainEvent[] = [];
      for await (const { decision, status } of lockedDecisionsOf(workspaceId, trx)) {
        // Closed and decided decisions keep the roles their votes were cast under.
        if (!isVotingOpen(status) || decision.user_id === userId) continue;
        const before = await team.findMembership(decision.id, userId, trx);
        if (await team.followWorkspaceRole(decision.id, userId, teamRoleOf(role), trx)) {
          // Follows the workspace on its own: recorded as System's.
          await history.record(trx, [
            {
              decisionId: decision.id,
              kind: 'role_changed',
              actorId: null,
              subjectId: userId,
              changes: [{ field: 'role', from: before?.role ?? null, to: teamRoleOf(role) }],
            },
          ]);
          await decisions.bumpRevision(decision.id, trx);
          events.push(changed(decision.id, userId));
        }
      }
      return events;
    },

    async workspaceDeleted(workspaceId, trx) {
      const events: DomainEvent[] = [];
      for await (const { decision } of lockedDecisionsOf(workspaceId, trx)) {
        // Left members stay left (their votes count, they have no access); the others stay members.
        await team.detachWorkspaceMembers(decision.id, trx);
        events.push(changed(decision.id));
      }
      await decisions.detachFromWorkspace(workspaceId, trx);
      return events;
    },

    joinNewDecision: createJoinNewDecision(deps),
  };
}

/**
 * POST /api/team-decisions with `workspace_id` (issue 29), inside the creating transaction: `check`
 * locks the workspace and checks the creator's role before the decision row is written (member 403,
 * non-member or unknown 404, too many members 409); `join` then gives every other workspace member a
 * place (owner and admins as admin, members as editor).
 */
function createJoinNewDecision(deps: WorkspaceDecisionSyncDeps) {
  return async function check(workspaceId: number, creatorId: number, trx: Transaction<Database>) {
    if (!(await deps.memberships.lockWorkspace(workspaceId, trx))) throw new AppError('NOT_FOUND');
    const membership = await deps.memberships.membershipOf(workspaceId, creatorId, trx);
    if (!membership) throw new AppError('NOT_FOUND');
    if (membership.role === 'member') throw new AppError('FORBIDDEN');
    const others = (await deps.memberships.listMembers(workspaceId, trx)).filter(
      (member) => member.user_id !== creatorId,
    );
    // The owner holds a place too (team/member-limit.ts).
    if (1 + others.length > LIMITS.team.maxMembersPerDecision) {
      throw new AppError('WORKSPACE_TOO_LARGE_FOR_DECISION', undefined, {
        messageParams: { max: LIMITS.team.maxMembersPerDecision },
      });
    }
    return async function join(decision: DecisionRow): Promise<void> {
      await deps.team.insertWorkspaceMembers(
        decision.id,
        others.map((member) => ({ userId: member.user_id, role: teamRoleOf(member.role) })),
        isoNow(),
        trx,
      );
    };
  };
}
