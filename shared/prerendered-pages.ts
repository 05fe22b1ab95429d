import { HOME_PAGE, PUBLIC_PAGES } from './routes.ts';

/**
 * The public pages the build renders to HTML in every language (web/entry-server.tsx,
 * scripts/prerender.ts) and the server sends instead of the empty app shell, so a visitor sees the
 * page before any script has run. Each is written to `prerendered/<language>/<name>.html`; its meta
 * description is `seo.<name>.description` in shared/i18n.
 */
export const PRERENDERED_PAGES = {
  home: HOME_PAGE,
  faq: PUBLIC_PAGES.faq,
  login: PUBLIC_PAGES.login,
  register: PUBLIC_PAGES.register,
  contact: PUBLIC_PAGES.contact,
} as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/**
 * The variant of each page (and of the app shell, `index.no-ai.html`) for a server without an AI
 * provider: no AI claims, and <html data-ai="off"> (web/lib/ai-availability.ts).
 */
export const NO_AI_SUFFIX = '.no-ai';

const pageByPath = new Map(
  (Object.entries(PRERENDERED_PAGES) as [PrerenderedPage, string][]).map(([name, path]) => [path, name]),
);

/**
 * The prerendered page for a request URL, if any. Like the router, letters match in any case and a
 * trailing slash does not count. A URL with a query gets none: a page may render what the query
 * says (a notice after a password reset), which the prerendered HTML does not know.
 */
export function prerenderedPageAt(url: string): PrerenderedPage | undefined {
  if (/[?#]/.test(url)) return undefined;
  const path = url.toLowerCase().replace(/(.)\/+$/, '$1');
  return pageByPath.get(path);
}
