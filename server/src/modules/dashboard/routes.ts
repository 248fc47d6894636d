import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@common/dashboard';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // One request for every widget; each is read and guarded on its own (see getDashboard).
  r.get(
    '/api/dashboard',
    { schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema } } },
    (req) => getDashboard(app.db, req.user.id, req.query.tz, req.log),
  );
}
