// The auth module's front door: what other modules and the app may use (issue 26).
export { createLoginThrottle } from './login-throttle.ts';
export type { LoginThrottle } from './login-throttle.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { createSessionsRepo } from './repo.ts';
export type { SessionsRepo } from './repo.ts';
export { authRoutes } from './routes.ts';
export { sessionClientOf } from './session-client.ts';
export type { SessionClient } from './session-client.ts';
export { sessionsRoutes } from './sessions-routes.ts';
export { assertAcceptablePassword, createAuthService } from './service.ts';
export { generateToken, hashToken } from './tokens.ts';
