// The password-reset module's front door: what other modules and the app may use (issue 26).
export { createPasswordResetRepo } from './repo.ts';
export { passwordResetRoutes } from './routes.ts';
export { createPasswordResetService } from './service.ts';
