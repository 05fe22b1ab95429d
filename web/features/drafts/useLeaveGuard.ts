import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Asks before leaving a page with unsaved input: in-app navigation to another page is held
 * (`blocker.state === 'blocked'`, the caller shows a dialog and calls proceed or reset), closing or
 * reloading the tab gets the browser's own question. Moving within the page (e.g. a tab in the query)
 * is never held. `isBlocking` is read when the navigation happens, so a ref-backed getter works.
 */
export function useLeaveGuard(isBlocking: () => boolean): Blocker {
  const isBlockingRef = useRef(isBlocking);
  useEffect(() => {
    isBlockingRef.current = isBlocking;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isBlockingRef.current() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    function askFirst(event: BeforeUnloadEvent) {
      if (!isBlockingRef.current()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, []);

  return blocker;
}
