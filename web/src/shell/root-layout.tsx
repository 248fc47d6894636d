import { Suspense, useLayoutEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { PageFallback } from './page-fallback';

/** A new page starts at its top; back and forward keep the browser's own scroll restoration. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** Wraps every route: shows a spinner while the first screen's code loads. */
export function RootLayout() {
  useScrollToTopOnNavigate();
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}
