// The operator module's front door: what other modules and the app may use (issue 26).
export { operatorRoutes } from './routes.ts';
