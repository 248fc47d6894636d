import { useEffect } from 'react';
import { sessionMessages } from '@common/session-messages';
import type { User } from '@common/auth';
import type { authApi } from '@common/auth-api';
import { authRoutes } from '@common/auth-routes';
import { send } from './api';
import { clearUser, useAuthStore } from './auth-store';
import { currentSessionResponse } from './session-response';
import { toast } from './toast';

/** The signed-in user according to the server, or null when there is no session (a 200, not a 401: no console error). */
export async function fetchCurrentUser(): Promise<User | null> {
  const { user } = currentSessionResponse.parse(await send<typeof authApi.session>(authRoutes.session));
  return user;
}

export async function signOut(): Promise<void> {
  try {
    await send<typeof authApi.signOut>(authRoutes.signOut);
  } finally {
    // Signed out locally even when the server is unreachable; other tabs follow through 'auth-storage'.
    clearUser();
  }
}

async function checkSession({ silent }: { silent: boolean }) {
  const { setUser, setLoading } = useAuthStore.getState();
  try {
    setUser(await fetchCurrentUser());
  } catch {
    // A server hiccup is not a sign-out: keep the remembered user and let queries report their own errors.
    setLoading(false);
    if (!silent) toast.error(sessionMessages.profileLoadFailed);
  }
}

/**
 * Keeps the local user in step with the server session: checks once at start-up,
 * follows sign-in/sign-out in other tabs (the 'storage' event) and re-checks when the window regains focus.
 */
export function useSessionSync() {
  useEffect(() => {
    void checkSession({ silent: false });

    const onStorage = (event: StorageEvent) => {
      if (event.key === 'auth-storage') void useAuthStore.persist.rehydrate();
    };
    const onFocus = () => {
      if (useAuthStore.getState().user) void checkSession({ silent: true });
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}
