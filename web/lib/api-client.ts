import type { ApiErrorBody } from '../../shared/errors.ts';
import { useAuthStore } from './auth-store.ts';
import { currentLanguage, i18n } from './i18n.ts';

/** The server answered with an error body (`error` is already in the user's language). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The server's own message, when it sent one (a proxy error page has none). */
  readonly serverMessage: string | null;
  /** Fields a route adds beside `error` and `code` for clients to act on, e.g. `next_mail_at`. */
  readonly extra: Record<string, unknown>;

  constructor(status: number, body: Partial<ApiErrorBody> & Record<string, unknown>) {
    super(body.error ?? i18n.t('common.unexpectedError'));
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? 'INTERNAL';
    this.fields = body.fields ?? {};
    this.serverMessage = body.error ?? null;
    const { error: _error, code: _code, fields: _fields, ...extra } = body;
    this.extra = extra;
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(i18n.t('common.networkError'), { cause });
    this.name = 'NetworkError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  formData?: FormData;
}

/**
 * Sends a request with the session's token and the UI language. Throws NetworkError when the server
 * cannot be reached and ApiError for any non-2xx answer; returns the response otherwise.
 */
export async function apiResponse(path: string, { method = 'GET', json, formData }: RequestOptions = {}) {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : formData,
    });
  } catch (error) {
    throw new NetworkError(error);
  }

  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const error = new ApiError(
      response.status,
      (body ?? {}) as Partial<ApiErrorBody> & Record<string, unknown>,
    );
    // Only a token the server no longer accepts ends the session, not a wrong password typed while signed in;
    // and once: parallel requests of an ended session all get 401, the first one ended it here.
    if (
      response.status === 401 &&
      token === useAuthStore.getState().token &&
      token &&
      error.code !== 'INVALID_CREDENTIALS'
    ) {
      useAuthStore.getState().expireSession();
    }
    throw error;
  }
  return response;
}

/** A JSON call: the parsed body of a successful answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}) {
  const response = await apiResponse(path, options);
  return (await response.json().catch(() => null)) as T;
}

/** The server's message for a failed call, or null so callers can use their own fallback text. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}
