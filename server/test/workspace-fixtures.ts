import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../db/schema.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import { detachCellComments } from '../modules/comments/index.ts';
import { createDecisionsRepo, createDecisionsService } from '../modules/decisions/index.ts';
import { createTeamRepo, createWorkspaceDecisionSync, reminderRecipientsOf } from '../modules/team/index.ts';
import { createHistoryRepo } from '../modules/history/index.ts';
import { createWorkspaceMembershipRepo } from '../modules/workspaces/index.ts';

/**
 * STAND-IN for the workspaces module's endpoints (helper A's `/api/workspaces…`, not on this branch):
 * creates workspaces and changes memberships straight in the database, inside one transaction per
 * change that locks the workspace row and then calls the team module's WorkspaceDecisionSync, exactly
 * as the workspaces module's use cases do. Once those endpoints are merged, tests should switch to them
 * (POST /api/workspaces, invitations + accept, PATCH/DELETE …/members/{userId}, DELETE …/{id}).
 * Returns the domain events the sync reported (the real module emits them after the commit).
 */
export function workspaceFixtures(app: () => FastifyInstance) {
  const syncOf = () => {
    const { db, changes } = app().database;
    const decisionsService = createDecisionsService({
      decisions: createDecisionsRepo(db, { detachCellComments }),
      emit: async () => undefined,
      changes,
      reminderRecipientsOf,
      maxOwnedPerUser: 1000,
      // Issue 30: the sync's membership changes are recorded as the app records them.
      history: createHistoryRepo(db).recorder,
    });
    return createWorkspaceDecisionSync({
      team: createTeamRepo(db),
      writeContext: decisionsService.writeContext,
      memberships: createWorkspaceMembershipRepo(db),
    });
  };
  const locked = <T>(workspaceId: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    app()
      .database.db.transaction()
      .execute(async (trx) => {
        await createWorkspaceMembershipRepo(app().database.db).lockWorkspace(workspaceId, trx);
        return work(trx);
      });

  return {
    /** A workspace owned by `ownerId` (its `owner` membership included). */
    async createWorkspace(ownerId: number, name = 'Marketing'): Promise<number> {
      const now = new Date().toISOString();
      return app()
        .database.db.transaction()
        .execute(async (trx) => {
          const workspace = await trx
            .insertInto('workspaces')
            .values({ name, owner_id: ownerId, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('workspace_members')
            .values({ workspace_id: workspace.id, user_id: ownerId, role: 'owner', joined_at: now })
            .execute();
          return workspace.id;
        });
    },

    /** As accepting a workspace invitation: the membership, then its decisions. */
    join(
      workspaceId: number,
      userId: number,
      role: WorkspaceRole,
      joinedAt?: string,
    ): Promise<DomainEvent[]> {
      return locked(workspaceId, async (trx) => {
        await trx
          .insertInto('workspace_members')
          .values({
            workspace_id: workspaceId,
            user_id: userId,
            role,
            joined_at: joinedAt ?? new Date().toISOString(),
          })
          .execute();
        return syncOf().memberJoined(workspaceId, userId, role, trx);
      });
    },

    /** As leaving or being removed from the workspace. */
    leave(workspaceId: number, userId: number): Promise<DomainEvent[]> {
      return locked(workspaceId, async (trx) => {
        await trx
          .deleteFrom('workspace_members')
          .where('workspace_id', '=', workspaceId)
          .where('user_id', '=', userId)
          .execute();
        return syncOf().memberLeft(workspaceId, userId, trx);
      });
    },

    changeRole(workspaceId: number, userId: number, role: WorkspaceRole): Promise<DomainEvent[]> {
      return locked(workspaceId, async (trx) => {
        await trx
          .updateTable('workspace_members')
          .set({ role })
          .where('workspace_id', '=', workspaceId)
          .where('user_id', '=', userId)
          .execute();
        return syncOf().roleChanged(workspaceId, userId, role, trx);
      });
    },

    /** As DELETE /api/workspaces/{id}: the decisions are detached first, then the row goes. */
    deleteWorkspace(workspaceId: number): Promise<DomainEvent[]> {
      return locked(workspaceId, async (trx) => {
        const events = await syncOf().workspaceDeleted(workspaceId, trx);
        await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
        return events;
      });
    },
  };
}
