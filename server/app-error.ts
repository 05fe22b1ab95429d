import { ERROR_STATUS, type ErrorCode } from '../shared/errors.ts';

/**
 * An expected refusal with a stable code. The error handler turns it into
 * `{ error, code, fields }` with the message translated into the caller's language.
 * `fields` maps field names to i18n keys (e.g. `validation.passwordCommon`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** For 429: seconds until a retry can succeed (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  /** Values for the message's placeholders, e.g. the time a limit ends. */
  readonly messageParams: Record<string, string | number> | undefined;
  /** Fields added to the error body beside `error` and `code`, for clients to act on (a route's schema lists them). */
  readonly extraBody: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    fields?: Record<string, string>,
    options: {
      retryAfterSeconds?: number;
      messageParams?: Record<string, string | number>;
      extraBody?: Record<string, string | number>;
    } = {},
  ) {
    super(code);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.messageParams = options.messageParams;
    this.extraBody = options.extraBody;
  }
}
