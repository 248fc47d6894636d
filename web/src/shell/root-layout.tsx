import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionSync } from '../lib/session';

/** Wraps every route: keeps the session in step with the server and restores scroll on navigation. */
export function RootLayout() {
  useSessionSync();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
