import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@common/dashboard';
import { call } from '../../lib/api';
import { dashboardKeys } from './keys';

/** The browser's time zone: "today" and the revenue months are the user's own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The route, and with it the contract's zod schema the answer is checked with, is loaded with the request:
 * the dashboard is part of the signed-in first load (bench/bundle.ts), and zod would be a fifth of it.
 */
async function fetchDashboard(tz: string): Promise<Dashboard> {
  const { dashboardApi } = await import('@common/dashboard-api');
  return call(dashboardApi.get, { query: { tz } });
}

/** Every widget in one request; each one the server could not read comes back null. */
export const dashboardQuery = (tz = browserTimeZone()) =>
  queryOptions({
    queryKey: dashboardKeys.inZone(tz),
    queryFn: () => fetchDashboard(tz),
    // Figures that other screens change: read again on every visit (the cached ones show meanwhile).
    staleTime: 0,
  });
