// The mfa module's front door (issue 28): the second factor (TOTP with recovery codes) and the
// login's second step. Account deletion asks `verifySecondFactor` / `hasSecondFactor` of the service.
export { createMfaRepo } from './repo.ts';
export { mfaRoutes } from './routes.ts';
export { createMfaService } from './service.ts';
export type { MfaService } from './service.ts';
