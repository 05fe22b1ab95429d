import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

// Registered without a global limit; routes opt in through `config.rateLimit`.
export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    // The thrown error reaches the central handler, which answers 429 with the translated message.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit exceeded, retry in ${context.after}`), { statusCode: 429 }),
  });
});
