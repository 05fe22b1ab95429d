// The api-tokens module's front door: what the app may use (issue 32).
export { createApiTokensRepo } from './repo.ts';
export { apiTokensRoutes } from './routes.ts';
export { createApiTokenVerifier, createApiTokensService } from './service.ts';
export type { ApiTokensService } from './service.ts';
