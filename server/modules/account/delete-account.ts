import type { Transaction } from 'kysely';
import type { DeleteAccountRequest } from '../../../shared/api/account.ts';
import type { Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Database, Timestamp } from '../../db/schema.ts';
import { isoNow, toIsoString } from '../../db/values.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { accountDeletedMail } from '../../mail/templates.ts';
import type { SessionStreams } from '../../realtime/session-streams.ts';
import type { SessionsRepo } from '../auth/index.ts';
import type { CalendarService } from '../calendar/index.ts';
import type { DecisionWriteContext } from '../decisions/index.ts';
import type { NotificationsRepo } from '../notifications/index.ts';
import type { TeamRepo } from '../team/index.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import type { AccountRepo } from './repo.ts';
import { decisionIdsOf, loadDeletionPlan, type DeletionPlan, type Transfer } from './deletion-plan.ts';
import type { WorkspaceDecisionSync } from '../workspaces/index.ts';
import type { WorkspaceErasureRepo, WorkspaceMembershipRepo } from '../workspaces/index.ts';
import {
  eraseWorkspaces,
  loadWorkspacePlan,
  workspaceDecisionIdsOf,
  workspaceIdsOf,
} from './workspace-plan.ts';
import type { SecondFactor } from './second-factor.ts';

export interface DeleteAccountDeps {
  account: AccountRepo;
  users: Pick<UsersRepo, 'findById' | 'lockRow' | 'eraseAccount'>;
  sessions: Pick<SessionsRepo, 'deleteOfUser'>;
  /** The account's personal access tokens (modules/api-tokens). */
  apiTokens: { deleteOfUser(userId: number, trx: Transaction<Database>): Promise<void> };
  team: Pick<TeamRepo, 'removeMember' | 'insertFormerOwner' | 'deleteInvitationsOf'>;
  notifications: Pick<NotificationsRepo, 'deleteForUser'>;
  /** Decisions, votes and weights are written through the decisions module's write context. */
  decisions: Pick<DecisionWriteContext, 'decisions' | 'matrix' | 'emit' | 'history' | 'freezeBeforeChange'>;
  verifyPassword: (passwordHash: string, password: string) => Promise<boolean>;
  secondFactor: SecondFactor;
  sessionStreams: Pick<SessionStreams, 'endSessions'>;
  mailer: Mailer;
  appUrl: string;
  /** Issue 29: the account's workspaces pass to an heir, go, or lose the member. */
  workspaces: WorkspaceErasureRepo;
  workspaceSync: WorkspaceDecisionSync;
  workspaceMemberships: Pick<WorkspaceMembershipRepo, 'lockWorkspace'>;
  /** Issue 32: the secret calendar feed goes with the account (the calendar module writes its table). */
  calendarFeeds: Pick<CalendarService, 'deleteOfUser'>;
}

/** The checks before anything happens: the password (403), then the second factor's code if one is on. */
async function assertCredentials(
  deps: Pick<DeleteAccountDeps, 'verifyPassword' | 'secondFactor'>,
  user: UserRow,
  request: DeleteAccountRequest,
  trx: Transaction<Database>,
): Promise<void> {
  const isSecondFactorOn = await deps.secondFactor.isEnabled(user.id, trx);
  if (isSecondFactorOn && !request.code)
    throw new AppError('VALIDATION_FAILED', { code: 'validation.required' });
  if (!(await deps.verifyPassword(user.password_hash, request.password)))
    throw new AppError('WRONG_CURRENT_PASSWORD', { password: 'errors.WRONG_CURRENT_PASSWORD' });
  if (isSecondFactorOn && !(await deps.secondFactor.verify(user.id, request.code!, trx)))
    throw new AppError('WRONG_SECOND_FACTOR_CODE', { code: 'errors.WRONG_SECOND_FACTOR_CODE' });
}

/**
 * DELETE /api/users/me (issue 28): in one transaction every session ends, personal decisions go, owned
 * team decisions pass to an heir or go, votes in open team decisions go as a removed member's do, and
 * the user row becomes a nameless tombstone that keeps closed votes and comments attributed to a
 * "Former member". Afterwards live streams end, heirs and teams are told, and the old address gets a
 * confirmation in the user's language.
 */
export function createDeleteAccount(deps: DeleteAccountDeps) {
  const { account, decisions: writeContext } = deps;
  const { decisions, matrix, history } = writeContext;

  /** The leaving owner's place goes to the heir, who keeps their own submission as the owner's. */
  async function handOver(transfer: Transfer, userId: number, now: string, trx: Transaction<Database>) {
    const { decision, heir } = transfer;
    await deps.team.removeMember(decision.id, heir.user_id, trx);
    const row = await decisions.updateDecision(
      decision.id,
      { user_id: heir.user_id, owner_submitted_at: heir.submitted_at, owner_reopened_at: heir.reopened_at },
      trx,
    );
    if (transfer.isOpen) return removeVotes(row.id, userId, trx);
    // Closed: the votes stay, listed under a former member who had submitted as the owner had.
    await deps.team.insertFormerOwner(
      decision.id,
      userId,
      {
        submitted_at: isoOrNull(decision.owner_submitted_at),
        reopened_at: isoOrNull(decision.owner_reopened_at),
      },
      now,
      trx,
    );
  }

  /** As for a removed member (team/members.ts): votes and weights go, the result is worked out again. */
  async function removeVotes(decisionId: number, userId: number, trx: Transaction<Database>) {
    await decisions.deleteUserEvaluations(decisionId, userId, trx);
    await decisions.deleteUserWeights(decisionId, userId, trx);
    await decisions.bumpRevision(decisionId, trx);
    const row = await decisions.findById(decisionId, trx);
    if (row) await matrix.refreshScore(trx, row);
  }

  /** Every write of the deletion; returns the events to tell once it committed. */
  async function erase(
    user: UserRow,
    plan: DeletionPlan,
    trx: Transaction<Database>,
  ): Promise<DomainEvent[]> {
    const now = isoNow();
    const events: DomainEvent[] = [];
    for (const decision of [...plan.personal, ...plan.orphanedTeams]) {
      const members = await account.listMemberIds(decision.id, trx);
      await decisions.deleteDecision(decision.id, trx);
      events.push({
        type: 'decision.deleted',
        decisionId: decision.id,
        followers: members.map((member) => member.user_id),
      });
    }
    for (const transfer of plan.transfers) {
      await handOver(transfer, user.id, now, trx);
      const { decision, heir } = transfer;
      // Issue 30: the owner left; the history names them as a former member from now on.
      await history.record(trx, [
        { decisionId: decision.id, kind: 'member_removed', actorId: user.id, subjectId: user.id },
        {
          decisionId: decision.id,
          kind: 'role_changed',
          actorId: user.id,
          subjectId: heir.user_id,
          changes: [{ field: 'role', from: heir.role, to: 'owner' }],
        },
      ]);
      events.push({
        type: 'ownership.received',
        decision: { id: decision.id, name: decision.name, type: 'team', user_id: heir.user_id },
        heirId: heir.user_id,
      });
    }
    for (const membership of plan.openMemberships) {
      await deps.team.removeMember(membership.decision_id, user.id, trx);
      await removeVotes(membership.decision_id, user.id, trx);
      await history.record(trx, [
        { decisionId: membership.decision_id, kind: 'member_removed', actorId: user.id, subjectId: user.id },
      ]);
      events.push({ type: 'decision.changed', decisionId: membership.decision_id });
    }
    await deps.team.deleteInvitationsOf(user.id, user.email, trx);
    await deps.notifications.deleteForUser(user.id, trx);
    await deps.sessions.deleteOfUser(user.id, undefined, trx);
    await deps.calendarFeeds.deleteOfUser(user.id, trx);
    await deps.apiTokens.deleteOfUser(user.id, trx);
    await account.eraseAccountRows(user.id, trx);
    await deps.users.eraseAccount(user.id, now, trx);
    return events;
  }

  return async function deleteAccount(user: UserRow, request: DeleteAccountRequest): Promise<void> {
    const events = await account.transaction(async (trx) => {
      // One deletion at a time per account; a refusal below rolls back and leaves everything as it was.
      await deps.users.lockRow(user.id, trx);
      // A parallel request may have deleted it meanwhile: then there is nothing left to delete.
      if (!(await deps.users.findById(user.id, trx))) throw new AppError('UNAUTHORIZED');
      await assertCredentials(deps, user, request, trx);
      const draft = await loadDeletionPlan(account, user.id, trx);
      // Issue 29: the workspaces first (the workspaces module's lock order), then every decision.
      const workspacePlan = await loadWorkspacePlan(deps.workspaces, user.id, trx);
      const workspaceDecisionIds = await workspaceDecisionIdsOf(
        deps.workspaceMemberships,
        (workspaceId, executor) => decisions.listIdsOfWorkspace(workspaceId, executor),
        workspaceIdsOf(workspacePlan),
        trx,
      );
      const decisionIds = [...new Set([...decisionIdsOf(draft), ...workspaceDecisionIds])].sort(
        (a, b) => a - b,
      );
      for (const decisionId of decisionIds) {
        const locked = await decisions.lockForWrite(decisionId, trx);
        // Issue 30: a decision whose deadline passed keeps the result at the deadline, frozen first.
        if (locked) await writeContext.freezeBeforeChange(trx, locked);
      }
      // Read again under the locks: a member promoted or a deadline passed meanwhile counts.
      const workspaceEvents = await eraseWorkspaces(
        { workspaces: deps.workspaces, sync: deps.workspaceSync },
        await loadWorkspacePlan(deps.workspaces, user.id, trx),
        user.id,
        isoNow(),
        trx,
      );
      await deps.workspaces.deleteInvitationsTo(user.email, trx);
      return [...workspaceEvents, ...(await erase(user, await loadDeletionPlan(account, user.id, trx), trx))];
    });
    await deps.sessionStreams.endSessions(user.id, { allExcept: null });
    for (const event of events) await writeContext.emit(event);
    deps.mailer.send({
      to: user.email,
      ...accountDeletedMail(user.language as Language, { link: `${deps.appUrl}/` }),
    });
  };
}

function isoOrNull(value: Timestamp | null): string | null {
  return value === null ? null : toIsoString(value);
}
