import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

export interface ServerSentEvent {
  event: string;
  /** Parsed JSON when the data is JSON, else the raw text. */
  data: unknown;
}

export interface WaitOptions {
  where?: (data: unknown) => boolean;
  /** Ignore the events before this position of `events` (default 0). */
  from?: number;
  timeoutMs?: number;
}

export interface EventStream {
  response: Response;
  /** Every event received so far, in order (keep-alive comments left out). */
  events: ServerSentEvent[];
  /**
   * Resolves with the first event of `type` whose data matches `where`, among the events from position
   * `from` on (already received or still to come).
   */
  waitFor(type: string, options?: WaitOptions): Promise<ServerSentEvent>;
  /** Resolves when the server ends the stream; rejects if it is still open after `timeoutMs`. */
  waitForEnd(timeoutMs?: number): Promise<void>;
  /** True once the server ended the stream (not when the test closed it). */
  readonly isEnded: boolean;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 with a random port and answers the base URL. */
export async function listenOnRandomPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * Drops the sockets of streams the test already closed: fetch keeps an aborted stream's socket
 * around for its keep-alive time (~4 s), which would hold up `app.close()`. Call after closing every stream.
 */
export function dropLingeringConnections(app: FastifyInstance): void {
  app.server.closeAllConnections();
}

function parseBlock(block: string): ServerSentEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  let hasField = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    hasField = true;
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (!hasField) return undefined;
  const text = data.join('\n');
  try {
    return { event, data: JSON.parse(text) as unknown };
  } catch {
    return { event, data: text };
  }
}

/** Opens GET /api/events with fetch (as the web client does) and collects the events as they arrive. */
export async function openEventStream(
  baseUrl: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  const events: ServerSentEvent[] = [];
  const wakers = new Set<() => void>();

  let pumping: Promise<void> = Promise.resolve();
  let isEnded = false;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    pumping = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            isEnded = true;
            return;
          }
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const parsed = parseBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (parsed) events.push(parsed);
          }
          for (const wake of wakers) wake();
        }
      } catch {
        // Aborted by close(), or the server ended the stream.
      }
    })();
  }

  return {
    response,
    events,
    waitFor(type, { where = () => true, from = 0, timeoutMs = 3_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find((event) => event.event === type && where(event.data));
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${type}" event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          wakers.delete(check);
        };
        wakers.add(check);
        check();
      });
    },
    get isEnded() {
      return isEnded;
    },
    async waitForEnd(timeoutMs = 3_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`stream still open after ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([pumping, timeout]);
      } finally {
        clearTimeout(timer);
      }
      if (!isEnded) throw new Error('stream failed instead of ending');
    },
    async close() {
      controller.abort();
      await pumping;
    },
  };
}
