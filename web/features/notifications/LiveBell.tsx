import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

// The dropdown (React Aria, TanStack Query) loads on first use; it is prefetched on hover and focus.
const loadDropdown = () => import('./BellDropdown.tsx');
const BellDropdown = lazy(loadDropdown);

/** The bell with its unread badge and dropdown; it also keeps the session's live event stream open. */
export default function LiveBell() {
  const { t } = useTranslation();
  const token = useAuthStore((state) => state.token);
  const [unread, setUnread] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    void import('./live-sync.ts').then(({ startLiveSync }) => {
      if (!isCancelled) stop = startLiveSync(token, setUnread);
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [token]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-label={unread ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        data-unread={unread}
        className={`${buttonClasses('ghost', 'icon')} relative`}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={() => setIsOpen((wasOpen) => !wasOpen)}
      >
        <Bell aria-hidden size={20} />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white tabular-nums ring-2 ring-white dark:ring-slate-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <BellDropdown triggerRef={button} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
