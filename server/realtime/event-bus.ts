import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** What subscribers (the SSE streams) receive. */
export interface AppEvent {
  type: 'notification' | 'decision-changed';
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
 * PostgreSQL: events go through NOTIFY, and every instance (this one included) LISTENs on a
 * dedicated connection, so a vote on one instance reaches streams held by another.
 */
export async function createPostgresEventBus(
  pool: pg.Pool,
  log: { warn(obj: object, msg: string): void },
): Promise<EventBus> {
  const local = createLocalDispatch();
  const listener = await pool.connect();
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      local.dispatch(JSON.parse(message.payload) as Envelope);
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed event');
    }
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(userIds, event) {
      if (!userIds.length) return;
      await pool.query('SELECT pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ userIds, event } satisfies Envelope),
      ]);
    },
    subscribe: local.subscribe,
    async close() {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener.release();
    },
  };
}
