// sonner is loaded after the first paint (see components/ui/Toaster.tsx); no toast is needed before it.
type ToastKind = 'success' | 'error' | 'info';

export function notify(kind: ToastKind, message: string): void {
  void import('sonner').then(({ toast }) => toast[kind](message));
}
