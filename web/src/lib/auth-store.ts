import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '@common/auth';

interface AuthState {
  user: User | null;
  /** True until the first session check answers; never persisted. */
  loading: boolean;
  setUser: (user: User | null) => void;
  setLoading: (loading: boolean) => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      loading: true,
      setUser: (user) => set({ user, loading: false }),
      setLoading: (loading) => set({ loading }),
    }),
    {
      name: 'auth-storage',
      // The user only: never a token, never the loading flag.
      partialize: ({ user }) => ({ user }),
    },
  ),
);

export const clearUser = () => useAuthStore.getState().setUser(null);
