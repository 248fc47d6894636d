import { get } from './api-route';

/**
 * The dashboard's route by path alone, without zod: the dashboard is part of the signed-in first load, so its
 * request starts while its schema's chunk loads (web/src/pages/dashboard/api.ts). Its schemas: dashboard-api.ts.
 */
export const dashboardRoutes = {
  get: get('/api/dashboard'),
};
