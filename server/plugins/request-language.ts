import fp from 'fastify-plugin';
import type { Language } from '../../shared/limits.ts';
import { languageFromHeader } from '../i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language: Accept-Language first, then the signed-in user's preference, then English. */
    language: Language;
  }
}

export const requestLanguagePlugin = fp(async (app) => {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = languageFromHeader(request.headers['accept-language']) ?? 'en';
  });
});
