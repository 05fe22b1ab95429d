import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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

// Pages below the lazily loaded query layout; home and 404 render without it.
const publicRoutes: RouteObject[] = [
  { path: 'login', lazy: page(() => import('./routes/login.tsx')) },
  { path: 'register', lazy: page(() => import('./routes/register.tsx')) },
  { path: 'logout', lazy: page(() => import('./routes/logout.tsx')) },
  { path: 'faq', lazy: page(() => import('./routes/faq.tsx')) },
  { path: 'kontakt', lazy: page(() => import('./routes/contact.tsx')) },
  { path: 'impressum', lazy: page(() => import('./routes/imprint.tsx')) },
  { path: 'datenschutz', lazy: privacyPage },
  { path: 'privacy', lazy: privacyPage },
  { path: 'invite', lazy: page(() => import('./routes/invite.tsx')) },
  { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password.tsx')) },
  { path: 'reset-password', lazy: page(() => import('./routes/reset-password.tsx')) },
  { path: 'verify-email', lazy: page(() => import('./routes/verify-email.tsx')) },
];

const protectedRoutes: RouteObject[] = [
  { path: 'notifications', lazy: page(() => import('./routes/notifications.tsx')) },
  { path: 'dashboard', lazy: page(() => import('./routes/dashboard.tsx')) },
  { path: 'new-decision', lazy: page(() => import('./routes/new-decision.tsx')) },
  { path: 'new-team-decision', lazy: page(() => import('./routes/new-team-decision.tsx')) },
  { path: 'team-invite/:id', lazy: page(() => import('./routes/team-invite.tsx')) },
  { path: 'decision/:id', lazy: page(() => import('./routes/decision-redirect.tsx')) },
  { path: 'single-decision/:id', lazy: page(() => import('./routes/single-decision.tsx')) },
  { path: 'team-decision/:id', lazy: page(() => import('./routes/team-decision.tsx')) },
  { path: 'decision/:id/edit', lazy: page(() => import('./routes/edit-decision.tsx')) },
  { path: 'team-decision/:id/edit', lazy: page(() => import('./routes/edit-team-decision.tsx')) },
  { path: 'decision/:id/evaluate', lazy: page(() => import('./routes/evaluate-decision.tsx')) },
  { path: 'evaluation', lazy: page(() => import('./routes/evaluation.tsx')) },
  { path: 'history', lazy: page(() => import('./routes/history.tsx')) },
  { path: 'profile', lazy: page(() => import('./routes/profile.tsx')) },
  { path: 'change-password', lazy: page(() => import('./routes/change-password.tsx')) },
];

export const router = createBrowserRouter([
  {
    Component: AppLayout,
    // Outer boundary: failures of the frame itself. The inner one keeps navbar and footer visible.
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, Component: HomePage },
          { path: '*', Component: NotFoundPage },
          {
            lazy: () => import('./lib/QueryLayout.tsx'),
            children: [...publicRoutes, { Component: RequireAuth, children: protectedRoutes }],
          },
        ],
      },
    ],
  },
]);
