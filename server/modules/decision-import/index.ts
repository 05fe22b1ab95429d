// The decision-import module's front door (issue 31): spreadsheets read into decision previews.
export { decisionImportRoutes } from './routes.ts';
export { createDecisionImportService, type DecisionImportService } from './service.ts';
