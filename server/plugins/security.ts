import helmet from 'helmet';
import fp from 'fastify-plugin';

const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React Aria and sonner set styles at run time; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/** `/api` and everything under it; the web app's files keep their own caching (web-app.ts). */
function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

/**
 * Helmet's headers on every response. The middleware is built once here: @fastify/helmet rebuilt it
 * (re-parsing the CSP) on every request, which cost ~6 % of a details request in the profile.
 *
 * API answers carry personal data (anything signed in, and refusals that tell whether an address or
 * a decision exists), so none is stored by a browser or a proxy: `Cache-Control: no-store` unless a
 * route sets its own for a public file (avatars, which have unguessable names).
 */
export const securityPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    // Helmet 8 throws instead of passing errors to the callback, so `next` never carries one.
    securityHeaders(request.raw, reply.raw, () => done());
  });
});
