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
  /**
   * The login answered `password_change_required` (a password from before the 12-character rule):
   * the app frame asks for a new one until it is changed. Kept across reloads.
   */
  isPasswordChangeDue: boolean;
  signIn: (token: string, user: User, isPasswordChangeDue?: boolean) => void;
  passwordChanged: () => void;
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
      isPasswordChangeDue: false,
      signIn: (token, user, isPasswordChangeDue = false) => {
        storeToken(token);
        set({ token, user, isSessionExpired: false, isPasswordChangeDue });
      },
      passwordChanged: () => set({ isPasswordChangeDue: false }),
      setUser: (user) => set({ user }),
      signOut: () => {
        storeToken(null);
        set({ token: null, user: null, isPasswordChangeDue: false });
      },
      expireSession: () => {
        storeToken(null);
        set({ token: null, user: null, isSessionExpired: true, isPasswordChangeDue: false });
      },
      acknowledgeExpiredSession: () => set({ isSessionExpired: false }),
    }),
    {
      name: 'auth-store',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, isPasswordChangeDue }) => ({ token, user, isPasswordChangeDue }),
      // A token left only under `token` (e.g. by an older client) still counts as a session.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<AuthState, 'token' | 'user' | 'isPasswordChangeDue'>>;
        return {
          ...current,
          user: saved.user ?? null,
          token: saved.token ?? localStorage.getItem(TOKEN_STORAGE_KEY),
          isPasswordChangeDue: saved.isPasswordChangeDue === true,
        };
      },
    },
  ),
);

export function useIsLoggedIn(): boolean {
  return useAuthStore((state) => state.token !== null);
}
