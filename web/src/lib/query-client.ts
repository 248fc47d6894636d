import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { clearUser, useAuthStore } from './auth-store';

/** A 401 anywhere means the session ended: forget the user; the app shell then redirects to /signin. */
function onUnauthorized(error: unknown) {
  if (isApiError(error, 401) && useAuthStore.getState().user) clearUser();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onUnauthorized }),
  mutationCache: new MutationCache({ onError: onUnauthorized }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors (4xx) will not change on retry; server and network errors might.
      retry: (failureCount, error) => (isApiError(error) && error.status < 500 ? false : failureCount < 2),
    },
    mutations: { retry: false },
  },
});

// Another user's (or no user's) cached data must never show after a sign-out or a switch of account.
useAuthStore.subscribe((state, previous) => {
  if (previous.user && state.user?.id !== previous.user.id) queueMicrotask(() => queryClient.clear());
});
