import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import de from '../../shared/i18n/de.json' with { type: 'json' };
import en from '../../shared/i18n/en.json' with { type: 'json' };
import type { ApiErrorBody, ErrorCode } from '../../shared/errors.ts';

const catalogs = { en, de };

export interface ExpectedApiError {
  /** Language the message must be in; English unless told. */
  language?: 'en' | 'de';
  /** Exactly these keys must appear in `fields`; omit to require no `fields` at all. */
  fields?: string[];
  /** Values of the message's `{{name}}` placeholders (e.g. the seconds of LOGIN_DELAYED). */
  params?: Record<string, string | number>;
}

/**
 * Asserts the error contract of DESIGN.md: the status, a JSON body of `{ error, code, fields? }`
 * and nothing else, with the message of that code in the expected language.
 */
export function expectApiError(
  response: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
  expected: ExpectedApiError = {},
): ApiErrorBody {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<ApiErrorBody>();
  expect(body.code).toBe(code);
  const template: string = catalogs[expected.language ?? 'en'].errors[code];
  const params = expected.params ?? {};
  expect(body.error).toBe(template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name])));
  if (expected.fields) {
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'fields']);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual([...expected.fields].sort());
    for (const message of Object.values(body.fields ?? {})) expect(typeof message).toBe('string');
  } else {
    expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  }
  return body;
}
