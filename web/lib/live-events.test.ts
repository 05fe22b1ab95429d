import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));
const { connectLiveEvents } = await import('./live-events.ts');

/** A response whose body sends `text` and then ends, as the server does when it closes a stream. */
function streamResponse(text: string): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('connectLiveEvents', () => {
  const windowEvents = new EventTarget();
  const documentEvents = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.stubGlobal('window', windowEvents);
    vi.stubGlobal('document', documentEvents);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    documentEvents.visibilityState = 'hidden';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('after a "replaced" end it waits until the tab is visible again, then reconnects once', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(streamResponse('event: ready\ndata: {}\n\nevent: replaced\ndata: {}\n\n')),
    );
    const events: string[] = [];
    const stop = connectLiveEvents({ url: '/api/events', token: 't', onEvent: (e) => events.push(e.type) });
    await flush();
    expect(events).toEqual(['ready', 'replaced']);
    await new Promise((resolve) => setTimeout(resolve, 1600)); // longer than the first retry (≤ 1.25 s)
    expect(fetchMock).toHaveBeenCalledTimes(1);

    documentEvents.visibilityState = 'visible';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('an end for any other reason reconnects after the backoff', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(streamResponse('event: ready\ndata: {}\n\n')));
    const stop = connectLiveEvents({ url: '/api/events', token: 't', onEvent: () => undefined });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
    stop();
  });
});
