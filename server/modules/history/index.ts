// The history module's front door (issue 30): what other modules and the app may use.
export { createHistoryRepo } from './repo.ts';
export type { HistoryRepo } from './repo.ts';
export { presentHistoryEntry } from './presenter.ts';
export { historyRoutes } from './routes.ts';
export { createHistoryService } from './service.ts';
export type { HistoryService } from './service.ts';
