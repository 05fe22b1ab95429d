// The decisions module's front door: what other modules and the app may use (issue 26).
export { decisionAccessPlugin, requireAccess } from './access-gate.ts';
export { isPastDeadline } from './access.ts';
export type { DecisionAccess } from './access.ts';
export { automaticReminderDueAt } from './automatic-reminder.ts';
export { nextManualReminderAt, presentOutcome } from './lifecycle-presenter.ts';
export { authorize, can } from './policy.ts';
export type { DecisionAction, Relation } from './policy.ts';
export { presentDecision, presentDetails, presentTeam } from './presenter.ts';
export { createLifecycleColumnsRepo } from './lifecycle-columns-repo.ts';
export { followersOf } from './read-model.ts';
export { createDecisionsRepo } from './repo.ts';
export type { DecisionRow, DecisionsRepo } from './repo.ts';
export { decisionsRoutes } from './routes.ts';
export { validateMatrix } from './save-matrix.ts';
export type { SavedLists } from './save-matrix.ts';
export { createDecisionsService } from './service.ts';
export type { DecisionsService } from './service.ts';
export type { DecisionWriteContext } from './write-context.ts';
