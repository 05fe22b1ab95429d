import { currentLanguage } from './i18n.ts';

/** One Server-Sent Event: its `event:` name and its `data:` parsed as JSON (null when it is not JSON). */
export interface LiveEvent {
  type: string;
  data: unknown;
}

interface LiveEventsOptions {
  url: string;
  /** The session's bearer token; a new session opens a new stream. */
  token: string;
  onEvent: (event: LiveEvent) => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * Parses the text/event-stream format (WHATWG HTML, "server-sent events"): fields per line,
 * an empty line dispatches, lines starting with ":" are comments (keep-alives).
 */
export function createSseParser(dispatch: (event: LiveEvent) => void): (chunk: string) => void {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];

  function processLine(line: string) {
    if (line === '') {
      if (dataLines.length) {
        const raw = dataLines.join('\n');
        let data: unknown = null;
        try {
          data = JSON.parse(raw);
        } catch {
          data = null;
        }
        dispatch({ type: eventType || 'message', data });
      }
      eventType = '';
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') dataLines.push(value);
  }

  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    // The last piece may be an incomplete line; keep it for the next chunk.
    buffer = lines.pop() ?? '';
    lines.forEach(processLine);
  };
}

/**
 * Keeps one event stream open: fetch instead of EventSource, because the stream needs the bearer
 * header. Reconnects with exponential backoff (plus jitter, so a restarted server is not hit by every
 * client at once). Returns a function that closes the stream for good.
 */
export function connectLiveEvents({ url, token, onEvent }: LiveEventsOptions): () => void {
  let isStopped = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = FIRST_RETRY_MS;
  // The server keeps a few streams per user and ended this one for a newer tab's: reconnecting at once
  // would end another tab's stream in turn, so this tab waits until it is looked at again.
  let isReplaced = false;

  function scheduleReconnect() {
    if (isStopped) return;
    const delay = retryDelay * (0.75 + Math.random() * 0.5);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
  }

  async function connect() {
    if (isStopped) return;
    controller = new AbortController();
    try {
      const response = await fetch(url, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          'Accept-Language': currentLanguage(),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      // A refused token stays refused; the next API call ends the session through the api client.
      if (response.status === 401) {
        isStopped = true;
        return;
      }
      if (!response.ok || !response.body) throw new Error(`Event stream answered ${response.status}`);
      const parse = createSseParser((event) => {
        // A stream that delivered its greeting is healthy: the next outage starts the backoff anew.
        if (event.type === 'ready') retryDelay = FIRST_RETRY_MS;
        if (event.type === 'replaced') isReplaced = true;
        onEvent(event);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // Network failures and aborts end up here; stop() decides whether to try again.
    }
    if (!isReplaced) scheduleReconnect();
  }

  function resumeWhenVisible() {
    if (isStopped || !isReplaced || document.visibilityState !== 'visible') return;
    isReplaced = false;
    retryDelay = FIRST_RETRY_MS;
    void connect();
  }
  document.addEventListener('visibilitychange', resumeWhenVisible);
  window.addEventListener('focus', resumeWhenVisible);

  // Coming back online should not wait for the backoff timer.
  function reconnectNow() {
    if (isStopped || retryTimer === undefined) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    retryDelay = FIRST_RETRY_MS;
    void connect();
  }
  window.addEventListener('online', reconnectNow);

  void connect();
  return () => {
    isStopped = true;
    window.removeEventListener('online', reconnectNow);
    document.removeEventListener('visibilitychange', resumeWhenVisible);
    window.removeEventListener('focus', resumeWhenVisible);
    clearTimeout(retryTimer);
    controller?.abort();
  };
}
