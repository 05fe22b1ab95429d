import { createCache } from '../../db/cache.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { SessionsRepo } from './repo.ts';

export type FoundSession = NonNullable<Awaited<ReturnType<SessionsRepo['findValidWithUser']>>>;

const userTag = (userId: number) => `user:${userId}`;

/**
 * Sessions with their users by token hash, so most requests authenticate without a query. An ended
 * session (logout, password change or reset, account deletion) or any change of the user drops the
 * user's entries on every instance before their next request can use them (see db/cache.ts); an entry
 * also ends with its session's expiry and after 30 s at the latest.
 */
export function createSessionCache(changes: ChangeFeed) {
  return createCache<FoundSession>({
    feed: changes,
    invalidatedBy(change) {
      const userId = change.table === 'users' ? change.id : change.userId;
      const isStale =
        (change.table === 'sessions' && change.op === 'delete') ||
        (change.table === 'users' && change.op !== 'insert');
      if (!isStale) return undefined;
      return userId === undefined ? 'all' : [userTag(userId)];
    },
  });
}

export function keepSession(found: FoundSession) {
  return { tags: [userTag(found.id)], validUntil: new Date(found.session_expires_at).getTime() };
}
