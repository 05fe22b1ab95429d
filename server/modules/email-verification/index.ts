// The email-verification module's front door: what other modules and the app may use (issue 26).
export { createEmailVerificationRepo } from './repo.ts';
export { emailVerificationRoutes } from './routes.ts';
export { createEmailVerificationService } from './service.ts';
export type { EmailVerificationService } from './service.ts';
