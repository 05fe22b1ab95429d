import path from 'node:path';
import Database from 'better-sqlite3';
import { hashPassword } from '../../server/modules/auth/index.ts';

/**
 * Gives an account a password from before issue 27's rules (e.g. 8 characters), as a database from
 * that time holds it: no route sets such a password any more, so the stored hash is written directly
 * into the e2e server's SQLite file. Login reads the user row afresh, so the server sees it at once.
 */
export async function setPasswordFromBeforeTheRules(email: string, password: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  if (process.env.DATABASE_URL) throw new Error('the e2e server must run on SQLite for this helper');
  const passwordHash = await hashPassword(password);
  const db = new Database(path.join(dataDir, 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db
      .prepare('UPDATE users SET password_hash = ? WHERE email = ?')
      .run(passwordHash, email);
    if (changes !== 1) throw new Error(`no account ${email}`);
  } finally {
    db.close();
  }
}
