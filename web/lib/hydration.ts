import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates a prerendered page, true from the
 * first render after that (and always in a page the browser rendered itself). Controls that do
 * nothing before hydration use it to stay disabled: a click would be lost, a native form submit
 * would put the fields (a password too) into the URL, and react-hook-form resets typed values when
 * it takes over the inputs.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * The calendar year. The prerendered pages were rendered with the build's year, so hydration
 * renders that one, then the visitor's clock.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
}
