import {
  maskWebhookUrl,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../../../shared/api/webhooks.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { toIsoString } from '../../db/values.ts';
import type { DeliveriesRepo } from './deliveries-repo.ts';
import type { WebhooksRepo } from './repo.ts';

type WebhookRow = Awaited<ReturnType<WebhooksRepo['listForScope']>>[number];
type DeliveryRow = Awaited<ReturnType<DeliveriesRepo['listDeliveries']>>[number];

/** A webhook as listed: never its secret, and its URL without the path (where its own secret often is). */
export function presentWebhook(row: WebhookRow): Webhook {
  const isCreatorKnown = row.created_by !== null && row.email !== null && row.deleted_at === null;
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    decision_id: row.decision_id,
    url: maskWebhookUrl(row.url),
    events: JSON.parse(row.events) as WebhookEvent[],
    format: row.format,
    created_at: toIsoString(row.created_at),
    created_by: isCreatorKnown
      ? { id: row.created_by!, name: displayNameOfAccount({ ...row, email: row.email! }) }
      : null,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.event_id,
    event: row.event as WebhookEvent,
    state: row.state,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: toIsoString(row.created_at),
    delivered_at: row.delivered_at === null ? null : toIsoString(row.delivered_at),
    next_attempt_at:
      row.next_attempt_at === null ? null : new Date(Number(row.next_attempt_at)).toISOString(),
  };
}
