import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { CHANGES_CHANNEL, type ChangeFeed } from '../db/change-feed.ts';

/**
 * What subscribers (the SSE streams) receive. `session-ended` is internal: the stream of a named session
 * closes, and the event itself is never sent to a client.
 */
export interface AppEvent {
  /** `workspace-changed` (issue 29): `{ workspace_id }` to every member, and to one who just left. */
  type: 'notification' | 'decision-changed' | 'comments-changed' | 'workspace-changed' | 'session-ended';
  data: Record<string, unknown>;
}

interface Envelope {
  userIds: number[];
  event: AppEvent;
}

export interface EventBus {
  /**
   * Delivers the event to every open stream of the given users, on every instance. Never rejects:
   * it runs after the write committed, so a failed notice is logged and must not turn that into a 500.
   */
  publish(userIds: number[], event: AppEvent): Promise<void>;
  subscribe(userId: number, listener: (event: AppEvent) => void): () => void;
  /** PostgreSQL: the server process of the LISTEN connection (operators, and tests that cut it). */
  listenerProcessId?(): number | undefined;
  close(): Promise<void>;
}

const CHANNEL = 'decision_compass_events';

// PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; stay clearly below.
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_500;

interface EventLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The NOTIFY payloads of one event: the audience split so that each envelope stays under the limit
 * (a 2,000-member team is ~20 kB of ids). The rest of the envelope is measured in bytes once; each
 * id adds its digits and a comma.
 */
export function notifyPayloads(scope: string, userIds: number[], event: AppEvent): string[] {
  const emptyBytes = Buffer.byteLength(JSON.stringify({ scope, userIds: [], event }));
  const payloads: string[] = [];
  let chunk: number[] = [];
  let bytes = emptyBytes;
  for (const userId of new Set(userIds)) {
    const idBytes = String(userId).length + 1; // the id and its comma
    if (chunk.length && bytes + idBytes >= MAX_NOTIFY_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ scope, userIds: chunk, event }));
      chunk = [];
      bytes = emptyBytes;
    }
    chunk.push(userId);
    bytes += idBytes;
  }
  if (chunk.length) payloads.push(JSON.stringify({ scope, userIds: chunk, event }));
  return payloads;
}

function createLocalDispatch(log: EventLog | undefined) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open stream
  return {
    dispatch({ userIds, event }: Envelope) {
      for (const userId of new Set(userIds)) {
        // One broken stream must not keep the event from the others (nor fail the publishing write).
        try {
          emitter.emit(`user:${userId}`, event);
        } catch (error) {
          log?.error({ err: error, userId, type: event.type }, 'event listener failed');
        }
      }
    },
    subscribe(userId: number, listener: (event: AppEvent) => void) {
      emitter.on(`user:${userId}`, listener);
      return () => void emitter.off(`user:${userId}`, listener);
    },
  };
}

/** SQLite: one process, so delivery stays in memory. */
export function createLocalEventBus(log?: EventLog): EventBus {
  const local = createLocalDispatch(log);
  return {
    async publish(userIds, event) {
      local.dispatch({ userIds, event });
    },
    subscribe: local.subscribe,
    async close() {},
  };
}

/**
 * PostgreSQL: events go through NOTIFY, and every instance (this one included) LISTENs on its own
 * connection, so a vote on one instance reaches streams held by another. Envelopes carry the
 * schema, so apps sharing a database but not a schema never see each other's events. A lost
 * listener connection is re-established with backoff.
 */
export async function createPostgresEventBus(options: {
  pool: pg.Pool;
  connectListener: () => Promise<pg.Client>;
  scope: string;
  log: EventLog;
  /** Told the cache triggers' notifications, and whether the listener is up (caches pause while not). */
  changes?: Pick<ChangeFeed, 'notified' | 'setListening'>;
}): Promise<EventBus> {
  const { pool, connectListener, scope, log, changes } = options;
  const local = createLocalDispatch(log);
  let listener: pg.Client | undefined;
  let isClosed = false;

  async function listen(attempt = 0): Promise<void> {
    try {
      const client = await connectListener();
      client.on('notification', (message) => {
        if (!message.payload || (message.channel !== CHANNEL && message.channel !== CHANGES_CHANNEL)) return;
        try {
          const envelope = JSON.parse(message.payload) as { scope: string };
          if (envelope.scope !== scope) return;
          if (message.channel === CHANGES_CHANNEL) changes?.notified(envelope);
          else local.dispatch(envelope as Envelope & { scope: string });
        } catch (error) {
          log.warn({ err: error }, 'ignored a malformed event');
        }
      });
      client.on('error', (error) => {
        // Notifications may be missed from now on: caches stop serving until the listener is back.
        changes?.setListening(false);
        log.error({ err: error }, 'event listener connection failed');
      });
      client.on('end', () => {
        changes?.setListening(false);
        if (isClosed) return;
        log.warn({}, 'event listener connection ended; reconnecting');
        void listen(1);
      });
      await client.query(`LISTEN ${CHANNEL}`);
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      listener = client;
      // Whatever changed while nobody listened was not told: the caches start empty again.
      changes?.setListening(true);
    } catch (error) {
      if (isClosed) return;
      if (attempt === 0) throw error; // at start: fail loudly rather than run without live updates
      const delay = Math.min(30_000, 500 * 2 ** attempt);
      log.error({ err: error, retryInMs: delay }, 'event listener reconnect failed');
      setTimeout(() => void listen(attempt + 1), delay).unref();
    }
  }

  await listen();
  return {
    async publish(userIds, event) {
      try {
        for (const payload of notifyPayloads(scope, userIds, event)) {
          await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
        }
      } catch (error) {
        // The write behind the event has committed: its answer stands, live views catch up on reload.
        log.error({ err: error, type: event.type, audience: userIds.length }, 'event not published');
      }
    },
    subscribe: local.subscribe,
    listenerProcessId: () => (listener as (pg.Client & { processID?: number }) | undefined)?.processID,
    async close() {
      isClosed = true;
      await listener?.end().catch(() => undefined);
    },
  };
}
