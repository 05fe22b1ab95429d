// The email-change module's front door: what other modules and the app may use (issue 28).
export { createEmailChangeRepo } from './repo.ts';
export { emailChangeRoutes } from './routes.ts';
export { createEmailChangeService } from './service.ts';
