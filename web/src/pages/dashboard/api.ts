import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@common/dashboard';
import { api } from '../../lib/api';

/** The browser's time zone: "today" and the revenue months are the user's own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const asIs = { parse: (data: unknown) => data };

/**
 * The answer is checked with the contract's zod schema, fetched beside the request: the dashboard is part of
 * the signed-in first load (bench/bundle.ts), and zod would be a fifth of it.
 */
async function fetchDashboard(tz: string): Promise<Dashboard> {
  const [{ dashboardSchema }, body] = await Promise.all([
    import('@common/dashboard'),
    api.get(`/api/dashboard?${new URLSearchParams({ tz }).toString()}`, asIs),
  ]);
  return dashboardSchema.parse(body);
}

/** Every widget in one request; each one the server could not read comes back null. */
export const dashboardQuery = (tz = browserTimeZone()) =>
  queryOptions({
    queryKey: ['dashboard', tz],
    queryFn: () => fetchDashboard(tz),
    // Figures that other screens change: read again on every visit (the cached ones show meanwhile).
    staleTime: 0,
  });
