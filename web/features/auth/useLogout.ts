import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../lib/auth-store.ts';
import { logout } from './auth-api.ts';

/** Revokes the token on the server, then forgets the session locally whatever the server said. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (useAuthStore.getState().token) {
      await logout().catch((error: unknown) =>
        console.warn('Logout request failed; clearing the session anyway.', error),
      );
    }
    useAuthStore.getState().signOut();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
