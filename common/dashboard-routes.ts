import type { ApiRoute } from './api-route';

/**
 * The dashboard's route by path alone, without zod: the dashboard is part of the signed-in first load, so its
 * request starts while its schema's chunk loads (web/src/pages/dashboard/api.ts). Its schemas: dashboard-api.ts.
 */
export const dashboardRoutes = {
  get: { method: 'GET', path: '/api/dashboard' },
} as const satisfies Record<string, ApiRoute>;
