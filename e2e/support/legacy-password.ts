import { hashPassword } from '../../server/modules/auth/index.ts';
import { writeToAppDatabase } from './app-database.ts';

/**
 * Gives an account a password from before issue 27's rules (e.g. 8 characters), as a database from
 * that time holds it: no route sets such a password any more, so the stored hash is written directly
 * into the e2e server's SQLite file. Login reads the user row afresh, so the server sees it at once.
 */
export async function setPasswordFromBeforeTheRules(email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const { changes } = writeToAppDatabase((db) =>
    db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(passwordHash, email),
  );
  if (changes !== 1) throw new Error(`no account ${email}`);
}
