import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeWorkspaceRoleRequestSchema,
  createdWorkspaceSchema,
  createWorkspaceRequestSchema,
  renameWorkspaceRequestSchema,
  transferWorkspaceRequestSchema,
  workspaceDetailsSchema,
  workspaceIdParamsSchema,
  workspaceListItemSchema,
  workspaceMemberParamsSchema,
} from '../../../shared/api/workspaces.ts';
import { requireSession } from '../../plugins/auth.ts';
import { presentWorkspaceDetails, presentWorkspaceList } from './presenter.ts';
import type { WorkspacesService } from './service.ts';
import { common, noContent, refusals } from './route-schemas.ts';

/** Workspaces and their members (signed-in callers: registered in the protected scope). */
export const workspaceRoutes: FastifyPluginAsyncZod<{
  workspacesService: WorkspacesService;
}> = async (api, { workspacesService }) => {
  const { workspaces, members } = workspacesService;
  api.post(
    '/api/workspaces',
    {
      schema: {
        ...common,
        body: createWorkspaceRequestSchema,
        response: { 201: createdWorkspaceSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await workspaces.create(requireSession(request).user, request.body.name);
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/api/workspaces',
    { schema: { ...common, response: { 200: z.array(workspaceListItemSchema), ...refusals } } },
    async (request) => presentWorkspaceList(await workspaces.list(requireSession(request).user)),
  );

  api.get(
    '/api/workspaces/:id',
    {
      schema: {
        ...common,
        params: workspaceIdParamsSchema,
        response: { 200: workspaceDetailsSchema, ...refusals },
      },
    },
    async (request) =>
      presentWorkspaceDetails(await workspaces.details(requireSession(request).user, request.params.id)),
  );

  api.patch(
    '/api/workspaces/:id',
    {
      schema: {
        ...common,
        params: workspaceIdParamsSchema,
        body: renameWorkspaceRequestSchema,
        response: { 200: workspaceDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      await workspaces.rename(user, request.params.id, request.body.name);
      return presentWorkspaceDetails(await workspaces.details(user, request.params.id));
    },
  );

  api.delete(
    '/api/workspaces/:id',
    { schema: { ...common, params: workspaceIdParamsSchema, response: noContent } },
    async (request, reply) => {
      await workspaces.delete(requireSession(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.patch(
    '/api/workspaces/:id/members/:userId',
    {
      schema: {
        ...common,
        params: workspaceMemberParamsSchema,
        body: changeWorkspaceRoleRequestSchema,
        response: { 200: workspaceDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      await members.changeRole(user, request.params.id, request.params.userId, request.body.role);
      return presentWorkspaceDetails(await workspaces.details(user, request.params.id));
    },
  );

  api.delete(
    '/api/workspaces/:id/members/:userId',
    { schema: { ...common, params: workspaceMemberParamsSchema, response: noContent } },
    async (request, reply) => {
      await members.remove(requireSession(request).user, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/workspaces/:id/transfer',
    {
      schema: {
        ...common,
        params: workspaceIdParamsSchema,
        body: transferWorkspaceRequestSchema,
        response: { 200: workspaceDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      await members.transfer(user, request.params.id, request.body.user_id);
      return presentWorkspaceDetails(await workspaces.details(user, request.params.id));
    },
  );
};
