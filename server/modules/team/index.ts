// The team module's front door: what other modules and the app may use (issue 26).
export { createRemindersRepo } from './reminders-repo.ts';
export { reminderRecipientsOf } from './reminder-recipients.ts';
export { createReminders } from './reminders.ts';
export { createTeamRepo } from './repo.ts';
export type { TeamRepo } from './repo.ts';
export { teamRoutes } from './routes.ts';
export { createTeamService } from './service.ts';
export type { TeamService } from './service.ts';
export { createVotingEndRepo } from './voting-end-repo.ts';
export { createTeamVoting } from './voting.ts';
export type { TeamVoting } from './voting.ts';
export { createWorkspaceDecisionSync, teamRoleOf } from './workspace-decision-sync.ts';
export type { WorkspaceDecisionSyncDeps } from './workspace-decision-sync.ts';
