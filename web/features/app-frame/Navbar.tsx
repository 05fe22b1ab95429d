import { lazy, Suspense, useState } from 'react';
import { Menu as MenuIcon, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { useAuthStore, useIsLoggedIn } from '../../lib/auth-store.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

// React Aria's menu is only needed once someone is signed in; keep it out of the landing bundle.
const AvatarMenu = lazy(() => import('./AvatarMenu.tsx').then((module) => ({ default: module.AvatarMenu })));
// Issue 29: the workspace switcher needs TanStack Query, so it also loads once someone is signed in.
const WorkspaceSwitcher = lazy(() => import('../workspaces/WorkspaceSwitcher.tsx'));

const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.home', end: true, isProtected: false },
  { to: '/dashboard', labelKey: 'nav.dashboard', end: false, isProtected: false },
  // The /evaluation calculator is a protected route: offered once signed in.
  { to: '/evaluation', labelKey: 'evaluation.navLink', end: false, isProtected: true },
  { to: '/faq', labelKey: 'nav.faq', end: false, isProtected: false },
  { to: '/kontakt', labelKey: 'nav.contact', end: false, isProtected: false },
] as const;

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive
      ? 'bg-indigo-50 text-indigo-800 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

function AvatarMenuPlaceholder() {
  const avatarUrl = useAuthStore((state) => state.user?.avatar_url);
  return (
    <span className="flex h-10 items-center pl-1">
      <Avatar src={avatarUrl} size={32} />
    </span>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  // Remembering where the menu was opened closes it on navigation without an effect.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const isMobileMenuOpen = menuOpenedAt === pathname;

  const navLinks = NAV_ITEMS.filter((item) => isLoggedIn || !item.isProtected).map((item) => (
    <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClasses}>
      {t(item.labelKey)}
    </NavLink>
  ));

  const authButtons = (
    <>
      <ButtonLink to="/login" variant="ghost">
        {t('nav.login')}
      </ButtonLink>
      <ButtonLink to="/register">{t('nav.register')}</ButtonLink>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center sm:mr-2 gap-2 rounded-lg text-base font-bold text-slate-900 dark:text-white"
        >
          <Logo />
          {/* Between md and lg the five links need the room: the logo alone shows, the name is still read. */}
          <span className="truncate md:max-lg:sr-only">{t('app.name')}</span>
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {navLinks}
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <div className="hidden items-center gap-2 md:flex">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
          {isLoggedIn ? (
            <>
              {/* Between md and lg the account menu holds the switcher: the navbar has no room. */}
              <div className="hidden lg:block">
                <Suspense fallback={null}>
                  <WorkspaceSwitcher variant="bar" />
                </Suspense>
              </div>
              <NotificationBell />
              <Suspense fallback={<AvatarMenuPlaceholder />}>
                <AvatarMenu />
              </Suspense>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">{authButtons}</div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={isMobileMenuOpen}
            aria-controls="mobile-navigation"
            aria-label={t(isMobileMenuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setMenuOpenedAt(isMobileMenuOpen ? null : pathname)}
          >
            {isMobileMenuOpen ? <X aria-hidden size={22} /> : <MenuIcon aria-hidden size={22} />}
          </Button>
        </div>
      </div>

      {isMobileMenuOpen ? (
        <div
          id="mobile-navigation"
          className="border-t border-slate-200 px-4 py-4 md:hidden dark:border-slate-800"
        >
          <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
            {navLinks}
          </nav>
          {isLoggedIn ? (
            <div className="mt-4">
              <Suspense fallback={null}>
                <WorkspaceSwitcher variant="menu" />
              </Suspense>
            </div>
          ) : null}
          <div className="mt-4 flex items-center justify-between gap-2">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
          {isLoggedIn ? null : <div className="mt-4 flex gap-2 [&>*]:flex-1">{authButtons}</div>}
        </div>
      ) : null}
    </header>
  );
}
