// The passkeys module's front door: what the app may use (issue 28).
export { createPasskeysRepo } from './repo.ts';
export { passkeysRoutes } from './routes.ts';
export { createPasskeysService } from './service.ts';
export type { PasskeysService, RelyingParty } from './service.ts';
