import { createWorkspaceCriteriaSets } from './criteria-sets.ts';
import { createWorkspaceInvitationAcceptance } from './invitation-acceptance.ts';
import { createWorkspaceInvitations } from './invitations.ts';
import { createWorkspaceMembers } from './members.ts';
import { createWorkspaceLifecycle } from './workspace-lifecycle.ts';
import { createWorkspaceWrites, type WorkspacesServiceDeps } from './write-context.ts';

export type { WorkspacesServiceDeps } from './write-context.ts';

/** The workspaces' use cases (issue 29), each group in its own file over one write context. */
export function createWorkspacesService(deps: WorkspacesServiceDeps) {
  const writes = createWorkspaceWrites(deps);
  return {
    workspaces: createWorkspaceLifecycle(deps, writes),
    members: createWorkspaceMembers(deps, writes),
    invitations: createWorkspaceInvitations(deps, writes),
    acceptance: createWorkspaceInvitationAcceptance(deps, writes),
    criteriaSets: createWorkspaceCriteriaSets(deps, writes),
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
