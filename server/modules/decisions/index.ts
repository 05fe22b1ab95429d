// The decisions module's front door: what other modules and the app may use (issue 26).
export { decisionAccessPlugin, requireAccess } from './access-gate.ts';
export type { DecisionAccess } from './access.ts';
export { nextManualReminderAt, presentOutcome } from './lifecycle-presenter.ts';
export { authorize, can } from './policy.ts';
export type { Relation } from './policy.ts';
export { presentDecision, presentDetails, presentTeam } from './presenter.ts';
export { createLifecycleColumnsRepo } from './lifecycle-columns-repo.ts';
export { followersOf } from './read-model.ts';
export { reminderRecipientsOf } from './reminder-recipients.ts';
export { createDecisionsRepo } from './repo.ts';
export type { DecisionRow, DecisionsRepo } from './repo.ts';
export { decisionsRoutes } from './routes.ts';
export { createDecisionsService } from './service.ts';
export type { DecisionsService } from './service.ts';
