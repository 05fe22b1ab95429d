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

  constructor(code: ErrorCode, fields?: Record<string, string>) {
    super(code);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
  }
}
