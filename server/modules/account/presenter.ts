import type { DeletionPreview } from '../../../shared/api/account.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import type { DeletionPlan } from './deletion-plan.ts';
import type { WorkspacePlan } from './workspace-plan.ts';

/** What the dialog lists before it asks for the password: heirs by name and role, never by address. */
export function presentDeletionPreview(
  plan: DeletionPlan,
  isSecondFactorRequired: boolean,
  workspaces: WorkspacePlan,
): DeletionPreview {
  const named = (workspace: { workspace_id: number; name: string }) => ({
    id: workspace.workspace_id,
    name: workspace.name,
  });
  return {
    personal_decisions_deleted: plan.personal.length,
    team_decisions_transferred: plan.transfers.map(({ decision, heir }) => ({
      id: decision.id,
      name: decision.name,
      heir: { display_name: displayNameOfAccount(heir), role: heir.role === 'admin' ? 'admin' : 'editor' },
    })),
    team_decisions_deleted: plan.orphanedTeams.map(({ id, name }) => ({ id, name })),
    memberships_open: plan.openMemberships.length,
    memberships_closed: plan.closedMemberships.length,
    second_factor_required: isSecondFactorRequired,
    workspaces_transferred: workspaces.transfers.map(({ workspace, heir }) => ({
      ...named(workspace),
      heir: { display_name: displayNameOfAccount(heir), role: heir.role },
    })),
    workspaces_deleted: workspaces.deleted.map(named),
    workspaces_left: workspaces.left.map(named),
  };
}
