import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import {
  createSnapshotRequestSchema,
  snapshotSchema,
  snapshotsResponseSchema,
} from '../../../shared/api/snapshots.ts';
import { requireAccess } from './access-gate.ts';
import type { DecisionsService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = { tags: ['decisions'], security: [{ bearerAuth: [] }], params: decisionIdParamsSchema };

/** Frozen results (issue 30): read like the details; named snapshots of personal decisions. */
export const snapshotRoutes: FastifyPluginAsyncZod<{ decisionsService: DecisionsService }> = async (
  app,
  { decisionsService: service },
) => {
  app.get(
    '/api/decision/:id/snapshots',
    {
      schema: {
        ...common,
        description:
          'The results frozen when voting ended, when an outcome was recorded and by hand, newest first. Same visibility as the details.',
        response: { 200: snapshotsResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => service.listSnapshots(requireAccess(request)),
  );

  app.post(
    '/api/decision/:id/snapshots',
    {
      schema: {
        ...common,
        description:
          'Saves a named snapshot of a personal decision (owner only; a team decision answers 409).',
        body: createSnapshotRequestSchema,
        response: { 201: snapshotSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request, reply) => {
      const snapshot = await service.createManualSnapshot(requireAccess(request), request.body.label);
      return reply.status(201).send(snapshot);
    },
  );
};
