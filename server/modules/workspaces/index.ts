// The workspaces module's front door (issue 29): what other modules and the app may use.
export type { WorkspaceDecisionSync } from './decision-sync.ts';
export { authorizeWorkspace } from './policy.ts';
export { createWorkspaceMembershipRepo } from './membership-repo.ts';
export type { WorkspaceMembership, WorkspaceMembershipRepo } from './membership-repo.ts';
export { createWorkspacesRepo } from './repo.ts';
export type { WorkspacesRepo } from './repo.ts';
export { workspacesRoutes } from './routes.ts';
export { createWorkspacesService } from './service.ts';
export type { WorkspacesService, WorkspacesServiceDeps } from './service.ts';
export { createWorkspaceErasureRepo } from './erasure-repo.ts';
export type { WorkspaceErasureRepo, WorkspaceHeir, WorkspaceMembershipOfAccount } from './erasure-repo.ts';
