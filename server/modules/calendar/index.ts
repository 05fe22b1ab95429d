// The calendar module's front door: what the app and account deletion may use (issue 32).
export { createCalendarRepo } from './repo.ts';
export { calendarRoutes } from './routes.ts';
export { createCalendarService } from './service.ts';
export type { CalendarService } from './service.ts';
