// The account module's front door (issue 28): deleting one's account and taking one's data.
export { createAccountRepo } from './repo.ts';
export { accountRoutes } from './routes.ts';
export type { SecondFactor } from './second-factor.ts';
export { createAccountService } from './service.ts';
