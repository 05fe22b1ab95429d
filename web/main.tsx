import './styles.css';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { reloadSessionUser } from './features/auth/current-user.ts';
import { followDescription } from './lib/document-meta.ts';
import { useIsHydrated } from './lib/hydration.ts';
import { initI18n, isLanguage, switchToStoredLanguage } from './lib/i18n.ts';
import { appRoutes } from './router.tsx';

// zod's fast path probes `new Function`; the CSP (script-src 'self') refuses and reports it as a
// violation. zod reads its settings from this global (shared by every copy of zod), so setting it
// here keeps zod itself out of the landing bundle.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/**
 * Loads the lazy routes the URL matches and puts them in place, so the router's first render is the
 * page itself (as in the prerendered HTML) instead of its HydrateFallback.
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * Once the page's controls work (a prerendered page hydrated, or the app rendered by the browser):
 * the stored language wins over the one a prerendered page was sent in (nothing can mismatch now),
 * the session's user reloads, and <html data-interactive> tells tests and tools the page is ready.
 */
function OnceInteractive({ children }: { children: ReactNode }) {
  const isInteractive = useIsHydrated();
  useEffect(() => {
    if (!isInteractive) return;
    switchToStoredLanguage();
    void reloadSessionUser();
    document.documentElement.dataset.interactive = 'true';
  }, [isInteractive]);
  return children;
}

async function start(root: HTMLElement): Promise<void> {
  const prerenderedLanguage = document.documentElement.lang;
  if (root.hasChildNodes() && isLanguage(prerenderedLanguage)) {
    // A prerendered page: the first render must produce exactly the server's markup.
    await Promise.all([initI18n(prerenderedLanguage), resolveLazyRoutes(appRoutes)]);
    // A task of its own for the hydration: loading the chunks ran their modules, one long task
    // with it would block the main thread on a slow phone (Total Blocking Time).
    await new Promise((resolve) => setTimeout(resolve, 0));
    // No route has a loader: the server's state is the router's initial state, nothing to carry over.
    const router = createBrowserRouter(appRoutes, { hydrationData: { loaderData: {} } });
    followDescription(router);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread (Total Blocking Time on a slow phone).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <OnceInteractive>
            <RouterProvider router={router} />
          </OnceInteractive>
        </StrictMode>,
      );
    });
    return;
  }
  // The app shell: texts load first, so the first paint is already in the visitor's language.
  await initI18n();
  const router = createBrowserRouter(appRoutes);
  followDescription(router);
  createRoot(root).render(
    <StrictMode>
      <OnceInteractive>
        <RouterProvider router={router} />
      </OnceInteractive>
    </StrictMode>,
  );
}

void start(rootElement);
