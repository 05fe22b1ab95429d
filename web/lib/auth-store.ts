import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { User } from '../../shared/api/users.ts';

// SPEC.md: the token is also kept on its own under localStorage `token`.
const TOKEN_STORAGE_KEY = 'token';

interface AuthState {
  token: string | null;
  user: User | null;
  /** Set when the server rejected the stored token; the app frame then sends the user to /login. */
  isSessionExpired: boolean;
  signIn: (token: string, user: User) => void;
  setUser: (user: User) => void;
  signOut: () => void;
  expireSession: () => void;
  acknowledgeExpiredSession: () => void;
}

function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      isSessionExpired: false,
      signIn: (token, user) => {
        storeToken(token);
        set({ token, user, isSessionExpired: false });
      },
      setUser: (user) => set({ user }),
      signOut: () => {
        storeToken(null);
        set({ token: null, user: null });
      },
      expireSession: () => {
        storeToken(null);
        set({ token: null, user: null, isSessionExpired: true });
      },
      acknowledgeExpiredSession: () => set({ isSessionExpired: false }),
    }),
    {
      name: 'auth-store',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user }) => ({ token, user }),
      // A token left only under `token` (e.g. by an older client) still counts as a session.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<AuthState, 'token' | 'user'>>;
        return {
          ...current,
          user: saved.user ?? null,
          token: saved.token ?? localStorage.getItem(TOKEN_STORAGE_KEY),
        };
      },
    },
  ),
);

export function useIsLoggedIn(): boolean {
  return useAuthStore((state) => state.token !== null);
}
