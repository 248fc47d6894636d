import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@common/dashboard';
import { dashboardRoutes } from '@common/dashboard-routes';
import { send } from '../../lib/api';
import { dashboardKeys } from './keys';

/** The browser's time zone: "today" and the revenue months are the user's own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type DashboardRoute = (typeof import('@common/dashboard-api'))['dashboardApi']['get'];

/**
 * The request starts at once; the answer is checked with the contract's zod schema, loaded beside it: the
 * dashboard is part of the signed-in first load (bench/bundle.ts), and zod would be a fifth of it.
 */
async function fetchDashboard(tz: string): Promise<Dashboard> {
  const [data, { dashboardApi }] = await Promise.all([
    send<DashboardRoute>(dashboardRoutes.get, { query: { tz } }),
    import('@common/dashboard-api'),
  ]);
  return dashboardApi.get.response.parse(data);
}

/** Every widget in one request; each one the server could not read comes back null. */
export const dashboardQuery = (tz = browserTimeZone()) =>
  queryOptions({
    queryKey: dashboardKeys.inZone(tz),
    queryFn: () => fetchDashboard(tz),
    // Figures that other screens change: read again on every visit (the cached ones show meanwhile).
    staleTime: 0,
  });
