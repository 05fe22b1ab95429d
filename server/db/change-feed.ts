import type { CommittedWrite } from './write-watch.ts';

/** The tables whose rows in-memory caches hold (sessions with their users, decision rows, lists, workspace names on list items). */
export const WATCHED_TABLES = ['users', 'sessions', 'decisions', 'team_members', 'workspaces'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/**
 * A committed change of a watched table. `id` and `userId` name the row and its user when known
 * (PostgreSQL's triggers send them); a write of this process names only the table.
 */
export interface TableChange {
  table: WatchedTable;
  op: CommittedWrite['op'];
  id?: number;
  userId?: number;
}

/** Anything may have changed: the feed lost track (listener reconnected, another SQLite connection wrote). */
export type Change = TableChange | { table: '*' };

/** The PostgreSQL channel the triggers of migration 019 notify; see the event bus's listener. */
export const CHANGES_CHANNEL = 'decision_compass_changes';

export interface ChangeFeed {
  /**
   * Whether caches may serve and store right now. False while a change could go unnoticed (the
   * PostgreSQL listener is down). On SQLite it first notices commits of other connections to the file.
   */
  isReliable(): boolean;
  subscribe(listener: (change: Change) => void): () => void;
  /** This process committed these writes (see write-watch.ts). */
  committedLocally(writes: readonly CommittedWrite[]): void;
  /** PostgreSQL: a trigger's notification, already checked to be of this app's schema. */
  notified(payload: unknown): void;
  /** PostgreSQL: the listener connection is (again) listening, or was lost. */
  setListening(isListening: boolean): void;
}

function isWatched(table: unknown): table is WatchedTable {
  return (WATCHED_TABLES as readonly unknown[]).includes(table);
}

function changeOf(payload: unknown): TableChange | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { table, op, id, user_id: userId } = payload as Record<string, unknown>;
  if (!isWatched(table) || (op !== 'insert' && op !== 'update' && op !== 'delete')) return undefined;
  return {
    table,
    op,
    ...(typeof id === 'number' ? { id } : {}),
    ...(typeof userId === 'number' ? { userId } : {}),
  };
}

/**
 * What in-memory caches must forget, from three sources: this process's committed writes, the
 * PostgreSQL triggers' notifications of every instance's writes (sent inside the writing transaction,
 * so they arrive only once it committed), and the engine's own signals of lost track.
 * `hasOutsideCommits` (SQLite): true when another connection committed since it was last asked.
 * `isListening` starts false on PostgreSQL, so nothing is cached until the listener is up.
 */
export function createChangeFeed(options: {
  engine: 'sqlite' | 'postgres';
  hasOutsideCommits?: () => boolean;
}): ChangeFeed {
  const listeners = new Set<(change: Change) => void>();
  let isListening = options.engine === 'sqlite';

  function publish(change: Change): void {
    for (const listener of listeners) listener(change);
  }

  return {
    isReliable() {
      if (options.hasOutsideCommits?.()) publish({ table: '*' });
      return isListening;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    committedLocally(writes) {
      for (const { table, op } of writes) if (isWatched(table)) publish({ table, op });
    },
    notified(payload) {
      const change = changeOf(payload);
      if (change) publish(change);
    },
    setListening(listening) {
      isListening = listening;
      // Either way, what was cached may have changed unseen: while down, or in the gap before LISTEN.
      publish({ table: '*' });
    },
  };
}
