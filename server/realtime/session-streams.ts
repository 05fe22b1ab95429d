import { LIMITS } from '../../shared/limits.ts';
import type { AppEvent, EventBus } from './event-bus.ts';

/** Which of a user's sessions ended: one (logout), all but one (password change), all (password reset). */
export type EndedSessions = { sessionId: number } | { allExcept: number | null };

/** Why the server ends a stream; `replaced` is told to the client first, so it need not reconnect at once. */
export type EndReason = 'session-ended' | 'replaced';

interface OpenStream {
  sessionId: number;
  end(reason: EndReason): void;
}

/** Whether a `session-ended` event's data names this session. Unknown shapes end nothing. */
export function endsSession(data: AppEvent['data'], sessionId: number): boolean {
  if (typeof data.sessionId === 'number') return data.sessionId === sessionId;
  if ('allExcept' in data) return data.allExcept !== sessionId;
  return false;
}

/**
 * The open event streams of this instance, per user and session. A stream lives no longer than its
 * session: ending sessions ends their streams here at once and, through the event bus (`session-ended`),
 * on every other instance. A user keeps at most `maxPerUser` streams on an instance; opening one more
 * ends the oldest, so a browser with many tabs keeps working while a leaked token cannot pile up
 * connections.
 */
export function createSessionStreams(eventBus: EventBus, maxPerUser: number = LIMITS.events.streamsPerUser) {
  // Per user, in opening order (a Set iterates in insertion order): the first is the oldest.
  const byUser = new Map<number, Set<OpenStream>>();

  function forget(userId: number, stream: OpenStream): void {
    const streams = byUser.get(userId);
    streams?.delete(stream);
    if (streams?.size === 0) byUser.delete(userId);
  }

  return {
    /** Registers a stream; `end` must close it and be safe to call twice. Returns the unregistration. */
    open(userId: number, sessionId: number, end: (reason: EndReason) => void): () => void {
      const stream: OpenStream = { sessionId, end };
      const streams = byUser.get(userId) ?? new Set<OpenStream>();
      byUser.set(userId, streams);
      streams.add(stream);
      for (const oldest of streams) {
        if (streams.size <= maxPerUser) break;
        streams.delete(oldest);
        oldest.end('replaced');
      }
      return () => forget(userId, stream);
    },

    /** Ends the streams of the ended sessions on this instance, then tells the other instances. */
    async endSessions(userId: number, ended: EndedSessions): Promise<void> {
      for (const stream of [...(byUser.get(userId) ?? [])]) {
        if (endsSession(ended, stream.sessionId)) stream.end('session-ended');
      }
      await eventBus.publish([userId], { type: 'session-ended', data: ended });
    },

    /** Graceful shutdown: streams never finish by themselves (clients reconnect to another instance). */
    endAll(): void {
      for (const streams of [...byUser.values()])
        for (const stream of [...streams]) stream.end('session-ended');
    },
  };
}

export type SessionStreams = ReturnType<typeof createSessionStreams>;
