import { randomUUID } from 'node:crypto';
import { isoNow } from '../../db/values.ts';
import { attemptDelivery, signatureOf, type Resolve } from './delivery.ts';
import type { DeliveriesRepo } from './deliveries-repo.ts';

export interface WebhookWorkerOptions {
  deliveries: Pick<DeliveriesRepo, 'dueDeliveries' | 'claim' | 'finishAttempt'>;
  /** Waits before the 2nd, 3rd, … attempt; one attempt more than there are delays. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  allowPrivate: boolean;
  /** How often this instance looks for due deliveries besides the nudges; 0 starts no timer. */
  pollMs: number;
  resolve?: Resolve | undefined;
  log: { warn(obj: object, msg: string): void };
}

/** Deliveries attempted side by side in one round (each of another webhook and decision). */
const BATCH = 10;
/** A claim outlives the longest attempt; an instance that died mid-attempt frees its rows after this. */
const LEASE_MARGIN_MS = 50_000;

/**
 * Sends the outbox's deliveries (issue 32), from any instance: each attempt runs under a claim won by
 * a guarded UPDATE, so no delivery is attempted twice at the same time, and only the earliest pending
 * delivery of a webhook and decision is ever due, so they arrive in order. It looks every `pollMs` and
 * whenever a write queued something (`nudge`).
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { deliveries, retryDelaysMs, timeoutMs, allowPrivate, pollMs, resolve, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isAgain = false;
  let isStopped = false;

  /** One attempt of one delivery; false when another instance holds it (or it is no longer due). */
  async function attempt(id: number): Promise<boolean> {
    const lease = randomUUID();
    const claimedAt = Date.now();
    const row = await deliveries.claim(id, claimedAt, claimedAt + timeoutMs + LEASE_MARGIN_MS, lease);
    if (!row) return false;
    const signature = signatureOf(row.secret, row.body, Math.floor(Date.now() / 1000));
    const result = await attemptDelivery(
      row.url,
      row.body,
      { signature, eventId: row.event_id, event: row.event },
      { timeoutMs, allowPrivate, resolve },
    );
    const attempts = row.attempts + 1;
    const delay = retryDelaysMs[attempts - 1];
    const state =
      result.outcome === 'delivered'
        ? 'delivered'
        : result.outcome === 'retry' && delay !== undefined
          ? 'pending'
          : 'failed';
    await deliveries.finishAttempt(id, lease, {
      state,
      attempts,
      last_status: result.status,
      last_error: result.error,
      delivered_at: state === 'delivered' ? isoNow() : null,
      next_attempt_at: state === 'pending' ? Date.now() + delay! : null,
    });
    return true;
  }

  /** Attempts every due delivery, round after round, until none is due (or this instance stops). */
  async function deliverDue(): Promise<number> {
    let attempted = 0;
    while (!isStopped) {
      const due = await deliveries.dueDeliveries(Date.now(), BATCH);
      if (!due.length) break;
      const results = await Promise.all(due.map((row) => attempt(row.id)));
      const count = results.filter(Boolean).length;
      attempted += count;
      // Everything due is held by other instances: they finish it.
      if (count === 0) break;
    }
    return attempted;
  }

  function nudge(): void {
    if (isStopped) return;
    if (running) {
      isAgain = true;
      return;
    }
    running = (async () => {
      do {
        isAgain = false;
        await deliverDue().catch((error: unknown) =>
          log.warn({ err: error }, 'webhook deliveries failed; they are tried again at the next look'),
        );
      } while (isAgain && !isStopped);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    nudge,

    /** Waits for the running round (tests: after a write, its deliveries were attempted). */
    async idle(): Promise<void> {
      while (running) await running;
    },

    /** A round now, after any running one; answers how many attempts it made. */
    async deliverDue(): Promise<number> {
      while (running) await running;
      return deliverDue();
    },

    start(): void {
      if (timer || pollMs <= 0) return;
      timer = setInterval(nudge, pollMs);
      timer.unref();
    },

    /**
     * Stops looking and waits up to `waitMs` for attempts in flight; one cut off keeps its claim until
     * the lease runs out, then any instance attempts it again (same `id`).
     */
    async stop(waitMs: number): Promise<void> {
      isStopped = true;
      clearInterval(timer);
      timer = undefined;
      if (!running) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolveWait) => {
          timeout = setTimeout(resolveWait, waitMs);
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
