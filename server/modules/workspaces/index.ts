// The workspaces module's front door (issue 29). So far: the membership reads the team module shares
// and the decision sync port it implements.
export type { WorkspaceDecisionSync } from './decision-sync.ts';
export { createWorkspaceMembershipRepo } from './membership-repo.ts';
export type { WorkspaceMembership, WorkspaceMembershipRepo } from './membership-repo.ts';
