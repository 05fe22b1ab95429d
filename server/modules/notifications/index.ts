// The notifications module's front door: what other modules and the app may use (issue 26).
export { createNotificationsRepo } from './repo.ts';
export type { NotificationsRepo } from './repo.ts';
export { presentNotification } from './presenter.ts';
export { notificationsRoutes } from './routes.ts';
export { createNotificationsService } from './service.ts';
export type { NewNotification, NotificationsService } from './service.ts';
