import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.ts';

/**
 * The outbox, `webhook_deliveries` (issue 32): queued in the transaction of a change, claimed and
 * finished by the worker, listed for the routes; nothing else writes it.
 */
export function createDeliveriesRepo(db: Kysely<Database>) {
  return {
    /** The newest `limit` deliveries of a webhook. */
    listDeliveries(webhookId: number, limit: number) {
      return db
        .selectFrom('webhook_deliveries')
        .select([
          'event_id',
          'event',
          'state',
          'attempts',
          'last_status',
          'last_error',
          'created_at',
          'delivered_at',
          'next_attempt_at',
        ])
        .where('webhook_id', '=', webhookId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The decision an event is about, as the body names it. */
    decisionOf(decisionId: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('decisions')
        .select(['id', 'name', 'type', 'mode', 'workspace_id'])
        .where('id', '=', decisionId)
        .executeTakeFirst();
    },

    /** Webhooks of the decision and of its workspace, with their creator's language for chat texts. */
    subscribersOf(decision: { id: number; workspace_id: number | null }, trx: Transaction<Database>) {
      return trx
        .selectFrom('webhooks as w')
        .leftJoin('users as u', 'u.id', 'w.created_by')
        .select(['w.id', 'w.events', 'w.format', 'u.language'])
        .where((eb) =>
          decision.workspace_id === null
            ? eb('w.decision_id', '=', decision.id)
            : eb.or([
                eb('w.decision_id', '=', decision.id),
                eb('w.workspace_id', '=', decision.workspace_id),
              ]),
        )
        .orderBy('w.id')
        .execute();
    },

    /** Name fields of the people an event names. */
    peopleOf(userIds: readonly number[], trx: Transaction<Database>) {
      if (!userIds.length) return Promise.resolve([]);
      return trx
        .selectFrom('users')
        .select(['id', 'nickname', 'first_name', 'last_name', 'email', 'deleted_at'])
        .where('id', 'in', [...new Set(userIds)])
        .execute();
    },

    /** An event told once per subject (`once_key`) is not queued a second time for the same webhook. */
    async insertDeliveries(rows: Insertable<WebhookDeliveriesTable>[], trx: Transaction<Database>) {
      if (!rows.length) return;
      await trx
        .insertInto('webhook_deliveries')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['webhook_id', 'once_key']).doNothing())
        .execute();
    },

    /**
     * Due deliveries that may go now: pending, not claimed by a live lease, and the earliest pending one
     * of their webhook and decision (a later event waits for the earlier one).
     */
    dueDeliveries(now: number, limit: number) {
      return db
        .selectFrom('webhook_deliveries as d')
        .select('d.id')
        .where('d.state', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries as e')
                .select('e.id')
                .whereRef('e.webhook_id', '=', 'd.webhook_id')
                .whereRef('e.decision_id', '=', 'd.decision_id')
                .where('e.state', '=', 'pending')
                .whereRef('e.id', '<', 'd.id'),
            ),
          ),
        )
        .orderBy('d.id')
        .limit(limit)
        .execute();
    },

    /**
     * Claims one delivery for an attempt: the guarded UPDATE succeeds for one instance only (PostgreSQL
     * re-checks the WHERE of a row another transaction just changed; SQLite has one writer at a time).
     */
    claim(id: number, now: number, lockedUntil: number, lease: string) {
      return db
        .updateTable('webhook_deliveries as d')
        .set({ locked_until: lockedUntil, lease })
        .where('d.id', '=', id)
        .where('d.state', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst()
        .then(async (row) => {
          if (!row) return undefined;
          const webhook = await db
            .selectFrom('webhooks')
            .select(['url', 'secret'])
            .where('id', '=', row.webhook_id)
            .executeTakeFirst();
          return webhook ? { ...row, url: webhook.url, secret: webhook.secret } : undefined;
        });
    },

    /** Writes an attempt's result, only while the claim still holds the row. */
    async finishAttempt(
      id: number,
      lease: string,
      result: Pick<
        WebhookDeliveriesTable,
        'state' | 'attempts' | 'last_status' | 'last_error' | 'delivered_at' | 'next_attempt_at'
      >,
    ): Promise<boolean> {
      const updated = await db
        .updateTable('webhook_deliveries')
        .set({ ...result, locked_until: null, lease: null })
        .where('id', '=', id)
        .where('lease', '=', lease)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
  };
}

export type DeliveriesRepo = ReturnType<typeof createDeliveriesRepo>;
