import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@common/dashboard';
import { dashboardRoutes } from '@common/dashboard-routes';
import { send } from '../../lib/api';
import { dashboardKeys } from './keys';
import { browserTimeZone } from '../../lib/format';

type DashboardRoute = (typeof import('@common/dashboard-api'))['dashboardApi']['get'];

/**
 * Taken as the contract types it, without zod: the dashboard is on a new user's first visit (bench/bundle.ts), and
 * the server checks every answer against the contract's schema before it sends it (its serializer).
 */
async function fetchDashboard(tz: string): Promise<Dashboard> {
  return (await send<DashboardRoute>(dashboardRoutes.get, { query: { tz } })) as Dashboard;
}

/** Every widget in one request; each one the server could not read comes back null. */
export const dashboardQuery = (tz = browserTimeZone()) =>
  queryOptions({
    queryKey: dashboardKeys.inZone(tz),
    queryFn: () => fetchDashboard(tz),
    // Figures that other screens change: read again on every visit (the cached ones show meanwhile).
    staleTime: 0,
  });
