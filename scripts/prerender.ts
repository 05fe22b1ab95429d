import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { LANGUAGES, type Language } from '../shared/limits.ts';
import { NO_AI_SUFFIX, PRERENDERED_PAGES, type PrerenderedPage } from '../shared/prerendered-pages.ts';
import { AI_OFF_ATTRIBUTE } from '../web/lib/ai-availability.ts';
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

/** Where the server looks for a prerendered page (server/plugins/web-app.ts); `.no-ai` without AI claims. */
function prerenderedFile(webDir: string, language: Language, page: PrerenderedPage, variant: string): string {
  return path.join(webDir, 'prerendered', language, `${page}${variant}.html`);
}

/** The two variants of every page: with AI claims, and without for a server with no AI provider. */
const VARIANTS = [
  { suffix: '', isAiAvailable: true },
  { suffix: NO_AI_SUFFIX, isAiAvailable: false },
] as const;

/** The document of the variant without AI: <html data-ai="off">, which the client reads. */
function withoutAi(html: string): string {
  return html.replace(/<html /, `<html ${AI_OFF_ATTRIBUTE} `);
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
  // The app shell of a server without AI: pages opened inside the app read the same marker.
  fs.writeFileSync(path.join(webDir, `index${NO_AI_SUFFIX}.html`), withoutAi(appShell));
  const written: string[] = [];
  for (const language of LANGUAGES) {
    for (const [page, pagePath] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPage, string][]) {
      for (const { suffix, isAiAvailable } of VARIANTS) {
        const seo: { description: string; descriptionWithoutAi?: string } = catalogs[language].seo[page];
        const html = prerenderedDocument(shell, {
          language,
          description: isAiAvailable ? seo.description : (seo.descriptionWithoutAi ?? seo.description),
          markup: await renderPage(pagePath, language, isAiAvailable),
        });
        const file = prerenderedFile(webDir, language, page, suffix);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, isAiAvailable ? html : withoutAi(html));
        written.push(file);
      }
    }
  }
  return written;
}
