// The contact module's front door: what other modules and the app may use (issue 26).
export { createContactRepo } from './repo.ts';
export { contactRoutes } from './routes.ts';
export { createContactService } from './service.ts';
