import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../lib/auth-store';
import { LoadingScreen } from './loading-screen';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { SkipLink } from './skip-link';
import { Toasts } from './toasts';

/**
 * Landing, pricing, sign-in and sign-up: header, page, footer. Sign-in and sign-up (`guestOnly`) are for signed-out
 * visitors: a signed-in user sees the app's loading screen, not the header over an empty page, until the dashboard.
 */
export function PublicLayout({ guestOnly = false }: { guestOnly?: boolean }) {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  if (guestOnly && user) {
    return (
      <>
        <LoadingScreen />
        <Toasts inShell />
        {!loading && <Navigate to="/app/dashboard" replace />}
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <PublicFooter />
      <Toasts />
    </div>
  );
}
