// Stable error codes: clients switch on `code`, people read `error` (translated per request).
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  WEAK_PASSWORD: 400,
  WRONG_PASSWORD: 400,
  INVALID_IMAGE: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_INVITATION: 404,
  REGISTRATION_REJECTED: 409,
  CONFLICT: 409,
  DUPLICATE_NAME: 409,
  DEADLINE_PASSED: 409,
  COMPLETED_BY_AI: 409,
  ALREADY_MEMBER: 409,
  CANNOT_ACCEPT_OWN: 409,
  TOO_MANY_PENDING_INVITATIONS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}
