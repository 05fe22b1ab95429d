import { lazy, Suspense } from 'react';
import { useTheme } from '../../lib/theme.ts';

// Kept out of the landing bundle: toasts only ever follow a user action or a server answer.
const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function Toaster() {
  const theme = useTheme();
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} position="top-center" richColors closeButton />
    </Suspense>
  );
}
