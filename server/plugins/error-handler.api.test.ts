import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits.ts';
import { expectApiError } from '../test/api-errors.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { expectNothingChanged } from '../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../test/factories.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
let user: SignedInUser;

beforeAll(async () => {
  user = await createSignedInUser(app);
});

// Every account endpoint that reads a JSON body; `authorized` ones get the user's token.
// `longField` is a field with a length limit, used to pad a body to a given size.
const JSON_ENDPOINTS = [
  { method: 'POST', url: '/api/register', authorized: false, longField: 'password' },
  { method: 'POST', url: '/api/login', authorized: false, longField: 'password' },
  { method: 'PUT', url: '/api/users/update', authorized: true, longField: 'nickname' },
  { method: 'POST', url: '/api/change-password', authorized: true, longField: 'newPassword' },
] as const;

type Endpoint = (typeof JSON_ENDPOINTS)[number];

function send(
  endpoint: Endpoint,
  payload: string | Buffer,
  contentType = 'application/json',
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: endpoint.method,
    url: endpoint.url,
    payload,
    headers: { 'content-type': contentType, ...(endpoint.authorized ? user.headers : {}), ...extra },
  });
}

/** A JSON object of exactly `bytes` bytes whose `field` holds the padding. */
function jsonOfSize(bytes: number, field = 'padding'): string {
  const frame = JSON.stringify({
    email: 'a@example.com',
    oldPassword: 'correct horse battery staple',
    [field]: '',
  });
  return frame.replace(`"${field}":""`, `"${field}":"${'p'.repeat(bytes - frame.length)}"`);
}

describe.each(JSON_ENDPOINTS)('$method $url', (endpoint) => {
  it('answers malformed JSON with 400 VALIDATION_FAILED and changes nothing', async () => {
    const response = await expectNothingChanged(app, () =>
      send(endpoint, '{"email": "a@example.com", "password": '),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED');
  });

  it(`answers a body over ${LIMITS.jsonBodyBytes} bytes with 413 PAYLOAD_TOO_LARGE and changes nothing`, async () => {
    const response = await expectNothingChanged(app, () =>
      send(endpoint, jsonOfSize(LIMITS.jsonBodyBytes + 1)),
    );
    expectApiError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('reads a body just under the limit, then judges its fields', async () => {
    const body = jsonOfSize(LIMITS.jsonBodyBytes, endpoint.longField);
    expect(Buffer.byteLength(body)).toBe(LIMITS.jsonBodyBytes);
    const response = await expectNothingChanged(app, () => send(endpoint, body));
    const error = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [endpoint.longField] });
    expect(error.fields?.[endpoint.longField]).toMatch(/long|characters/);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await expectNothingChanged(app, () => send(endpoint, '<user/>', 'application/xml'));
    expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers in German with accept-language: de', async () => {
    const tooLarge = await send(endpoint, jsonOfSize(LIMITS.jsonBodyBytes + 1), 'application/json', {
      'accept-language': 'de',
    });
    expect(expectApiError(tooLarge, 413, 'PAYLOAD_TOO_LARGE', { language: 'de' }).error).toBe(
      'Die Anfrage ist zu groß.',
    );
    const malformed = await send(endpoint, '{', 'application/json', { 'accept-language': 'de' });
    expectApiError(malformed, 400, 'VALIDATION_FAILED', { language: 'de' });
  });
});

it('a huge body to POST /api/logout is refused with 413 and the session survives', async () => {
  const response = await expectNothingChanged(app, () =>
    app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: jsonOfSize(LIMITS.jsonBodyBytes + 1),
      headers: { ...user.headers, 'content-type': 'application/json' },
    }),
  );
  expectApiError(response, 413, 'PAYLOAD_TOO_LARGE');
  expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).statusCode).toBe(
    200,
  );
});
