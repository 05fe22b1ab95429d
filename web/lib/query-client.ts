import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { useAuthStore } from './auth-store.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors (401, 404, …) will not change on retry; network and server errors may.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    },
  },
});

// Cached server state belongs to one session: a login, logout or expired token drops all of it.
useAuthStore.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});
