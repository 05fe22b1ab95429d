import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { resourceIdSchema } from './ids.ts';

// Issue 32: outbound webhooks of a team decision or a workspace (server/modules/webhooks).

/** The events a webhook may ask for; each delivery's `event` is one of them. */
export const WEBHOOK_EVENTS = [
  'decision.activated',
  'vote.completed',
  'voting.ended',
  'outcome.recorded',
  'comment.created',
  'member.joined',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** `json`: the signed event body; `slack`: `{ text }`, which Slack, Mattermost and Teams accept. */
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

const isWebhookEvent = (name: string): name is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);

/**
 * The body of POST /api/webhooks: exactly one of `workspace_id` and `decision_id` (the service says
 * which is missing). Unknown event names are refused naming `events` as a whole.
 */
export const createWebhookRequestSchema = z.object({
  workspace_id: resourceIdSchema.optional(),
  decision_id: resourceIdSchema.optional(),
  url: z.string().trim().min(1, 'validation.required').max(LIMITS.webhooks.urlMax, 'validation.tooLong'),
  events: z
    .array(z.string().max(100))
    .min(1, 'validation.webhookEvents')
    .max(WEBHOOK_EVENTS.length * 2)
    .superRefine((events, context) => {
      if (!events.every(isWebhookEvent))
        context.addIssue({ code: 'custom', message: 'validation.webhookEvents' });
    })
    .transform((events) => [...new Set(events)] as WebhookEvent[]),
  format: z.enum(WEBHOOK_FORMATS, { error: 'validation.webhookFormat' }).default('json'),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** The answer of POST /api/webhooks: the signing secret is shown this once. */
export const createdWebhookSchema = z.object({ id: z.number(), secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhooksQuerySchema = z.object({
  workspace_id: resourceIdSchema.optional(),
  decision_id: resourceIdSchema.optional(),
});

export const webhookIdParamsSchema = z.object({ id: resourceIdSchema });

/** A webhook as listed: the URL with its path masked (incoming-webhook URLs carry their secret there). */
export const webhookSchema = z.object({
  id: z.number(),
  workspace_id: z.number().nullable(),
  decision_id: z.number().nullable(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  format: z.enum(WEBHOOK_FORMATS),
  created_at: z.string(),
  /** null once the creator's account is deleted. */
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** `pending` until delivered (`delivered`) or given up (`failed`: a final answer or no attempts left). */
export const deliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** One event of a webhook, newest first; `id` is the `id` its body carries on every attempt. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: webhookEventSchema,
  state: deliveryStateSchema,
  attempts: z.number(),
  /** The receiver's HTTP status of the last attempt; null before one, or when it got no answer. */
  last_status: z.number().nullable(),
  /** Why the last attempt got no answer (timeout, refused address, connection error); null otherwise. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Shows scheme and host of a webhook URL, never its path or query (where such URLs keep their secret). */
export function maskWebhookUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hasMore = parsed.pathname !== '/' || parsed.search !== '';
    return `${parsed.protocol}//${parsed.host}/${hasMore ? '…' : ''}`;
  } catch {
    return '…';
  }
}
