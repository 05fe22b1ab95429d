import type { FastifyReply } from 'fastify';
import { createCache } from '../../db/cache.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { ListedDecision } from './list-decisions.ts';
import { presentListItem } from './presenter.ts';

/**
 * The serialized decision list per user. Any committed change of a decision or a membership, on any
 * instance, drops every list (whose cards it touches is not worth a query); a list also ends when the
 * next deadline on it passes (status and lock change with the clock) and after 30 s at the latest.
 */
export function createListBodies(changes: ChangeFeed) {
  const bodies = createCache<string>({
    feed: changes,
    invalidatedBy: (change) =>
      change.table === 'decisions' ||
      change.table === 'team_members' ||
      (change.table === 'users' && change.op === 'delete')
        ? 'all'
        : undefined,
  });

  return {
    /** GET /api/decision's body for `userId`: cached, or listed, presented and serialized now. */
    async read(userId: number, list: () => Promise<ListedDecision[]>, reply: FastifyReply): Promise<string> {
      let validUntil: number | undefined;
      return bodies.read(
        String(userId),
        async () => {
          const listed = await list();
          validUntil = listValidUntil(listed);
          return reply.serialize(listed.map((item) => presentListItem(item, userId))) as string;
        },
        () => ({ tags: [], validUntil }),
      );
    },
  };
}

/** The moment the list stops being true by itself: the earliest deadline still ahead. */
export function listValidUntil(listed: readonly ListedDecision[], now = Date.now()): number | undefined {
  let earliest: number | undefined;
  for (const { decision } of listed) {
    const deadline = decision.timer === null ? NaN : new Date(decision.timer).getTime();
    if (deadline > now && (earliest === undefined || deadline < earliest)) earliest = deadline;
  }
  return earliest;
}
