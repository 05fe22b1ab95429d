import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, with whether its signature checked out against `secret`. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

/** What the receiver answers a request: a status, and headers (a redirect's Location). */
export type Answer = { status: number; headers?: Record<string, string> };

/**
 * A real HTTP receiver on 127.0.0.1 (issue 32 tests): records every request and answers with what
 * `answer` says (200 by default), so tests see exactly what left the app.
 */
export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook) => Answer = () => ({ status: 200 }),
) {
  const received: ReceivedWebhook[] = [];
  let answerOf = answer;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      const entry = { path: request.url ?? '/', headers: request.headers, body, json };
      received.push(entry);
      const { status, headers } = answerOf(entry);
      response.writeHead(status, headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    answerWith(next: (request: ReceivedWebhook) => Answer) {
      answerOf = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Checks `X-Compass-Signature: t={unix},v1={hex}` the way a receiver would, independently of the
 * app's code: HMAC-SHA256 over "{t}.{body}" keyed with the secret's UTF-8 bytes.
 */
export function isSignatureValid(secret: string, request: ReceivedWebhook): boolean {
  const header = String(request.headers['x-compass-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${match[1]}.${request.body}`)
    .digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
