// The health module's front door: what other modules and the app may use (issue 26).
export { createReadiness } from './readiness.ts';
export type { Readiness } from './readiness.ts';
export { healthRoutes } from './routes.ts';
