// The export module's front door: what other modules and the app may use (issue 26).
export { exportRoutes } from './routes.ts';
export { createExportService } from './service.ts';
