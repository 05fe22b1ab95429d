import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * What subscribers (the SSE streams) receive. `session-ended` is internal: the stream of a named session
 * closes, and the event itself is never sent to a client.
 */
export interface AppEvent {
  type: 'notification' | 'decision-changed' | 'session-ended';
  data: Record<string, unknown>;
}

interface Envelope {
  userIds: number[];
  event: AppEvent;
}

export interface EventBus {
  /** Delivers the event to every open stream of the given users, on every instance. */
  publish(userIds: number[], event: AppEvent): Promise<void>;
  subscribe(userId: number, listener: (event: AppEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'decision_compass_events';

function createLocalDispatch() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open stream
  return {
    dispatch({ userIds, event }: Envelope) {
      for (const userId of new Set(userIds)) emitter.emit(`user:${userId}`, event);
    },
    subscribe(userId: number, listener: (event: AppEvent) => void) {
      emitter.on(`user:${userId}`, listener);
      return () => void emitter.off(`user:${userId}`, listener);
    },
  };
}

/** SQLite: one process, so delivery stays in memory. */
export function createLocalEventBus(): EventBus {
  const local = createLocalDispatch();
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
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Promise<EventBus> {
  const { pool, connectListener, scope, log } = options;
  const local = createLocalDispatch();
  let listener: pg.Client | undefined;
  let isClosed = false;

  async function listen(attempt = 0): Promise<void> {
    try {
      const client = await connectListener();
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        try {
          const envelope = JSON.parse(message.payload) as Envelope & { scope: string };
          if (envelope.scope === scope) local.dispatch(envelope);
        } catch (error) {
          log.warn({ err: error }, 'ignored a malformed event');
        }
      });
      client.on('error', (error) => log.error({ err: error }, 'event listener connection failed'));
      client.on('end', () => {
        if (isClosed) return;
        log.warn({}, 'event listener connection ended; reconnecting');
        void listen(1);
      });
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
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
      if (!userIds.length) return;
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ scope, userIds, event })]);
    },
    subscribe: local.subscribe,
    async close() {
      isClosed = true;
      await listener?.end().catch(() => undefined);
    },
  };
}
