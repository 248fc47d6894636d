import { get } from './api-route';
import { dashboardQuerySchema, dashboardSchema } from './dashboard';

/** The dashboard's route (see api-route.ts): every widget in one request. */
export const dashboardApi = {
  get: get('/api/dashboard', { query: dashboardQuerySchema, response: dashboardSchema }),
};
