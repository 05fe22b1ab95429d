import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

interface LeaveGuardEntry {
  isBlocking: () => boolean;
  /** Called for each blocking form when the user leaves anyway. */
  onLeave: () => void;
}

/**
 * Every mounted guard (a page may hold two forms, e.g. the team edit page's vote and set-up tabs).
 * React Router consults only the last registered blocker, so each blocker asks all guards.
 */
const mountedGuards = new Set<{ current: LeaveGuardEntry }>();

function blockingGuards() {
  return [...mountedGuards].filter((guard) => guard.current.isBlocking());
}

/**
 * Asks before leaving a page with unsaved input: in-app navigation to another page is held
 * (`isAsking`; the caller shows a dialog and calls leave or stay), closing or reloading the tab gets
 * the browser's own question. Moving within the page (e.g. a tab in the query) is never held.
 * `isBlocking` is read when the navigation happens, so a ref-backed getter works.
 */
export function useLeaveGuard(isBlocking: () => boolean, onLeave: () => void) {
  const entry = useRef<LeaveGuardEntry>({ isBlocking, onLeave });
  useEffect(() => {
    entry.current = { isBlocking, onLeave };
  });
  useEffect(() => {
    mountedGuards.add(entry);
    return () => {
      mountedGuards.delete(entry);
    };
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && blockingGuards().length > 0,
  );

  useEffect(() => {
    function askFirst(event: BeforeUnloadEvent) {
      if (!entry.current.isBlocking()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, []);

  return {
    isAsking: blocker.state === 'blocked',
    /** Leaves anyway: every blocking form on the page lets go of its input first. */
    leave: () => {
      for (const guard of blockingGuards()) guard.current.onLeave();
      blocker.proceed?.();
    },
    stay: () => blocker.reset?.(),
  };
}
