import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorSchema } from '../../../shared/api/operator.ts';
import type { OperatorConfig, RetentionConfig } from '../../config.ts';
import { presentOperator } from './presenter.ts';

export const operatorRoutes: FastifyPluginAsyncZod<{
  operator: OperatorConfig;
  retention: RetentionConfig;
}> = async (app, { operator, retention }) => {
  // Public: visitors read the legal notice and privacy policy. The values change only with a restart.
  const body = presentOperator(operator, retention);
  app.get(
    '/api/operator',
    { schema: { tags: ['operator'], response: { 200: operatorSchema } } },
    async () => body,
  );
};
