import { Outlet } from 'react-router';
import { useSessionSync } from '../lib/session';

/**
 * The routes that depend on who is signed in: the public pages (their header), sign-in and sign-up, and the app.
 * The public form and booking pages are outside it: a visitor there has no account, so they never ask.
 */
export function SessionLayout() {
  useSessionSync();
  return <Outlet />;
}
