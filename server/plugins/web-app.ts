import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isAppPage } from '../../shared/routes.ts';

/**
 * Serves the built single-page app. Every non-API GET gets index.html: with 200 on a path the app
 * has a page for, with 404 elsewhere (the app then shows its not-found page), so crawlers and
 * link checkers see a missing page as missing.
 */
export const webAppPlugin = fp<{ webDir: string }>(async (app, { webDir }) => {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // Otherwise send's own "public, max-age=0" replaces what setHeaders sets below.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed asset names never change content; everything else revalidates.
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // API paths and missing build assets are real 404s; only page routes get the app shell.
    const isApiOrAsset = /^\/(api|assets)(\/|$|\?)/.test(request.url);
    if (isApiOrAsset) return reply.callNotFound();
    return reply.code(isAppPage(request.url) ? 200 : 404).sendFile('index.html');
  });
});
