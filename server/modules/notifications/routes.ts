import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import { acceptInvitationResponseSchema, notificationSchema } from '../../../shared/api/team.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { AppError } from '../../app-error.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { TeamService } from '../team/index.ts';
import { presentNotification } from './presenter.ts';
import type { NotificationsService } from './service.ts';

const common = { tags: ['notifications'], security: [{ bearerAuth: [] }] };
const idParams = z.object({ id: resourceIdSchema });
const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notificationsService: NotificationsService;
  teamService: TeamService;
}> = async (app, { notificationsService, teamService }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/notifications',
    { schema: { ...common, response: { 200: z.array(notificationSchema), 401: errorResponseSchema } } },
    async (request) => {
      const { user } = requireSession(request);
      return (await notificationsService.list(user.id)).map((row) =>
        presentNotification(row, request.language),
      );
    },
  );

  app.put(
    '/api/notifications/read-all',
    { schema: { ...common, response: { 200: messageResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      await notificationsService.markAllRead(requireSession(request).user.id);
      return { message: translate(request.language, 'api.notificationsRead') };
    },
  );

  app.put(
    '/api/notifications/:id/read',
    { schema: { ...common, params: idParams, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      const { user } = requireSession(request);
      if (!(await notificationsService.find(request.params.id, user.id))) throw new AppError('NOT_FOUND');
      await notificationsService.markRead(request.params.id, user.id);
      return { message: translate(request.language, 'api.notificationRead') };
    },
  );

  // Accept straight from an invitation notification: the invitee needs no token for it.
  app.post(
    '/api/notifications/:id/accept',
    {
      schema: { ...common, params: idParams, response: { 200: acceptInvitationResponseSchema, ...refusals } },
    },
    async (request) => {
      const { user } = requireSession(request);
      const notification = await notificationsService.find(request.params.id, user.id);
      if (!notification || notification.kind !== 'invitation' || notification.invitation_id === null) {
        throw new AppError('NOT_FOUND');
      }
      const accepted = await teamService.acceptById(notification.invitation_id, user);
      await notificationsService.markRead(notification.id, user.id);
      return {
        message: translate(request.language, 'api.invitationAccepted'),
        decision_id: accepted.decision_id,
      };
    },
  );
};
