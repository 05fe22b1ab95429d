import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { LANGUAGES, type Language } from '../shared/limits.ts';
import { PRERENDERED_PAGES, type PrerenderedPage } from '../shared/prerendered-pages.ts';
import type { createPageRenderer } from '../web/entry-server.tsx';
import {
  prerenderedDocument,
  withInlinedStylesheets,
  withScriptsAfterFirstPaint,
} from './prerender-document.ts';

const catalogs = { en, de };

interface ServerEntry {
  createPageRenderer: typeof createPageRenderer;
}

/** Where the server looks for a prerendered page (server/plugins/web-app.ts). */
function prerenderedFile(webDir: string, language: Language, page: PrerenderedPage): string {
  return path.join(webDir, 'prerendered', language, `${page}.html`);
}

/**
 * Renders every page of PRERENDERED_PAGES in every language with the SSR build of
 * web/entry-server.tsx and writes them next to the app shell. Returns the files written.
 */
export async function prerenderPages({ webDir, serverEntry }: { webDir: string; serverEntry: string }) {
  const { createPageRenderer } = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
  const renderPage = createPageRenderer(catalogs);
  const appShell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const shell = withScriptsAfterFirstPaint(
    withInlinedStylesheets(appShell, (href) => fs.readFileSync(path.join(webDir, href), 'utf8')),
  );
  const written: string[] = [];
  for (const language of LANGUAGES) {
    for (const [page, pagePath] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPage, string][]) {
      const html = prerenderedDocument(shell, {
        language,
        description: catalogs[language].seo[page].description,
        markup: await renderPage(pagePath, language),
      });
      const file = prerenderedFile(webDir, language, page);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
      written.push(file);
    }
  }
  return written;
}
