import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAuthStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { LoadingScreen } from './loading-screen';
import { PageHeader } from './page-header';
import { SidebarContent } from './sidebar';
import { SkipLink } from './skip-link';
import { Toasts } from './toasts';

// The phone's drawer and its dialog library load the first time the menu is opened: a wide screen never needs them.
const MobileSidebar = lazy(() => import('./mobile-sidebar').then((m) => ({ default: m.MobileSidebar })));

/**
 * Everything under /app: signed-in users only, sidebar + page header + the page. A lazy route of its own:
 * public pages load none of it, nor TanStack Query, which only signed-in pages use.
 */
export function AppShell() {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: navigating closes it without an effect.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const [menuWanted, setMenuWanted] = useState(false);
  const setMenuOpen = (open: boolean) => {
    if (open) setMenuWanted(true);
    setMenuOpenOn(open ? pathname : null);
  };
  useEffect(() => {
    // The drawer is for small screens only; growing the window past the breakpoint closes it.
    const wide = window.matchMedia('(min-width: 1024px)');
    const onChange = () => wide.matches && setMenuOpenOn(null);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  if (loading) {
    return (
      <>
        <LoadingScreen />
        <Toasts inShell />
      </>
    );
  }
  if (!user) return <Navigate to="/signin" replace />;

  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-dvh lg:pl-64">
        <SkipLink />
        <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
          <SidebarContent user={user} />
        </aside>
        {menuWanted && (
          <Suspense fallback={null}>
            <MobileSidebar user={user} open={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        )}
        <div className="flex min-h-dvh min-w-0 flex-col">
          <PageHeader menuOpen={menuOpen} onMenuToggle={() => setMenuOpen(!menuOpen)} />
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto focus:outline-none w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8"
          >
            <Outlet />
          </main>
        </div>
        <Toasts inShell />
      </div>
    </QueryClientProvider>
  );
}
