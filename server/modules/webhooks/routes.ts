import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import {
  createdWebhookSchema,
  createWebhookRequestSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookSchema,
  webhooksQuerySchema,
} from '../../../shared/api/webhooks.ts';
import { requireSignedInSession } from '../../plugins/auth.ts';
import { presentDelivery, presentWebhook } from './presenter.ts';
import type { WebhooksService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = { tags: ['webhooks'], security: [{ bearerAuth: [] }] };
// Webhooks carry signing secrets and reach other systems: managed from a signed-in session only.
const config = { sessionOnly: true };

/** Outbound webhooks (issue 32): signed-in owners and admins of a workspace or team decision. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooksService: WebhooksService }> = async (
  app,
  { webhooksService },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/api/webhooks',
    {
      config,
      schema: {
        ...common,
        summary: 'Add a webhook (its signing secret is shown once)',
        body: createWebhookRequestSchema,
        response: { 201: createdWebhookSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await webhooksService.create(requireSignedInSession(request).user.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/webhooks',
    {
      config,
      schema: {
        ...common,
        summary: 'List the webhooks of a workspace or team decision',
        querystring: webhooksQuerySchema,
        response: { 200: z.array(webhookSchema), ...refusals },
      },
    },
    async (request) =>
      (await webhooksService.list(requireSignedInSession(request).user.id, request.query)).map(
        presentWebhook,
      ),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'Remove a webhook and its queued deliveries',
        params: webhookIdParamsSchema,
        response: { 204: z.null().describe('Removed'), ...refusals },
      },
    },
    async (request, reply) => {
      await webhooksService.remove(requireSignedInSession(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config,
      schema: {
        ...common,
        summary: 'The newest deliveries of a webhook',
        params: webhookIdParamsSchema,
        response: { 200: z.array(webhookDeliverySchema), ...refusals },
      },
    },
    async (request) =>
      (await webhooksService.deliveries(requireSignedInSession(request).user.id, request.params.id)).map(
        presentDelivery,
      ),
  );
};
