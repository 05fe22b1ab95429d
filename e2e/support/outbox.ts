import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** CONTACT_TO of the e2e server (playwright.config.ts). */
export const E2E_CONTACT_TO = 'contact@decision-compass.test';

export interface OutboxMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; size: number; contentBase64: string }[];
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'outbox');
}

function readMails(): OutboxMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxMail);
}

/**
 * Waits until the app's dev outbox (the server runs without SMTP_URL) holds a mail that matches,
 * and returns the newest such mail.
 */
export async function waitForMail(matches: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = readMails().filter(matches).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

export function mailsMatching(matches: (mail: OutboxMail) => boolean): OutboxMail[] {
  return readMails().filter(matches);
}
