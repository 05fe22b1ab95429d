import type { Migration } from 'kysely';
import * as accounts from './001_accounts.ts';

// Listed statically so the compiled server needs no directory scan at start.
export const migrations: Record<string, Migration> = {
  '001_accounts': accounts,
};
