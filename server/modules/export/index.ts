// The export module's front door: what other modules and the app may use (issue 26).
export { exportRoutes } from './routes.ts';
export { renderCsv } from './csv.ts';
export { createExportService } from './service.ts';
export type { ExportService } from './service.ts';
export { contentDisposition } from './format.ts';
