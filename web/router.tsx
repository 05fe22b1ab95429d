import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import {
  HOME_PAGE,
  PROTECTED_PAGES,
  PUBLIC_PAGES,
  type ProtectedPage,
  type PublicPage,
} from '../shared/routes.ts';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { AppLayout } from './features/app-frame/AppLayout.tsx';
import HomePage from './routes/home.tsx';
import NotFoundPage from './routes/not-found.tsx';
import RouteErrorPage from './routes/route-error.tsx';

/** Code-splits a page: its module loads on first visit, keeping the landing bundle small. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const privacyPage = page(() => import('./routes/privacy.tsx'));

// Every page of shared/routes.ts, which the server also reads to answer 404 for anything else;
// the Record types make a page missing here (or one the server does not know) a type error.
const publicPages: Record<PublicPage, RouteObject['lazy']> = {
  login: page(() => import('./routes/login.tsx')),
  register: page(() => import('./routes/register.tsx')),
  logout: page(() => import('./routes/logout.tsx')),
  faq: page(() => import('./routes/faq.tsx')),
  contact: page(() => import('./routes/contact.tsx')),
  imprint: page(() => import('./routes/imprint.tsx')),
  privacy: privacyPage,
  privacyAlias: privacyPage,
  invite: page(() => import('./routes/invite.tsx')),
  forgotPassword: page(() => import('./routes/forgot-password.tsx')),
  resetPassword: page(() => import('./routes/reset-password.tsx')),
  verifyEmail: page(() => import('./routes/verify-email.tsx')),
  confirmEmailChange: page(() => import('./routes/confirm-email-change.tsx')),
};

const protectedPages: Record<ProtectedPage, RouteObject['lazy']> = {
  notifications: page(() => import('./routes/notifications.tsx')),
  dashboard: page(() => import('./routes/dashboard.tsx')),
  newDecision: page(() => import('./routes/new-decision.tsx')),
  newTeamDecision: page(() => import('./routes/new-team-decision.tsx')),
  teamInvite: page(() => import('./routes/team-invite.tsx')),
  decisionRedirect: page(() => import('./routes/decision-redirect.tsx')),
  singleDecision: page(() => import('./routes/single-decision.tsx')),
  teamDecision: page(() => import('./routes/team-decision.tsx')),
  editDecision: page(() => import('./routes/edit-decision.tsx')),
  editTeamDecision: page(() => import('./routes/edit-team-decision.tsx')),
  evaluateDecision: page(() => import('./routes/evaluate-decision.tsx')),
  evaluation: page(() => import('./routes/evaluation.tsx')),
  history: page(() => import('./routes/history.tsx')),
  profile: page(() => import('./routes/profile.tsx')),
  changePassword: page(() => import('./routes/change-password.tsx')),
  workspaces: page(() => import('./routes/workspaces.tsx')),
  workspace: page(() => import('./routes/workspace.tsx')),
};

function routesOf<Name extends string>(
  paths: Record<Name, string>,
  pages: Record<Name, RouteObject['lazy']>,
): RouteObject[] {
  return (Object.keys(paths) as Name[]).map((name) => ({ path: paths[name], lazy: pages[name] }));
}

// Pages below the lazily loaded query layout; home and 404 render without it.
const publicRoutes = routesOf(PUBLIC_PAGES, publicPages);
const protectedRoutes = routesOf(PROTECTED_PAGES, protectedPages);

/**
 * The app's route tree. main.tsx turns it into the browser router; web/entry-server.tsx renders the
 * prerendered public pages from the same tree, so the markup it writes is what the browser hydrates.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: AppLayout,
    // Outer boundary: failures of the frame itself. The inner one keeps navbar and footer visible.
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { path: HOME_PAGE, Component: HomePage },
          { path: '*', Component: NotFoundPage },
          {
            lazy: () => import('./lib/QueryLayout.tsx'),
            children: [...publicRoutes, { Component: RequireAuth, children: protectedRoutes }],
          },
        ],
      },
    ],
  },
];
