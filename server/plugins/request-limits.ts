import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '../../shared/errors.ts';
import type { RequestLimits } from '../config.ts';
import { translate } from '../i18n.ts';
import { sendError } from './error-handler.ts';

/**
 * How the HTTP server bounds one request. Node.js times out a request only while it is still
 * arriving (its line, headers and body), so a live-events stream, whose request is complete at once,
 * runs on for hours. Node checks the deadlines periodically (30 s by default): a tenth of the shorter
 * deadline keeps the cut close to it, and the check only walks the requests still arriving.
 */
export function httpServerOptionsOf(limits: RequestLimits): http.ServerOptions {
  const shorter = Math.min(limits.timeoutMs, limits.headersTimeoutMs);
  return {
    requestTimeout: limits.timeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, Math.max(10, Math.floor(shorter / 10))),
  };
}

/** A raw HTTP answer in the API's error format; English, as no request (and no language) was read. */
function rawErrorAnswer(code: ErrorCode): string {
  const status = ERROR_STATUS[code];
  const body: ApiErrorBody = { error: translate('en', `errors.${code}`), code };
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
    `Cache-Control: no-store\r\nConnection: close\r\n\r\n${json}`
  );
}

/**
 * Fastify's clientErrorHandler: errors before a request could be read. A request that did not arrive
 * within REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS gets 408 `REQUEST_TIMEOUT`, anything unreadable 400
 * (431 for oversized headers, as Node.js answers it); then the connection closes.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error, address: socket.remoteAddress }, 'client error');
  if (socket.writable) {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(rawErrorAnswer('REQUEST_TIMEOUT'));
    else if (error.code === 'HPE_HEADER_OVERFLOW')
      socket.write(
        'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      );
    else socket.write(rawErrorAnswer('VALIDATION_FAILED'));
  }
  socket.destroy();
}

/**
 * How long a connection beyond the limit may take to send its request (never longer than headers may
 * take), which is then answered 429. A browser sends at once; a client that opens connections and
 * sends nothing loses them quickly.
 */
const OVER_LIMIT_GRACE_MS = 2_000;

/** Open connections (or requests) per client address. */
function createClientCounts() {
  const open = new Map<string, number>();
  return {
    /** Counts one more and answers how many are open now, this one included. */
    enter(client: string): number {
      const count = (open.get(client) ?? 0) + 1;
      open.set(client, count);
      return count;
    },
    leave(client: string): void {
      const count = (open.get(client) ?? 1) - 1;
      if (count > 0) open.set(client, count);
      else open.delete(client);
    },
  };
}

/**
 * At most `maxConnectionsPerClient` open connections per client address (MAX_CONNECTIONS_PER_CLIENT),
 * so one client cannot hold every socket of the server.
 * - Direct clients: TCP connections per peer address, counted from the moment they open. A connection
 *   beyond the limit is answered 429 `TOO_MANY_CONNECTIONS` (in the caller's language) when its request
 *   arrives and then closed, or closed after OVER_LIMIT_GRACE_MS if nothing arrives.
 * - Behind a trusted proxy (TRUST_PROXY), the proxy's connections carry many clients: open requests
 *   (a live-events stream included) per forwarded client address, as `request.ip` reads it.
 */
export const connectionLimitPlugin = fp<{
  limits: RequestLimits;
  isTrustedProxyPeer: (address: string | undefined) => boolean;
}>(async (app, { limits, isTrustedProxyPeer }) => {
  const { maxConnectionsPerClient } = limits;
  const graceMs = Math.min(OVER_LIMIT_GRACE_MS, limits.headersTimeoutMs);
  const connections = createClientCounts();
  const requests = createClientCounts();
  // The connections beyond the limit, with the timer that closes them if no request comes.
  const overLimit = new WeakMap<Socket, NodeJS.Timeout>();

  app.server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (!peer || isTrustedProxyPeer(peer)) return;
    const open = connections.enter(peer);
    socket.once('close', () => {
      clearTimeout(overLimit.get(socket));
      connections.leave(peer);
    });
    if (open <= maxConnectionsPerClient) return;
    // Once as the client crosses the limit, not per refused connection (a flood would flood the log).
    if (open === maxConnectionsPerClient + 1)
      app.log.warn({ address: peer, limit: maxConnectionsPerClient }, 'client reached the connection limit');
    overLimit.set(
      socket,
      setTimeout(() => socket.destroy(), graceMs),
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    const closeTimer = overLimit.get(socket);
    if (closeTimer) {
      clearTimeout(closeTimer);
      // The answer closes the connection, which releases its place.
      reply.header('Connection', 'close');
      return sendError(request, reply, 429, 'TOO_MANY_CONNECTIONS');
    }
    if (!isTrustedProxyPeer(socket.remoteAddress)) return;
    const client = request.ip;
    const open = requests.enter(client);
    reply.raw.once('close', () => requests.leave(client));
    if (open > maxConnectionsPerClient) return sendError(request, reply, 429, 'TOO_MANY_CONNECTIONS');
  });
});
