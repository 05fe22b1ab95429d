import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { createWebhookRequestSchema } from '../../../shared/api/webhooks.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import { urlRefusalOf } from './address-check.ts';
import type { DeliveriesRepo } from './deliveries-repo.ts';
import type { WebhookScope, WebhooksRepo } from './repo.ts';

type CreateWebhook = z.output<typeof createWebhookRequestSchema>;

export interface WebhooksServiceDeps {
  webhooks: WebhooksRepo;
  deliveries: Pick<DeliveriesRepo, 'listDeliveries'>;
  /** Throws 404 for outsiders and 403 for members without the right (decisions policy `manageWebhooks`). */
  authorizeDecision(decisionId: number, userId: number): Promise<void>;
  /** The same for a workspace (workspaces policy `manageWebhooks`). */
  authorizeWorkspace(workspaceId: number, userId: number): Promise<void>;
  /** `WEBHOOK_ALLOW_PRIVATE`. */
  allowPrivate: boolean;
}

/** Signing secrets: 256 random bits, prefixed so secret scanners recognise them. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The one scope a request names: exactly one of `workspace_id` and `decision_id`. */
function scopeOf(input: {
  workspace_id?: number | undefined;
  decision_id?: number | undefined;
}): WebhookScope {
  if (input.workspace_id !== undefined && input.decision_id !== undefined)
    throw new AppError('VALIDATION_FAILED', { decision_id: 'validation.webhookScope' });
  if (input.workspace_id !== undefined) return { workspaceId: input.workspace_id };
  if (input.decision_id !== undefined) return { decisionId: input.decision_id };
  throw new AppError('VALIDATION_FAILED', { decision_id: 'validation.webhookScope' });
}

/** Issue 32: owners and admins of a workspace or a team decision manage its outbound webhooks. */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { webhooks, deliveries, allowPrivate } = deps;

  async function authorizeScope(scope: WebhookScope, userId: number): Promise<void> {
    if ('workspaceId' in scope) await deps.authorizeWorkspace(scope.workspaceId, userId);
    else await deps.authorizeDecision(scope.decisionId, userId);
  }

  /** The webhook, once the caller may manage its scope (an unknown id: 404, as for outsiders). */
  async function authorizedWebhook(id: number, userId: number) {
    const webhook = await webhooks.findById(id);
    if (!webhook) throw new AppError('NOT_FOUND');
    await authorizeScope(
      webhook.workspace_id !== null
        ? { workspaceId: webhook.workspace_id }
        : { decisionId: webhook.decision_id! },
      userId,
    );
    return webhook;
  }

  return {
    /** Answers the id and the signing secret, which is never shown again. */
    async create(userId: number, input: CreateWebhook): Promise<{ id: number; secret: string }> {
      const scope = scopeOf(input);
      await authorizeScope(scope, userId);
      const refusal = urlRefusalOf(input.url, { allowPrivate });
      if (refusal) throw new AppError('VALIDATION_FAILED', { url: refusal });
      if ((await webhooks.countForScope(scope)) >= LIMITS.webhooks.perScope)
        throw new AppError('TOO_MANY_WEBHOOKS', undefined, {
          messageParams: { max: LIMITS.webhooks.perScope },
        });
      const secret = newSecret();
      const id = await webhooks.insert({
        scope,
        url: input.url,
        secret,
        events: input.events,
        format: input.format,
        createdBy: userId,
        createdAt: isoNow(),
      });
      return { id, secret };
    },

    async list(
      userId: number,
      query: { workspace_id?: number | undefined; decision_id?: number | undefined },
    ) {
      const scope = scopeOf(query);
      await authorizeScope(scope, userId);
      return webhooks.listForScope(scope);
    },

    /** Its queued deliveries go with it. */
    async remove(userId: number, id: number): Promise<void> {
      await authorizedWebhook(id, userId);
      await webhooks.delete(id);
    },

    async deliveries(userId: number, id: number) {
      await authorizedWebhook(id, userId);
      return deliveries.listDeliveries(id, LIMITS.webhooks.deliveriesShown);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
