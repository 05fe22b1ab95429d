import type { FastifyRequest } from 'fastify';
import pino from 'pino';

const REDACTED = '[redacted]';

// The token segment of the validate endpoints (reset and invitation), e.g. /api/team/validate/<token>,
// of the workspace invitation preview (issue 29), /api/workspaces/invitations/<token>, also at its alias
// /api/workspace-invitations/<token>, and of the calendar feed (issue 32), /api/calendar/<token>.ics.
const TOKEN_SEGMENT =
  /(\/(?:(?:reset-password|team)\/+validate|workspaces\/+invitations|workspace-invitations|api\/+calendar)\/+)[^/?#\s"'<>]+/gi;
// Token query values of the pages a mail links to: /reset-password?token=…, /invite?token=…, ?inviteToken=….
const TOKEN_QUERY = /([?&;](?:token|inviteToken|invite_token)=)[^&#;\s"'<>]*/gi;

/**
 * The URL with reset, invitation and calendar feed tokens replaced by `[redacted]`: whoever reads the logs must not be
 * able to take over an account or a team seat. Works on any text containing such a URL, so error
 * messages that quote the URL are covered too.
 */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_SEGMENT, `$1${REDACTED}`).replace(TOKEN_QUERY, `$1${REDACTED}`);
}

/** Fastify's request serializer with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer with URLs in the message and stack redacted (e.g. "'/api/…' is not a valid url"). */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = redactUrl(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactUrl(serialized.stack);
  return serialized;
}

/** Every log line of the app goes through these: the request line and every logged error. */
export const logSerializers = { req: serializeRequest, err: serializeError };
