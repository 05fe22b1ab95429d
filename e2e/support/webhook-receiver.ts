import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real webhook receiver on 127.0.0.1 for a spec: records every POST and answers 200. */
export async function startWebhookReceiver() {
  const received: ReceivedDelivery[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/compass-hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's own check of `X-Compass-Signature: t=…,v1=…` (HMAC-SHA256 of "{t}.{body}"). */
export function isSignedWith(secret: string, delivery: ReceivedDelivery): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-compass-signature'] ?? ''));
  if (!match) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${match[1]}.${delivery.body}`)
    .digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
