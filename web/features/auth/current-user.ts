import { ApiError } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { fetchCurrentUser } from './auth-api.ts';

/** Loads the signed-in user and makes it the session's user (the store is the one source of truth). */
export async function fetchAndStoreCurrentUser() {
  const token = useAuthStore.getState().token;
  const user = await fetchCurrentUser();
  // Ignore an answer that arrives after a logout or a switch to another account.
  if (useAuthStore.getState().token === token) useAuthStore.getState().setUser(user);
  return user;
}

/** Start-up refresh of a stored session. A 401 already logged out in the API client; other failures keep the user. */
export async function reloadSessionUser(): Promise<void> {
  if (!useAuthStore.getState().token) return;
  try {
    await fetchAndStoreCurrentUser();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      console.warn('Could not reload the profile; keeping the stored user.', error);
    }
  }
}
