import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@common/dashboard-api';
import { serve } from '../../http/serve';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance) {
  // One request for every widget; each is read and guarded on its own, as the member (see getDashboard).
  serve(app, dashboardApi.get, (req) => getDashboard(app.db, req.member, req.query.tz, req.log));
}
