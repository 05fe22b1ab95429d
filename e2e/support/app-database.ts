import path from 'node:path';
import Database from 'better-sqlite3';
import { LIMITS } from '../../shared/limits.ts';

/**
 * Writes into the e2e server's SQLite file what no route can set (a state from the past), as another
 * connection would: the server notices the commit (PRAGMA data_version) and drops its cached rows.
 */
export function writeToAppDatabase<T>(write: (db: Database.Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  if (process.env.DATABASE_URL) throw new Error('the e2e server must run on SQLite for this helper');
  const db = new Database(path.join(dataDir, 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return write(db);
  } finally {
    db.close();
  }
}

/** Dates the invitation mails to `email` an hour back, so the next one may go out (issue 27's limit). */
export function ageInvitationMails(decisionId: number, email: string): void {
  const minutes = LIMITS.team.sameAddressMailEveryMinutes;
  writeToAppDatabase((db) =>
    db
      .prepare(
        `UPDATE invitation_tokens SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?)
         WHERE invitation_id IN (SELECT id FROM invitations WHERE decision_id = ? AND email = ?)`,
      )
      .run(`-${minutes} minutes`, decisionId, email.toLowerCase()),
  );
}
