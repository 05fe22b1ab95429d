import type { SignedInSession } from '../../../shared/api/sessions.ts';
import type { Timestamp } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';

/** The only session fields that leave the server: never its token hash or expiry. */
export function presentSession(session: {
  id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  user_agent: string | null;
  ip_hint: string | null;
  isCurrent: boolean;
}): SignedInSession {
  return {
    id: session.id,
    created_at: toIsoString(session.created_at),
    last_used_at: toIsoString(session.last_used_at),
    user_agent: session.user_agent,
    ip_hint: session.ip_hint,
    current: session.isCurrent,
  };
}
