import type { z } from 'zod';
import type { criteriaSetRequestSchema } from '../../../shared/api/workspaces.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import type { UserRow } from '../users/index.ts';
import type { WorkspaceWrites, WorkspacesServiceDeps } from './write-context.ts';

type CriteriaSetInput = z.output<typeof criteriaSetRequestSchema>;

/** What is stored: every field explicit, absent ones as null, as the template dialog copies them. */
function storedCriteria(input: CriteriaSetInput): string {
  return JSON.stringify(
    input.criteria.map((criterion) => ({
      name: criterion.name,
      importance: criterion.importance,
      minimum: criterion.minimum ?? null,
      anchors: criterion.anchors ?? null,
    })),
  );
}

/** Shared criteria sets: every member reads them, owner and admins write them. */
export function createWorkspaceCriteriaSets(deps: WorkspacesServiceDeps, writes: WorkspaceWrites) {
  const { workspaces } = deps;

  return {
    async list(user: UserRow, workspaceId: number) {
      await writes.read(workspaceId, user.id, 'view');
      return workspaces.listCriteriaSets(workspaceId);
    },

    create(user: UserRow, workspaceId: number, input: CriteriaSetInput) {
      return writes.locked(workspaceId, user.id, 'manageCriteriaSets', async ({ trx }) => {
        if (
          (await workspaces.countCriteriaSets(workspaceId, trx)) >= LIMITS.workspace.criteriaSetsPerWorkspace
        )
          throw new AppError('TOO_MANY_CRITERIA_SETS', undefined, {
            messageParams: { max: LIMITS.workspace.criteriaSetsPerWorkspace },
          });
        const now = isoNow();
        return workspaces.insertCriteriaSet(
          {
            workspace_id: workspaceId,
            name: input.name,
            criteria: storedCriteria(input),
            created_by: user.id,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
      });
    },

    update(user: UserRow, workspaceId: number, setId: number, input: CriteriaSetInput) {
      return writes.locked(workspaceId, user.id, 'manageCriteriaSets', async ({ trx }) => {
        if (!(await workspaces.findCriteriaSet(workspaceId, setId, trx))) throw new AppError('NOT_FOUND');
        return workspaces.updateCriteriaSet(
          setId,
          { name: input.name, criteria: storedCriteria(input), updated_at: isoNow() },
          trx,
        );
      });
    },

    delete(user: UserRow, workspaceId: number, setId: number) {
      return writes.locked(workspaceId, user.id, 'manageCriteriaSets', async ({ trx }) => {
        if (!(await workspaces.findCriteriaSet(workspaceId, setId, trx))) throw new AppError('NOT_FOUND');
        await workspaces.deleteCriteriaSet(setId, trx);
      });
    },
  };
}
