import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { LANGUAGES, type Language } from '../../shared/limits.ts';
import {
  NO_AI_SUFFIX,
  PRERENDERED_PAGES,
  prerenderedPageAt,
  type PrerenderedPage,
} from '../../shared/prerendered-pages.ts';
import { isAppPage, PROTECTED_PAGES } from '../../shared/routes.ts';
import { languageFromHeader } from '../i18n.ts';

/** Cache-Control per kind of file, the first that matches wins (paths relative to the web build). */
const CACHE_POLICIES: { matches: (file: string) => boolean; cacheControl: string }[] = [
  // Hashed assets: Vite puts a content hash in every name under assets/, a new content is a new URL.
  { matches: (file) => file.startsWith('assets/'), cacheControl: 'public, max-age=31536000, immutable' },
  // Documents: the app shell and the prerendered pages name the current assets, so always revalidated (ETag).
  { matches: (file) => file.endsWith('.html'), cacheControl: 'no-cache' },
  // Other public files (favicon, theme-init.js, app-loader.js): unhashed names, so not for long, but a
  // visit's pages skip revalidating the render-blocking theme-init.js; a new version is everywhere in an hour.
  { matches: () => true, cacheControl: 'public, max-age=3600' },
];

/** The policy of a file of the build; a .br/.gz sibling has its file's. */
function cacheControlFor(relativeFile: string): string {
  const file = relativeFile
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  return CACHE_POLICIES.find((policy) => policy.matches(file))!.cacheControl;
}

const LANGUAGE_COOKIE = /(?:^|;)\s*lang=([^;]*)/;

/**
 * The language a prerendered page is sent in: the `lang` cookie (the visitor's choice, set by the
 * web app), else the best supported Accept-Language, else English.
 */
function pageLanguage(headers: IncomingHttpHeaders): Language {
  const chosen = LANGUAGE_COOKIE.exec(headers.cookie ?? '')?.[1]?.trim();
  return (
    LANGUAGES.find((language) => language === chosen) ??
    languageFromHeader(headers['accept-language']) ??
    'en'
  );
}

/**
 * robots.txt: public pages may be crawled; the API and the signed-in pages (shared/routes.ts) not.
 * Robots rules are path prefixes, so a page with an id is disallowed up to its first parameter.
 */
const DISALLOWED_PREFIXES = new Set([
  '/api/',
  ...Object.values(PROTECTED_PAGES).map((page) => page.replace(/:.*$/, '')),
]);
const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  ...[...DISALLOWED_PREFIXES].map((prefix) => `Disallow: ${prefix}`),
]
  .join('\n')
  .concat('\n');

/**
 * Serves the built web app: its files (precompressed .br/.gz chosen by Accept-Encoding), the
 * prerendered public pages in the visitor's language, and for every other page the app shell
 * (index.html) with 200 on a path the app has a page for, with 404 elsewhere (the app then shows
 * its not-found page), so crawlers and link checkers see a missing page as missing.
 */
export const webAppPlugin = fp<{ webDir: string; isAiAvailable: boolean }>(async (app, options) => {
  const { webDir } = options;
  // Without an AI provider, the variants that make no AI claims (scripts/prerender.ts), if built.
  const variant = options.isAiAvailable ? '' : NO_AI_SUFFIX;
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built; serving the API only (run npm run build)');
    return;
  }
  // Written by the build (scripts/prerender.ts); a page missing there gets the app shell.
  const builtVariant = (base: string) =>
    fs.existsSync(path.join(webDir, `${base}${variant}.html`)) ? `${base}${variant}.html` : `${base}.html`;
  const prerenderedFile = (language: Language, page: PrerenderedPage) =>
    builtVariant(`prerendered/${language}/${page}`);
  const shellFile = fs.existsSync(path.join(webDir, `index${variant}.html`))
    ? `index${variant}.html`
    : 'index.html';
  const pages = Object.keys(PRERENDERED_PAGES) as PrerenderedPage[];
  const isPrerendered = new Set(
    LANGUAGES.flatMap((language) => pages.map((page) => prerenderedFile(language, page))).filter((file) =>
      fs.existsSync(path.join(webDir, file)),
    ),
  );

  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The .br/.gz siblings written at build time (scripts/compress.ts), else the file itself.
    preCompressed: true,
    // No URLs of their own: siblings go out under their file's URL, pages under the page's path.
    globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**'],
    // Otherwise send's own "public, max-age=0" replaces what setHeaders sets below.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(webDir, filePath)));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ROBOTS_TXT),
  );

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // API paths and missing build assets are real 404s; only page routes get the app shell.
    const isApiOrAsset = /^\/(api|assets)(\/|$|\?)/.test(request.url);
    if (isApiOrAsset) return reply.callNotFound();
    const page = prerenderedPageAt(request.url);
    if (page) {
      const language = pageLanguage(request.headers);
      const file = prerenderedFile(language, page);
      if (isPrerendered.has(file)) {
        // One URL, two languages: caches must key on what picked the language.
        return reply
          .header('content-language', language)
          .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
          .sendFile(file);
      }
    }
    return reply.code(isAppPage(request.url) ? 200 : 404).sendFile(shellFile);
  });
});
