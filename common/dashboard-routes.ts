import type { ApiRoute } from './api-route';

/**
 * The dashboard's route by path alone, without zod: the dashboard is part of a new user's first visit, and reads its
 * answer as the contract types it (web/src/pages/dashboard/api.ts). Its schemas: dashboard-api.ts.
 */
export const dashboardRoutes = {
  get: { method: 'GET', path: '/api/dashboard' },
} as const satisfies Record<string, ApiRoute>;
