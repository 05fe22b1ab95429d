import './prerender-globals.ts';
import type { ResourceKey } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '../shared/limits.ts';
import { setAiAvailableForPrerender } from './lib/ai-availability.ts';
import { i18n, initI18nForPrerender } from './lib/i18n.ts';
import { appRoutes } from './router.tsx';

// Build-time entry (the SSR build in vite.config.ts, run by scripts/prerender.ts): the same route
// tree and components the browser hydrates, rendered once per public page and language.

/** `isAiAvailable`: the variant with AI claims (the server picks one by its configuration). */
export type PageRenderer = (path: string, language: Language, isAiAvailable?: boolean) => Promise<string>;

/**
 * A renderer of pages with these catalogs (shared/i18n, handed in by the build so the locales stay
 * lazy chunks in the app). It returns the markup `<div id="root">` holds before hydration; React
 * puts the page's <title> first.
 */
export function createPageRenderer(catalogs: Record<Language, ResourceKey>): PageRenderer {
  initI18nForPrerender(catalogs);
  const handler = createStaticHandler(appRoutes);
  return async (path, language, isAiAvailable = true) => {
    await i18n.changeLanguage(language);
    setAiAvailableForPrerender(isAiAvailable);
    const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
    if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status})`);
    if (context.statusCode !== 200) throw new Error(`${path} rendered with status ${context.statusCode}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    // prerender (not renderToString) waits for every suspended part, so no fallback is left in the
    // HTML. hydrate={false}: no inline hydration script (the CSP forbids it); main.tsx builds that state.
    const { prelude } = await prerender(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
    return new Response(prelude).text();
  };
}
