import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { DecisionListSort, DecisionListType } from '../../../shared/api/decisions.ts';
import type { Database, TeamRole, Timestamp } from '../../db/schema.ts';
import type { DecisionRow } from './decision-rows-repo.ts';

/** Where the previous page ended: its last row's sort key and id. */
export interface ListPosition {
  key: string | number;
  id: number;
}

export interface ListPageQuery {
  sort: DecisionListSort;
  type?: DecisionListType | undefined;
  mode?: 'manual' | 'ai' | undefined;
  /** Case-insensitive substring of the name. */
  search?: string | undefined;
  /** Issue 29: one workspace's decisions, or (`none`) those in no workspace. */
  workspace?: number | 'none' | undefined;
  limit: number;
  after?: ListPosition | undefined;
}

export type ListedRow = DecisionRow & { member_role: TeamRole | null; member_submitted_at: Timestamp | null };

/** Scores are ≥ 0: -1 sorts "no score to show" after every real one without NULL handling in the keyset. */
const NO_SCORE = -1;

/**
 * Each order as (key, id), both in one direction, so a row-value comparison continues after a cursor.
 * `score` never orders by a score the caller may not see: a team decision whose results can be hidden
 * (`after_vote`, `after_close`) sorts with the unscored ones, so its position cannot leak its result.
 */
function orderOf(
  sort: DecisionListSort,
  isPostgres: boolean,
): { key: RawBuilder<unknown>; direction: 'asc' | 'desc' } {
  switch (sort) {
    case 'newest':
      return { key: sql`decisions.created_at`, direction: 'desc' };
    case 'oldest':
      return { key: sql`decisions.created_at`, direction: 'asc' };
    case 'name':
      return {
        key: isPostgres ? sql`lower(decisions.name)` : sql`fold_case(decisions.name)`,
        direction: 'asc',
      };
    case 'score':
      return {
        key: sql`case when decisions.type <> 'team' or decisions.results_visibility = 'always'
          then coalesce(decisions.score, ${sql.lit(NO_SCORE)}) else ${sql.lit(NO_SCORE)} end`,
        direction: 'desc',
      };
  }
}

/** PostgreSQL returns timestamps as Date: the cursor carries them as ISO text, as SQLite stores them. */
function cursorKeyOf(value: unknown): string | number {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw new Error(`unexpected sort key ${String(value)}`);
}

/**
 * GET /api/decision's rows, a page at a time: the caller's own decisions and the team decisions they
 * belong to, read as two index-backed branches (owned by user_id, member through team_members.user_id)
 * instead of an OR over a join, each cut to one page before they are merged. Filters, search, order and
 * the keyset cursor run in the database; the total counts the same set.
 */
export function createListPageRepo(db: Kysely<Database>) {
  const isPostgres = () => db.getExecutor().adapter instanceof PostgresAdapter;

  function narrowed<O>(
    query: SelectQueryBuilder<Database, 'decisions' | 'team_members', O>,
    { type, mode, search, workspace }: ListPageQuery,
  ) {
    let narrowedQuery = query;
    if (workspace === 'none') narrowedQuery = narrowedQuery.where('decisions.workspace_id', 'is', null);
    else if (workspace !== undefined)
      narrowedQuery = narrowedQuery.where('decisions.workspace_id', '=', workspace);
    if (type === 'solo') narrowedQuery = narrowedQuery.where('decisions.type', '<>', 'team');
    else if (type) narrowedQuery = narrowedQuery.where('decisions.type', '=', type);
    if (mode) narrowedQuery = narrowedQuery.where('decisions.mode', '=', mode);
    const needle = search?.trim().toLowerCase();
    if (needle) {
      const found = isPostgres()
        ? sql<boolean>`strpos(lower(decisions.name), ${needle}) > 0`
        : sql<boolean>`instr(fold_case(decisions.name), ${needle}) > 0`;
      narrowedQuery = narrowedQuery.where(found);
    }
    return narrowedQuery;
  }

  /** Both branches over `decisions` joined to the caller's membership (none for owned rows). */
  function branches(userId: number) {
    const owned = db
      .selectFrom('decisions')
      // A join that never matches, so both branches have the same tables for `narrowed`.
      .leftJoin('team_members', (join) => join.on(sql<boolean>`1 = 0`))
      .where('decisions.user_id', '=', userId);
    const member = db
      .selectFrom('team_members')
      .innerJoin('decisions', 'decisions.id', 'team_members.decision_id')
      .where('team_members.user_id', '=', userId)
      // Left the decision's workspace after it closed (issue 29): no access, so not listed.
      .where('team_members.left_at', 'is', null)
      // An owner listed as a member as well is listed once, as the owner.
      .where('decisions.user_id', '<>', userId);
    return [owned, member] as const;
  }

  return {
    /** A page of rows, and where the next one starts (undefined on the last page). */
    async listPage(
      userId: number,
      query: ListPageQuery,
    ): Promise<{ rows: ListedRow[]; next: ListPosition | undefined }> {
      const { key, direction } = orderOf(query.sort, isPostgres());
      const comparison = direction === 'desc' ? sql.raw('<') : sql.raw('>');
      const pageOf = (branch: ReturnType<typeof branches>[number]) => {
        let page = narrowed(branch, query)
          .selectAll('decisions')
          .select((eb: ExpressionBuilder<Database, 'decisions' | 'team_members'>) => [
            eb.ref('team_members.role').as('member_role'),
            eb.ref('team_members.submitted_at').as('member_submitted_at'),
            key.as('sort_key'),
          ]);
        const { after } = query;
        if (after)
          page = page.where(sql<boolean>`(${key}, decisions.id) ${comparison} (${after.key}, ${after.id})`);
        return db
          .selectFrom(
            page
              .orderBy(key, direction)
              .orderBy('decisions.id', direction)
              .limit(query.limit + 1)
              .as('page'),
          )
          .selectAll();
      };
      const [owned, member] = branches(userId);
      const rows = await db
        .selectFrom(pageOf(owned).unionAll(pageOf(member)).as('visible'))
        .selectAll()
        .orderBy('sort_key', direction)
        .orderBy('id', direction)
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        rows: page.map(({ sort_key: _sortKey, ...row }) => row as ListedRow),
        // The key as the database computed it, so the next page compares like with like.
        next:
          rows.length > query.limit && last ? { key: cursorKeyOf(last.sort_key), id: last.id } : undefined,
      };
    },

    /** How many rows the query finds over all pages (X-Total-Count). */
    async countVisible(userId: number, query: ListPageQuery): Promise<number> {
      const counts = await Promise.all(
        branches(userId).map((branch) =>
          narrowed(branch, query)
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .executeTakeFirstOrThrow(),
        ),
      );
      return counts.reduce((sum, row) => sum + Number(row.count), 0);
    },
  };
}
