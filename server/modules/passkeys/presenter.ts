import type { Passkey } from '../../../shared/api/passkeys.ts';
import { toIsoString } from '../../db/values.ts';
import type { PasskeyRow } from './repo.ts';

/** The only passkey fields that leave the server: never the key, counter or credential id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: toIsoString(row.created_at),
    last_used_at: row.last_used_at === null ? null : toIsoString(row.last_used_at),
  };
}
