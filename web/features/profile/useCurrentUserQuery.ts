import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../../lib/auth-store.ts';
import { fetchAndStoreCurrentUser } from '../auth/current-user.ts';

/** Fresh profile for pages that edit it; the data itself is read from the session store. */
export function useCurrentUserQuery() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: ['current-user', token],
    queryFn: fetchAndStoreCurrentUser,
    enabled: token !== null,
  });
}
