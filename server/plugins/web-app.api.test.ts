import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// A stand-in build: the plugin serves whatever index.html and files the web build wrote.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-web-'));
const INDEX_HTML = '<!doctype html><title>Decision Compass</title><div id="root"></div>';

let testApp: TestApp;
beforeAll(async () => {
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'index-1a2b3c.js'), 'export {};');
  testApp = await buildTestApp({ webDir });
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it('answers the pages of the route table with the app and 200, unknown ids included', async () => {
    for (const url of [
      '/',
      '/login',
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

  it('serves the files of the build: hashed assets cached for good, the rest revalidated', async () => {
    const asset = await get('/assets/index-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers API paths and missing assets with a JSON 404, not the app', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing-1234.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
