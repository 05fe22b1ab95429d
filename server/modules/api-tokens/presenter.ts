import type { ApiToken } from '../../../shared/api/api-tokens.ts';
import { toIsoString } from '../../db/values.ts';
import type { ApiTokenListRow } from './repo.ts';

/** The only token fields that leave the server: never the token or its hash. */
export function presentApiToken(row: ApiTokenListRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: toIsoString(row.created_at),
    last_used_at: row.last_used_at === null ? null : toIsoString(row.last_used_at),
    expires_at: row.expires_at === null ? null : toIsoString(row.expires_at),
  };
}
