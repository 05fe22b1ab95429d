// The ai module's front door: what other modules and the app may use (issue 26).
export { createAiModelClient } from './provider.ts';
export { aiRoutes } from './routes.ts';
export { createAiService } from './service.ts';
export { createAiUsageRepo } from './usage-repo.ts';
