// The outcome module's front door: what other modules and the app may use (issue 26).
export { createOutcomeRepo } from './repo.ts';
export { outcomeRoutes } from './routes.ts';
export { createOutcomeService } from './service.ts';
