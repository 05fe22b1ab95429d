import type { FastifyRequest } from 'fastify';

/**
 * Mailed links carry secrets in `?token=` (confirmation, password reset, invitation); the page
 * request of such a link must not write the token into the logs.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|inviteToken)=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
