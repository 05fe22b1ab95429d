import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** What a webhook belongs to: one team decision, or a workspace (and so all of its decisions). */
export type WebhookScope = { workspaceId: number } | { decisionId: number };

const scopeColumn = (scope: WebhookScope) =>
  'workspaceId' in scope
    ? (['workspace_id', scope.workspaceId] as const)
    : (['decision_id', scope.decisionId] as const);

/** The `webhooks` table (issue 32): what the routes manage; nothing else writes it. */
export function createWebhooksRepo(db: Kysely<Database>) {
  return {
    countForScope(scope: WebhookScope, executor: Executor = db): Promise<number> {
      const [column, id] = scopeColumn(scope);
      return executor
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },

    async insert(
      webhook: {
        scope: WebhookScope;
        url: string;
        secret: string;
        events: readonly string[];
        format: 'json' | 'slack';
        createdBy: number;
        createdAt: string;
      },
      executor: Executor = db,
    ): Promise<number> {
      const row = await executor
        .insertInto('webhooks')
        .values({
          workspace_id: 'workspaceId' in webhook.scope ? webhook.scope.workspaceId : null,
          decision_id: 'decisionId' in webhook.scope ? webhook.scope.decisionId : null,
          url: webhook.url,
          secret: webhook.secret,
          events: JSON.stringify(webhook.events),
          format: webhook.format,
          created_by: webhook.createdBy,
          created_at: webhook.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Oldest first, with the creator's name fields (null once the account is gone). */
    listForScope(scope: WebhookScope) {
      const [column, id] = scopeColumn(scope);
      return db
        .selectFrom('webhooks as w')
        .leftJoin('users as u', 'u.id', 'w.created_by')
        .select([
          'w.id',
          'w.workspace_id',
          'w.decision_id',
          'w.url',
          'w.events',
          'w.format',
          'w.created_at',
          'w.created_by',
          'u.nickname',
          'u.first_name',
          'u.last_name',
          'u.email',
          'u.deleted_at',
        ])
        .where(`w.${column}`, '=', id)
        .orderBy('w.id')
        .execute();
    },

    findById(id: number) {
      return db
        .selectFrom('webhooks')
        .select(['id', 'workspace_id', 'decision_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
