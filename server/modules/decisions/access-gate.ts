import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../app-error.ts';
import type { DecisionAccess } from './access.ts';
import type { DecisionAction } from './policy.ts';
import type { DecisionsService } from './service.ts';
import { requireSession } from '../../plugins/auth.ts';

/** Where a route carries the decision's id: a path parameter or a body field (already schema-checked). */
export type DecisionIdSource = { params: string } | { body: string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of a route about one decision: loads it, checks `action` for the signed-in caller
     * against the policy (404 outsiders, 403 a missing right, 409 locks) and sets `request.access`.
     * It runs after the schema validated params and body, as the checks in handlers did before.
     */
    decisionAccess(action: DecisionAction, idFrom?: DecisionIdSource): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    access: DecisionAccess | null;
  }
}

function decisionIdOf(request: FastifyRequest, idFrom: DecisionIdSource): number {
  const [source, key] = 'body' in idFrom ? [request.body, idFrom.body] : [request.params, idFrom.params];
  const id = typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[key] : null;
  // The route's schema made it an id; anything else names no decision.
  if (typeof id !== 'number') throw new AppError('NOT_FOUND');
  return id;
}

/** The access the route's `decisionAccess` preHandler granted. */
export function requireAccess(request: FastifyRequest): DecisionAccess {
  if (!request.access) throw new Error('route has no decisionAccess preHandler');
  return request.access;
}

export const decisionAccessPlugin = fp<{ decisionsService: DecisionsService }>(
  async (app, { decisionsService }) => {
    app.decorateRequest('access', null);
    app.decorate(
      'decisionAccess',
      (action: DecisionAction, idFrom: DecisionIdSource = { params: 'id' }): preHandlerAsyncHookHandler =>
        async (request) => {
          request.access = await decisionsService.authorizedAccess(
            decisionIdOf(request, idFrom),
            requireSession(request).user.id,
            action,
          );
        },
    );
  },
);
