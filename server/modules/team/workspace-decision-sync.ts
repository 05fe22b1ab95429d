import type { WorkspaceDecisionSync } from '../workspaces/index.ts';

/**
 * TEMPORARY stand-in (branch ws-core) until helper B's implementation on ws-decisions lands: it keeps
 * the port's signature and changes no decision, so the workspaces module can be built and tested.
 */
export function createWorkspaceDecisionSync(): WorkspaceDecisionSync {
  return {
    memberJoined: () => Promise.resolve([]),
    memberLeft: () => Promise.resolve([]),
    roleChanged: () => Promise.resolve([]),
    workspaceDeleted: () => Promise.resolve([]),
  };
}
