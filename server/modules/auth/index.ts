// The auth module's front door: what other modules and the app may use (issue 26).
export { createLoginThrottle } from './login-throttle.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { createSessionsRepo } from './repo.ts';
export type { SessionsRepo } from './repo.ts';
export { authRoutes } from './routes.ts';
export { assertAcceptablePassword, createAuthService } from './service.ts';
export { generateToken, hashToken } from './tokens.ts';
