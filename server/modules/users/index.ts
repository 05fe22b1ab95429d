// The users module's front door: what other modules and the app may use (issue 26).
export { createAvatarsRepo } from './avatars-repo.ts';
export { avatarUrl, presentUser } from './presenter.ts';
export { createUsersRepo } from './repo.ts';
export type { UserRow, UsersRepo } from './repo.ts';
export { usersRoutes } from './routes.ts';
export { createUsersService } from './service.ts';
