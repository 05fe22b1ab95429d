import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../../components/ui/Toaster.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { useSessionGuards } from './useSessionGuards.ts';

// Only unconfirmed accounts see it, so it loads on demand instead of weighing on the landing page.
const VerifyEmailBanner = lazy(() => import('../email-verification/VerifyEmailBanner.tsx'));
// Only accounts with a password from before the 12-character rule see it (issue 27).
const PasswordChangeBanner = lazy(() => import('../profile/PasswordChangeBanner.tsx'));

export function AppLayout() {
  const { t } = useTranslation();
  const isNavigating = useNavigation().state === 'loading';
  // false only for a signed-in user whose address is unconfirmed (an older stored user lacks the field).
  const isUnverified = useAuthStore((state) => state.user?.email_verified === false);
  const isPasswordChangeDue = useAuthStore((state) => state.token !== null && state.isPasswordChangeDue);
  useSessionGuards();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      {/* A thin progress bar while a lazily loaded page arrives; fixed, so nothing shifts. */}
      <div
        aria-hidden
        className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-indigo-500 transition-transform duration-500 ${isNavigating ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <Navbar />
      {isUnverified && (
        <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
          <Suspense fallback={null}>
            <VerifyEmailBanner />
          </Suspense>
        </div>
      )}
      {isPasswordChangeDue && (
        <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
          <Suspense fallback={null}>
            <PasswordChangeBanner />
          </Suspense>
        </div>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 outline-none sm:px-6"
      >
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
