import type { Key } from 'react';
import { Building2, ChevronDown, History, KeyRound, LogOut, UserRoundPen } from 'lucide-react';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { displayNameOf } from '../../../shared/display-name.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { WorkspaceMenuSection } from '../workspaces/WorkspaceSwitcher.tsx';

const itemClasses =
  'flex h-10 cursor-pointer items-center gap-3 rounded-md px-3 text-sm text-slate-800 outline-none data-focused:bg-indigo-50 data-focused:text-indigo-800 dark:text-slate-100 dark:data-focused:bg-slate-800 dark:data-focused:text-white';

// Each item's id is the path it opens.
const MENU_LINKS = [
  { path: '/history', Icon: History, labelKey: 'nav.myDecisions' },
  { path: '/profile', Icon: UserRoundPen, labelKey: 'nav.editProfile' },
  { path: '/change-password', Icon: KeyRound, labelKey: 'nav.changePassword' },
  { path: '/workspaces', Icon: Building2, labelKey: 'workspaces.switcher.manage' },
  { path: '/logout', Icon: LogOut, labelKey: 'nav.logout' },
] as const;

export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  // The display-name rule; "User" only while nothing is known about the account.
  const name = (user && displayNameOf(user)) ?? t('nav.defaultNickname');
  // Issue 29: from lg up the navbar has the workspace switcher's own button; below, it is in here.
  const hasSwitcherButton = useMediaQuery('(min-width: 1024px)');

  return (
    <MenuTrigger>
      <Button
        aria-label={t('nav.accountMenu', { name })}
        className="flex h-10 items-center gap-2 rounded-full pr-2 pl-1 text-sm font-medium text-slate-800 outline-none hover:bg-slate-200/70 data-focus-visible:outline-2 data-focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Avatar src={user?.avatar_url} size={32} />
        <span className="hidden max-w-32 truncate lg:inline">{name}</span>
        <ChevronDown aria-hidden size={16} className="hidden sm:block" />
      </Button>
      <Popover
        placement="bottom end"
        className="w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <QueryClientProvider client={queryClient}>
          <Menu
            className="outline-none"
            // Links' ids are paths; the workspace items select instead of opening a page.
            onAction={(key: Key) => String(key).startsWith('/') && void navigate(String(key))}
          >
            <MenuSection>
              <Header className="flex items-center gap-3 px-3 py-2">
                <Avatar src={user?.avatar_url} size={32} />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
                    {name}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {user?.email}
                  </span>
                </span>
              </Header>
            </MenuSection>
            <Separator className="my-1 border-t border-slate-200 dark:border-slate-700" />
            {hasSwitcherButton ? null : <WorkspaceMenuSection />}
            {hasSwitcherButton ? null : (
              <Separator className="my-1 border-t border-slate-200 dark:border-slate-700" />
            )}
            <MenuSection>
              {MENU_LINKS.map(({ path, Icon, labelKey }) => (
                <MenuItem key={path} id={path} className={itemClasses}>
                  <Icon aria-hidden size={16} />
                  {t(labelKey)}
                </MenuItem>
              ))}
            </MenuSection>
          </Menu>
        </QueryClientProvider>
      </Popover>
    </MenuTrigger>
  );
}
