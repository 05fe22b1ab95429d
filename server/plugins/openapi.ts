import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../shared/api/errors.ts';

/**
 * The security schemes of the document. Both are bearer tokens in `Authorization`; they differ in what
 * they may call: a route a token may not use (`config.sessionOnly`) lists the session alone.
 */
const securitySchemes = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of a signed-in session (`POST /api/login` answers it).',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'dc_pat_…',
    description:
      'A personal access token (`POST /api/tokens`). Scope `read`: GET and HEAD only (else 403 API_TOKEN_READ_ONLY). Routes that manage tokens, sessions, sign-in methods, the password, the e-mail address or delete the account answer 403 API_TOKEN_NOT_ALLOWED.',
  },
} as const;

const VERBS: Record<string, string> = {
  get: 'Get',
  head: 'Check',
  post: 'Post',
  put: 'Replace',
  patch: 'Update',
  delete: 'Delete',
};

/** `/api/decision/:id/export.csv` → segments without `api`, parameters as `{name}`. */
function segmentsOf(url: string): string[] {
  return url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => segment.replace(/^:(\w+)$/, '{$1}'));
}

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A unique operationId from method and path: `GET /api/decision/{id}/details` → `getDecisionByIdDetails`. */
export function operationIdOf(method: string, url: string): string {
  const parts = segmentsOf(url).map((segment) => {
    const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
    return parameter ? `By${capitalized(parameter)}` : words(segment).map(capitalized).join('');
  });
  return `${method.toLowerCase()}${parts.join('')}`;
}

/** A summary when the route gives none: `GET /api/decision/{id}/details` → "Get decision details". */
export function summaryOf(method: string, url: string): string {
  const literal = segmentsOf(url)
    .filter((segment) => !segment.startsWith('{'))
    .flatMap(words)
    .join(' ')
    .toLowerCase();
  return `${VERBS[method.toLowerCase()] ?? method} ${literal || 'API'}`;
}

type RouteSchema = FastifySchema & {
  summary?: string;
  operationId?: string;
  security?: readonly { readonly [scheme: string]: readonly string[] }[];
  response?: Record<string | number, unknown>;
  hide?: boolean;
  produces?: readonly string[];
};

const hasClientError = (response: Record<string | number, unknown>) =>
  Object.keys(response).some((status) => /^4(\d\d|XX)$/.test(status));

/**
 * What every operation states, derived from the route rather than written per route: a summary and an
 * operationId unless the route names them, its security (a route declaring `security` is
 * authenticated, any other is public: `security: []`), and the refusals every such route can give:
 * 401 when authenticated, 403 where a token may be refused (session-only routes, and writes for `read`
 * tokens), and at least 429 (the per-client connection limit answers it on every route).
 */
const describeOperation: SwaggerTransform = (input) => {
  const { url, route } = input;
  const schema = input.schema as RouteSchema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const method = [route.method].flat()[0] ?? 'GET';
  const isAuthenticated = Boolean(schema.security?.length);
  const isSessionOnly = Boolean((route.config as { sessionOnly?: boolean } | undefined)?.sessionOnly);
  const response: Record<string | number, unknown> = { ...schema.response };
  if (isAuthenticated) {
    response[401] ??= errorResponseSchema;
    if (isSessionOnly || !['GET', 'HEAD'].includes(method)) response[403] ??= errorResponseSchema;
  }
  if (!hasClientError(response)) response[429] = errorResponseSchema;
  // Files and streams (CSV, PDF, ZIP, images, events) declare their media types in `produces`.
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    const media = schema.produces ?? ['application/octet-stream'];
    response[200] = {
      description: 'The file or stream',
      content: Object.fromEntries(media.map((type) => [type, { schema: z.string() }])),
    };
  }
  let security: RouteSchema['security'] = [];
  if (isAuthenticated) security = isSessionOnly ? [{ session: [] }] : [{ session: [] }, { apiToken: [] }];
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      summary: schema.summary ?? summaryOf(method, url),
      operationId: schema.operationId ?? operationIdOf(method, url),
      security,
      response,
    },
  });
};

type Operation = { parameters?: { in?: string; name?: string }[] } & Record<string, unknown>;
type Paths = Record<string, Record<string, Operation>>;

/**
 * Paths that differ only in their parameters' names (`/api/comments/{decisionId}` and `…/{id}`) are one
 * path to a client: their operations are merged under the first one's names.
 */
function mergeIdenticalPaths(paths: Paths): Paths {
  const merged: Paths = {};
  const byShape = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const first = byShape.get(shape);
    if (!first) {
      byShape.set(shape, path);
      merged[path] = item;
      continue;
    }
    const names = [...first.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const renamed = new Map(
      [...path.matchAll(/\{([^}]+)\}/g)].map((match, index) => [match[1]!, names[index]!]),
    );
    for (const [method, operation] of Object.entries(item)) {
      merged[first]![method] = {
        ...operation,
        parameters: operation.parameters?.map((parameter) =>
          parameter.in === 'path' && parameter.name
            ? { ...parameter, name: renamed.get(parameter.name) }
            : parameter,
        ),
      };
    }
  }
  return merged;
}

/** What each status means across the API (DESIGN.md's error contract), instead of "Default Response". */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no content',
  400: 'Invalid input: `fields` names each field and what is wrong with it',
  401: 'No valid session or API token',
  403: 'Not allowed: a member without the right, or an API token refused here (read scope, session-only route)',
  404: 'Unknown, or not visible to the caller',
  408: 'The request took too long to arrive',
  409: 'Conflicts with the current state (locked, duplicate, a limit reached)',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Rate limited (see Retry-After)',
  502: 'The AI provider failed',
  503: 'Not available right now',
  504: 'The AI provider timed out',
};

type Responses = Record<string, { description?: string }>;

function describeResponses(paths: Paths): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Responses)) {
        if (response.description === 'Default Response') {
          response.description = STATUS_DESCRIPTIONS[status] ?? 'Response';
        }
      }
    }
  }
}

/** Drops named schemas nothing refers to (the input twin of a schema only answers use, e.g. ApiErrorInput). */
function withoutUnusedSchemas(schemas: Record<string, unknown>, paths: Paths): Record<string, unknown> {
  let kept: Record<string, unknown> = {};
  let referenced = JSON.stringify(paths);
  // A schema may be used only by another named schema: repeat until nothing more is found.
  for (;;) {
    const next = Object.fromEntries(
      Object.entries(schemas).filter(([name]) => referenced.includes(`"#/components/schemas/${name}"`)),
    );
    if (Object.keys(next).length === Object.keys(kept).length) return next;
    kept = next;
    referenced = JSON.stringify([paths, kept]);
  }
}

const finishDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: Paths;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths = mergeIdenticalPaths(document.paths ?? {});
  describeResponses(paths);
  const schemas = withoutUnusedSchemas(document.components?.schemas ?? {}, paths);
  return { ...document, paths, components: { ...document.components, schemas } };
};

/** The OpenAPI document (`/api/docs/json`) and its UI (`/api/docs`). */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Decision Compass API',
        version: '1.0.0',
        description:
          "Weighted decision matrices, team decisions and their analysis. Errors are `{ error, code, fields? }` with `error` in the caller's language (Accept-Language). Scripts authenticate with a personal access token: `Authorization: Bearer dc_pat_…`.",
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // The document is served by the API it describes: its URLs are relative to where it was fetched.
      servers: [{ url: '/' }],
      components: { securitySchemes },
    },
    transform: describeOperation,
    transformObject: finishDocument,
  });
  // staticCSP adds hashes for the UI's own inline script so the strict CSP still holds.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
