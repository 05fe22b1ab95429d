import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, hashToken } from '../modules/auth/tokens.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createComment, createDecision } from './decision-factories.ts';
import { startFakeAiServer, type FakeAiServer } from './fake-ai.ts';
import { createSignedInUser, type SignedInUser } from './factories.ts';
import { createTeamDecision, insertInvitations } from './team-factories.ts';

// The fuzz habit: every operation of the OpenAPI document gets a fixed, deterministic table of malformed
// params, bodies and headers. Whatever the input, the answer is never a 5xx, and every 4xx is the JSON
// error body `{ error, code }`. A new route joins automatically through the document.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
}

interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string }[];
  body: JsonSchema | undefined;
}

interface Fixture {
  headers: Record<string, string>;
  decisionId: number;
  teamDecisionId: number;
  commentId: number;
  memberId: number;
  invitationId: number;
}

const HUGE = 'x'.repeat(10_000);
const BAD_IDS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'abc',
  '1.5',
  'x'.repeat(1_000),
  '%00',
  '%E0%A4%A',
];
const BAD_VALUES: unknown[] = [
  null,
  true,
  'abc',
  -1,
  0,
  1.5,
  2147483648,
  1e20,
  HUGE,
  '\u0000',
  Array.from({ length: 1_000 }, () => 'x'),
  Array.from({ length: 1_000 }, () => ({})),
  {},
  { nested: HUGE },
];
const GARBAGE_AUTHORIZATION = [
  `Bearer ${HUGE}`,
  'Bearer',
  'Bearer  ',
  'Basic Zm9vOmJhcg==',
  'Bearer \u00ff\u00fe',
  HUGE,
];
const HUGE_ACCEPT_LANGUAGE = 'de-DE,de;q=0.9,'.repeat(700);

/** A plausible value for a schema, so that one property at a time can be made wrong. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sample(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    case 'array':
      return [sample(schema.items)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

/** Bodies that break one property (or one property of the first item of an array) at a time. */
function malformedBodies(schema: JsonSchema): { name: string; payload: unknown }[] {
  const base = sample(schema) as Record<string, unknown>;
  const bodies: { name: string; payload: unknown }[] = [{ name: 'empty object', payload: {} }];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const { [key]: _removed, ...without } = base;
    bodies.push({ name: `without ${key}`, payload: without });
    for (const value of BAD_VALUES) {
      bodies.push({
        name: `${key} = ${JSON.stringify(value)?.slice(0, 30)}`,
        payload: { ...base, [key]: value },
      });
    }
    const item = property.items ?? property.anyOf?.find((branch) => branch.items)?.items;
    const itemSchema = item?.anyOf?.find((branch) => branch.properties) ?? item;
    if (!itemSchema?.properties) continue;
    const baseItem = sample(itemSchema) as Record<string, unknown>;
    for (const itemKey of Object.keys(itemSchema.properties)) {
      for (const value of BAD_VALUES) {
        bodies.push({
          name: `${key}[0].${itemKey} = ${JSON.stringify(value)?.slice(0, 30)}`,
          payload: { ...base, [key]: [{ ...baseItem, [itemKey]: value }] },
        });
      }
    }
  }
  return bodies;
}

/** Raw bodies that are no JSON object at all, or not JSON. */
const RAW_BODIES: { name: string; payload: string; contentType: string }[] = [
  { name: 'JSON null', payload: 'null', contentType: 'application/json' },
  { name: 'JSON array', payload: '[{"a":1}]', contentType: 'application/json' },
  { name: 'JSON string', payload: '"text"', contentType: 'application/json' },
  { name: 'JSON number', payload: '12', contentType: 'application/json' },
  { name: 'invalid JSON', payload: '{"name": ', contentType: 'application/json' },
  { name: 'empty JSON body', payload: '', contentType: 'application/json' },
  {
    name: 'prototype pollution',
    payload: '{"__proto__":{"isAdmin":true},"constructor":{}}',
    contentType: 'application/json',
  },
  { name: 'plain text', payload: 'hello', contentType: 'text/plain' },
  { name: 'form', payload: 'a=b&c=d', contentType: 'application/x-www-form-urlencoded' },
  {
    name: 'broken multipart',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    contentType: 'multipart/form-data; boundary=x',
  },
  { name: 'multipart without boundary', payload: 'abc', contentType: 'multipart/form-data' },
  { name: 'garbage content type', payload: '{}', contentType: '%%%/;;;=' },
];

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let member: SignedInUser;
let operations: Operation[];
let fakeAi: FakeAiServer;

beforeAll(async () => {
  // A model that answers, so input the AI routes accept goes all the way through them.
  fakeAi = await startFakeAiServer();
  testApp = await buildTestApp({
    ai: {
      provider: { provider: 'openai-compatible', model: 'fake', baseUrl: fakeAi.baseUrl, apiKey: undefined },
      timeoutMs: 5_000,
      ratePerMinute: 100_000,
      dailyLimit: 100_000,
      dailyBudget: 100_000,
    },
    authRateLimitPerMinute: 100_000,
    contactRateLimitPerHour: 100_000,
  });
  app = testApp.app;
  await app.ready();
  owner = await createSignedInUser(app);
  member = await createSignedInUser(app);
  const document = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation['parameters'];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
});
afterAll(async () => {
  await testApp.close();
  await fakeAi.close();
});

/**
 * Fresh rows per operation, so one operation's effects (a deleted decision, ended voting, a logout)
 * never hide another's bugs. The session is inserted directly: a login per operation costs an argon2 hash.
 */
async function freshFixture(): Promise<Fixture> {
  const token = generateToken();
  const now = new Date();
  await app.database.db
    .insertInto('sessions')
    .values({
      user_id: owner.user.id,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .execute();
  // The fixtures are made with the fresh session too: an earlier operation may have ended the owner's
  // other sessions ("sign out everywhere else", DELETE /api/users/me/sessions).
  const signedIn = { ...owner, token, headers: { authorization: `Bearer ${token}` } };
  const personal = await createDecision(app, signedIn, { type: 'public' });
  const team = await createTeamDecision(app, signedIn);
  await app.database.db
    .insertInto('team_members')
    .values({
      decision_id: team.decision.id,
      user_id: member.user.id,
      role: 'editor',
      created_at: now.toISOString(),
    })
    .execute();
  // Dated two days back, so the fixtures do not use up the owner's invitations of the day.
  const [invitation] = await insertInvitations(app, {
    decisionId: team.decision.id,
    inviterId: owner.user.id,
    count: 1,
    createdAt: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
  });
  return {
    headers: signedIn.headers,
    decisionId: personal.decision.id,
    teamDecisionId: team.decision.id,
    commentId: (await createComment(app, signedIn, personal.decision.id)).id,
    memberId: member.user.id,
    invitationId: invitation!.id,
  };
}

/** A real value for a path parameter, so that only the parameter under test is wrong. */
function realParam(operation: Operation, name: string, fixture: Fixture): string {
  if (name === 'userId') return String(fixture.memberId);
  if (name === 'invitationId') return String(fixture.invitationId);
  if (name === 'token' || name === 'file') return 'x';
  if (operation.path.startsWith('/api/comments/{id}')) return String(fixture.commentId);
  if (operation.path.startsWith('/api/notifications')) return '1';
  const isTeamRoute = /team|timer|activate|end-voting|weights/.test(operation.path);
  return String(isTeamRoute ? fixture.teamDecisionId : fixture.decisionId);
}

function urlOf(
  operation: Operation,
  fixture: Fixture,
  override: Record<string, string> = {},
  query = '',
): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name in override ? override[name]! : realParam(operation, name, fixture),
  );
  return `${path}${query}`;
}

/** Each malformed request of the table for one operation. */
function requestsFor(operation: Operation, fixture: Fixture): { name: string; options: InjectOptions }[] {
  const { method } = operation;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
  const baseBody = operation.body ? sample(operation.body) : undefined;
  const withBody = (options: InjectOptions): InjectOptions =>
    hasBody && baseBody !== undefined ? { ...options, payload: baseBody as object } : options;
  const requests: { name: string; options: InjectOptions }[] = [];
  // The SSE stream never ends for a valid session, so it only gets the header cases (refused at once).
  const isStream = operation.path === '/api/events';

  if (!isStream) {
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      for (const id of BAD_IDS) {
        requests.push({
          name: `${parameter.name} = ${id.slice(0, 20)}`,
          options: withBody({
            method,
            url: urlOf(operation, fixture, { [parameter.name]: id }),
            headers: fixture.headers,
          }),
        });
      }
    }
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      for (const value of [HUGE, '', '%00', 'Europe/Nowhere']) {
        requests.push({
          name: `?${parameter.name} = ${value.slice(0, 20)}`,
          options: {
            method,
            url: urlOf(operation, fixture, {}, `?${parameter.name}=${value}`),
            headers: fixture.headers,
          },
        });
      }
      requests.push({
        name: `?${parameter.name} twice`,
        options: {
          method,
          url: urlOf(operation, fixture, {}, `?${parameter.name}=UTC&${parameter.name}=UTC`),
          headers: fixture.headers,
        },
      });
    }
    if (hasBody) {
      for (const body of operation.body ? malformedBodies(operation.body) : []) {
        requests.push({
          name: `body ${body.name}`,
          options: {
            method,
            url: urlOf(operation, fixture),
            headers: fixture.headers,
            payload: body.payload as object,
          },
        });
      }
      for (const raw of RAW_BODIES) {
        requests.push({
          name: `body ${raw.name}`,
          options: {
            method,
            url: urlOf(operation, fixture),
            headers: { ...fixture.headers, 'content-type': raw.contentType },
            payload: raw.payload,
          },
        });
      }
    }
    requests.push({
      name: 'huge Accept-Language',
      options: withBody({
        method,
        url: urlOf(operation, fixture),
        headers: { ...fixture.headers, 'accept-language': HUGE_ACCEPT_LANGUAGE },
      }),
    });
  }
  for (const authorization of GARBAGE_AUTHORIZATION) {
    requests.push({
      name: `Authorization ${authorization.slice(0, 20)}`,
      options: withBody({ method, url: urlOf(operation, fixture), headers: { authorization } }),
    });
  }
  return requests;
}

function problemOf(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return undefined;
  if (!/^application\/json/.test(String(response.headers['content-type'])))
    return `${response.statusCode} with content-type ${String(response.headers['content-type'])}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} with a body that is not JSON`;
  }
  const { error, code } = (body ?? {}) as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || typeof code !== 'string')
    return `${response.statusCode} without string error and code: ${response.body.slice(0, 200)}`;
  return undefined;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('never answers 5xx, and every 4xx is the JSON error body', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const fixture = await freshFixture();
      for (const request of requestsFor(operation, fixture)) {
        const response = await app.inject(request.options);
        sent += 1;
        const problem = problemOf(response);
        if (problem) problems.push(`${operation.method} ${operation.path} [${request.name}]: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(2_000);
  });
});
