import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/limits.ts';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

// A stand-in build, as `npm run build` lays it out: the app shell, hashed assets and public files,
// the prerendered pages per language, and .br/.gz siblings of what compresses (scripts/compress.ts).
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-web-'));
const INDEX_HTML = '<!doctype html><title>Decision Compass</title><div id="root"></div>';
const ASSET_JS = `export const text = "${'compressible '.repeat(200)}";`;
const prerenderedHtml = (language: string, page: string) =>
  `<!doctype html><html lang="${language}"><title>${page}</title><div id="root"><main>${page} in ${language}</main></div>`;

function writeFile(relativePath: string, content: string, { compressed = false } = {}) {
  const file = path.join(webDir, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (!compressed) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

// The build is laid out before the app starts and removed after it closed (afterAll runs in reverse).
beforeAll(() => {
  writeFile('index.html', INDEX_HTML, { compressed: true });
  writeFile('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFile('theme-init.js', '/* theme */', { compressed: true });
  writeFile('assets/index-1a2b3c.js', ASSET_JS, { compressed: true });
  writeFile('assets/index-1a2b3c.css', 'body{color:red}');
  for (const language of LANGUAGES) {
    for (const page of Object.keys(PRERENDERED_PAGES)) {
      writeFile(`prerendered/${language}/${page}.html`, prerenderedHtml(language, page), {
        compressed: true,
      });
    }
  }
});
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
const { testApp } = useTestApp({ webDir });

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('answers the other pages of the route table with the app shell and 200, unknown ids included', async () => {
    for (const url of [
      '/impressum',
      '/privacy',
      '/invite?token=abc',
      '/dashboard',
      '/decision/999999',
      '/team-decision/999999/edit',
      '/decision/1/evaluate',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers a path without a page with 404 and the app, which shows its not-found page', async () => {
    for (const url of ['/this/route/does-not-exist', '/decision/1/delete', '/dashboards', '/favicon.ico']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets for a year, revalidates documents and keeps other public files an hour', async () => {
    for (const url of ['/assets/index-1a2b3c.js', '/assets/index-1a2b3c.css']) {
      expect((await get(url)).headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    // The compressed sibling keeps its file's policy.
    expect((await get('/assets/index-1a2b3c.js', { 'accept-encoding': 'br' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      expect((await get('/login', headers)).headers['cache-control']).toBe('no-cache');
      expect((await get('/dashboard', headers)).headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/favicon.svg', '/theme-init.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });

  it('answers API paths, missing assets and the build files behind the page routes with a 404', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing-1234.js', '/assets/index-1a2b3c.js.br']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Prerendered pages have their page's URL only; their file path is no page (the app shell's 404).
    const byFilePath = await get('/prerendered/en/faq.html');
    expect(byFilePath.statusCode).toBe(404);
    expect(byFilePath.body).toBe(INDEX_HTML);
  });
});

describe('compressed files', () => {
  it('sends brotli when accepted, else gzip, else the file itself, with the type of the file', async () => {
    const cases = [
      { acceptEncoding: 'gzip, deflate, br', encoding: 'br', decode: zlib.brotliDecompressSync },
      { acceptEncoding: 'br;q=0.5, gzip', encoding: 'gzip', decode: zlib.gunzipSync },
      { acceptEncoding: 'gzip', encoding: 'gzip', decode: zlib.gunzipSync },
      { acceptEncoding: 'identity', encoding: undefined, decode: (body: Buffer) => body },
      { acceptEncoding: undefined, encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { acceptEncoding, encoding, decode } of cases) {
      const response = await get(
        '/assets/index-1a2b3c.js',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers['content-type'], acceptEncoding).toMatch(/^application\/javascript/);
      expect(response.headers.vary, acceptEncoding).toBe('Accept-Encoding');
      expect(decode(response.rawPayload).toString(), acceptEncoding).toBe(ASSET_JS);
    }
  });

  it('compresses the app shell and the prerendered pages the same way (sendFile)', async () => {
    const shell = await get('/dashboard', { 'accept-encoding': 'br' });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(zlib.brotliDecompressSync(shell.rawPayload).toString()).toBe(INDEX_HTML);
    const missing = await get('/no-such-page', { 'accept-encoding': 'gzip' });
    expect(missing.statusCode).toBe(404);
    expect(zlib.gunzipSync(missing.rawPayload).toString()).toBe(INDEX_HTML);
    const page = await get('/faq', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(prerenderedHtml('en', 'faq'));
  });

  it('sends a file without a smaller sibling as it is', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain('<svg');
  });
});

describe('prerendered public pages', () => {
  it('sends each in the language of the lang cookie, which wins over Accept-Language', async () => {
    for (const [page, url] of Object.entries(PRERENDERED_PAGES)) {
      for (const language of LANGUAGES) {
        const other = language === 'de' ? 'en' : 'de';
        const response = await get(url, { cookie: `theme=dark; lang=${language}`, 'accept-language': other });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(prerenderedHtml(language, page));
        expect(response.headers['content-language'], url).toBe(language);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers.vary, url).toBe('Accept-Encoding, Accept-Language, Cookie');
      }
    }
  });

  it('without a cookie takes the best supported Accept-Language, else English', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }, 'de'],
      [{ 'accept-language': 'fr-FR, de;q=0.7, en;q=0.3' }, 'de'],
      [{ 'accept-language': 'en-GB, de;q=0.5' }, 'en'],
      [{ 'accept-language': 'fr, es' }, 'en'],
      [{ 'accept-language': 'de;q=0' }, 'en'],
      [{ cookie: 'lang=fr', 'accept-language': 'de' }, 'de'],
      [{}, 'en'],
    ];
    for (const [headers, language] of cases) {
      const response = await get('/kontakt', headers);
      expect(response.headers['content-language'], JSON.stringify(headers)).toBe(language);
      expect(response.body, JSON.stringify(headers)).toBe(prerenderedHtml(language, 'contact'));
    }
  });

  it('matches the path as the router does, but sends the app shell for a URL with a query', async () => {
    expect((await get('/FAQ/', { 'accept-language': 'de' })).body).toBe(prerenderedHtml('de', 'faq'));
    expect((await get('/', { 'accept-language': 'de' })).body).toBe(prerenderedHtml('de', 'home'));
    // e.g. /login?passwordReset=1 renders a notice the prerendered page does not have.
    const withQuery = await get('/login?passwordReset=1', { 'accept-language': 'de' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toBe(INDEX_HTML);
    expect(withQuery.headers['content-language']).toBeUndefined();
  });
});

describe('a server without an AI provider (issue 25: AI claims only where AI is available)', () => {
  it('sends the pages and the app shell built without AI claims; with a provider the usual ones', async () => {
    const variantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-web-variants-'));
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(variantsDir, file)), { recursive: true });
      fs.writeFileSync(path.join(variantsDir, file), content);
    };
    write('index.html', INDEX_HTML);
    write('index.no-ai.html', INDEX_HTML.replace('<title>', '<html data-ai="off"><title>'));
    write('prerendered/en/faq.html', prerenderedHtml('en', 'faq with AI'));
    write('prerendered/en/faq.no-ai.html', prerenderedHtml('en', 'faq without AI'));
    const withoutAi = await buildTestApp({ webDir: variantsDir });
    const withAi = await buildTestApp({
      webDir: variantsDir,
      ai: {
        ...withoutAi.config.ai,
        provider: { provider: 'openai-compatible', model: 'any', baseUrl: undefined, apiKey: undefined },
      },
    });
    try {
      const page = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url }).then((r) => r.body);
      expect(await page(withoutAi, '/faq')).toBe(prerenderedHtml('en', 'faq without AI'));
      expect(await page(withoutAi, '/dashboard')).toContain('data-ai="off"');
      expect(await page(withAi, '/faq')).toBe(prerenderedHtml('en', 'faq with AI'));
      expect(await page(withAi, '/dashboard')).toBe(INDEX_HTML);
    } finally {
      await Promise.all([withoutAi.close(), withAi.close()]);
      fs.rmSync(variantsDir, { recursive: true, force: true });
    }
  });
});

describe('robots.txt', () => {
  it('is a plain-text robots file that keeps crawlers out of the API and the signed-in pages', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /profile',
        'Disallow: /decision/',
        'Disallow: /team-decision/',
        'Disallow: /team-invite/',
      ]),
    );
    // Every line is a directive robots parsers know; no sitemap is served, so none is named.
    for (const line of lines) expect(line).toMatch(/^(User-agent: \*|Allow: \/|Disallow: \/[a-z/-]*)$/);
    for (const page of Object.values(PRERENDERED_PAGES).filter((path) => path !== '/')) {
      expect(lines, page).not.toContain(`Disallow: ${page}`);
    }
  });
});
