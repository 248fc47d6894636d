import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../lib/auth-store';
import { LoadingScreen } from './loading-screen';

/** Sign-in and sign-up are for signed-out visitors; a signed-in user goes to the dashboard. */
export function GuestOnly() {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  if (user && loading) return <LoadingScreen />;
  if (user) return <Navigate to="/app/dashboard" replace />;
  return <Outlet />;
}
