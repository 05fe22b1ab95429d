import './styles.css';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { config as configureZod } from 'zod/v4/core';
import { reloadSessionUser } from './features/auth/current-user.ts';
import { followDescription } from './lib/document-meta.ts';
import { initI18n, isLanguage, switchToStoredLanguage } from './lib/i18n.ts';
import { appRoutes } from './router.tsx';

// zod's fast path probes `new Function`; the CSP (script-src 'self') refuses and reports it as a violation.
configureZod({ jitless: true });

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

/** Runs `afterHydration` once React has hydrated the tree below. */
function HydrationDone({ afterHydration, children }: { afterHydration: () => void; children: ReactNode }) {
  useEffect(afterHydration, [afterHydration]);
  return children;
}

function afterHydration(): void {
  // Rendered in the page's language; the visitor's stored choice wins now that nothing can mismatch.
  switchToStoredLanguage();
  void reloadSessionUser();
}

async function start(root: HTMLElement): Promise<void> {
  const prerenderedLanguage = document.documentElement.lang;
  if (root.hasChildNodes() && isLanguage(prerenderedLanguage)) {
    // A prerendered page: the first render must produce exactly the server's markup.
    await Promise.all([initI18n(prerenderedLanguage), resolveLazyRoutes(appRoutes)]);
    // No route has a loader: the server's state is the router's initial state, nothing to carry over.
    const router = createBrowserRouter(appRoutes, { hydrationData: { loaderData: {} } });
    followDescription(router);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread (Total Blocking Time on a slow phone).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <HydrationDone afterHydration={afterHydration}>
            <RouterProvider router={router} />
          </HydrationDone>
        </StrictMode>,
      );
    });
    return;
  }
  // The app shell: texts load first, so the first paint is already in the visitor's language.
  await initI18n();
  const router = createBrowserRouter(appRoutes);
  followDescription(router);
  void reloadSessionUser();
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start(rootElement);
