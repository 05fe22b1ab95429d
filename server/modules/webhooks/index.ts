// The webhooks module's front door (issue 32): what the app wires.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Emit } from '../../events/domain-events.ts';
import type { Resolve } from './delivery.ts';
import { createWebhookOutbox, type WebhookOutboxDeps } from './outbox.ts';
import { createDeliveriesRepo } from './deliveries-repo.ts';
import { createWebhooksRepo } from './repo.ts';
import { createWebhooksService, type WebhooksServiceDeps } from './service.ts';
import { createWebhookWorker } from './worker.ts';

export type { OutboxComment, WebhookOutbox } from './outbox.ts';
export type { WebhooksService } from './service.ts';
export type { WebhookWorker } from './worker.ts';
export { webhooksRoutes } from './routes.ts';

export interface WebhooksConfig {
  retryDelaysMs: number[];
  allowPrivate: boolean;
  timeoutMs: number;
  pollMs: number;
  /** Tests may stand in a resolver; the system's DNS otherwise. */
  resolve?: Resolve | undefined;
}

/**
 * The outbox that writes queue deliveries into, the worker that sends them, and the service of the
 * routes. `nudgeAfter` wraps the app's `emit` (called once a write committed), so deliveries a write
 * queued go out right after it; the worker's own timer covers the rest (other instances, restarts).
 */
export function createWebhooks(deps: {
  db: Kysely<Database>;
  config: WebhooksConfig;
  decisions: WebhookOutboxDeps['decisions'];
  appUrl: string;
  authorizeDecision: WebhooksServiceDeps['authorizeDecision'];
  authorizeWorkspace: WebhooksServiceDeps['authorizeWorkspace'];
  log: { warn(obj: object, msg: string): void };
}) {
  const { config } = deps;
  const deliveries = createDeliveriesRepo(deps.db);
  let isQueued = false;
  const outbox = createWebhookOutbox({
    deliveries,
    decisions: deps.decisions,
    appUrl: deps.appUrl,
    onQueued: () => {
      isQueued = true;
    },
  });
  const worker = createWebhookWorker({ deliveries, ...config, log: deps.log });
  const service = createWebhooksService({
    webhooks: createWebhooksRepo(deps.db),
    deliveries,
    authorizeDecision: deps.authorizeDecision,
    authorizeWorkspace: deps.authorizeWorkspace,
    allowPrivate: config.allowPrivate,
  });
  return {
    outbox,
    worker,
    service,
    nudgeAfter(emit: Emit): Emit {
      return async (event) => {
        await emit(event);
        if (!isQueued) return;
        isQueued = false;
        worker.nudge();
      };
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
