import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Decision Compass API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP adds hashes for the UI's own inline script so the strict CSP still holds.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
