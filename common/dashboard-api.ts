import { dashboardQuerySchema, dashboardSchema } from './dashboard';
import { dashboardRoutes } from './dashboard-routes';

/** The dashboard's route (see api-route.ts): every widget in one request. */
export const dashboardApi = {
  get: { ...dashboardRoutes.get, query: dashboardQuerySchema, response: dashboardSchema },
};
