import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { UNKNOWN_ID } from '../../shared/api/ids.ts';
import type { ApiErrorBody, ErrorCode } from '../../shared/errors.ts';
import { AppError } from '../app-error.ts';
import { translate } from '../i18n.ts';
import { fieldKeysOfIssues } from '../validation.ts';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  fieldKeys?: Record<string, string>,
  params?: Record<string, string | number>,
  extraBody?: Record<string, string | number>,
) {
  const body: ApiErrorBody & Record<string, unknown> = {
    ...extraBody,
    error: translate(request.language, `errors.${code}`, params),
    code,
  };
  if (fieldKeys) {
    body.fields = Object.fromEntries(
      Object.entries(fieldKeys).map(([field, key]) => [field, translate(request.language, key, params)]),
    );
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

// Fastify's own client errors (bad JSON, wrong content type, body too large) by status.
const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'VALIDATION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const params = { ...error.messageParams };
      if (error.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
        // Messages may name the wait ({{seconds}}), e.g. LOGIN_DELAYED.
        params.seconds = error.retryAfterSeconds;
      }
      return sendError(request, reply, error.status, error.code, error.fields, params, error.extraBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id no row can have names nothing: answered like an unknown id (shared/api/ids.ts).
      if (error.validation.every((issue) => issue.message === UNKNOWN_ID)) {
        return sendError(request, reply, 404, 'NOT_FOUND');
      }
      return sendError(request, reply, 400, 'VALIDATION_FAILED', fieldKeysOfIssues(error.validation));
    }
    const status = error.statusCode ?? 500;
    const clientCode = CLIENT_ERROR_CODES[status];
    if (status < 500 && clientCode) {
      request.clientError = error.message; // logged on the request's one line (request-log.ts)
      return sendError(request, reply, status, clientCode);
    }
    // Everything else is our bug: log it fully, tell the client nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'NOT_FOUND'));
});
