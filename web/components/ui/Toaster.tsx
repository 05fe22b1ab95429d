import { lazy, Suspense } from 'react';
import { useTheme } from '../../lib/theme.ts';

// Kept out of the landing bundle: toasts only ever follow a user action or a server answer.
const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// The sticky navbar is 4 rem (h-16) high: toasts start below it with a small gap, so they never
// cover the navigation, the bell or the avatar menu (sonner's phone layout, under 600 px, included).
const BELOW_NAVBAR = 'calc(4rem + 12px)';

export function Toaster() {
  const theme = useTheme();
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={theme}
        position="top-center"
        offset={{ top: BELOW_NAVBAR }}
        mobileOffset={{ top: BELOW_NAVBAR }}
        richColors
        closeButton
      />
    </Suspense>
  );
}
