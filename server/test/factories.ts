import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../shared/api/users.ts';

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface SignedInUser {
  user: User;
  token: string;
  email: string;
  password: string;
  /** Authorization header for app.inject(). */
  headers: { authorization: string };
}

/**
 * Registers and signs in a user through the public API. Unless told otherwise the account is an
 * ordinary one: its address confirmed (as if the mailed link had been opened) and older than a day,
 * so invitation mails go out at once under the normal daily cap. The registration mail was sent
 * all the same.
 */
export async function createSignedInUser(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; isVerified?: boolean; isNewAccount?: boolean } = {},
): Promise<SignedInUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password, inviteToken: null },
  });
  if (registered.statusCode !== 201)
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const isVerified = overrides.isVerified ?? true;
  const createdAt = new Date(Date.now() - (overrides.isNewAccount ? 0 : 2 * 24 * 3600_000)).toISOString();
  await app.database.db
    .updateTable('users')
    .set({ created_at: createdAt, email_verified_at: isVerified ? createdAt : null })
    .where('email', '=', email)
    .execute();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { token, user } = login.json<{ token: string; user: User }>();
  return { user, token, email, password, headers: { authorization: `Bearer ${token}` } };
}
