import type { FastifyReply } from 'fastify';
import { createCache } from '../../db/cache.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { ListedDecision, ListedPage } from './list-decisions.ts';
import type { ListPosition } from './list-page-repo.ts';
import type { DecisionListQuery } from '../../../shared/api/decisions.ts';
import { presentListItem } from './presenter.ts';

/** A serialized page with what its headers say. */
export interface ListBody {
  body: string;
  total: number;
  next: ListPosition | undefined;
}

/**
 * Serialized list pages per user and query (order, filters, search, limit, cursor): a keyset page stays
 * the same until something changes. Any committed change of a decision, a membership or a workspace, on any
 * instance, drops every page (whose cards it touches is not worth a query); a page also ends when the
 * next deadline on it passes (status and lock change with the clock) and after 30 s at the latest.
 */
export function createListBodies(changes: ChangeFeed) {
  const bodies = createCache<ListBody>({
    feed: changes,
    invalidatedBy: (change) =>
      change.table === 'decisions' ||
      change.table === 'team_members' ||
      // List items carry `workspace: { id, name }`: a renamed or deleted workspace changes them.
      change.table === 'workspaces' ||
      (change.table === 'users' && change.op === 'delete')
        ? 'all'
        : undefined,
  });

  return {
    /**
     * A page of GET /api/decision for `userId`: cached under `queryKey` (the canonical query), or
     * listed, presented and serialized now.
     */
    async read(
      userId: number,
      queryKey: string,
      list: () => Promise<ListedPage>,
      reply: FastifyReply,
    ): Promise<ListBody> {
      let validUntil: number | undefined;
      return bodies.read(
        `${userId}?${queryKey}`,
        async () => {
          const { items, total, next } = await list();
          validUntil = listValidUntil(items);
          const body = reply.serialize(items.map((item) => presentListItem(item, userId))) as string;
          return { body, total, next };
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

/** The parameters that choose a page, in a fixed order: the cache key, and the next page's link. */
function listParamsOf(query: DecisionListQuery, cursor: string | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.type) params.set('type', query.type);
  if (query.mode) params.set('mode', query.mode);
  if (query.workspace_id !== undefined) params.set('workspace_id', String(query.workspace_id));
  params.set('sort', query.sort);
  params.set('limit', String(query.limit));
  if (cursor !== undefined) params.set('cursor', cursor);
  return params;
}

/** The cache key of a page: two spellings of one query (order of parameters, spaces) share it. */
export function canonicalListQuery(query: DecisionListQuery): string {
  return listParamsOf(query, query.cursor).toString();
}

/** The Link header's target: the same query from `cursor` on. */
export function listPageLink(query: DecisionListQuery, cursor: string): string {
  return `/api/decision?${listParamsOf(query, cursor).toString()}`;
}
