import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityInputSchema, activityPageSchema, activitySchema, dealActivityParamsSchema } from '@common/activities';
import { pageQuerySchema } from '@common/http';
import { completeActivity, createActivity, deleteActivity, listActivities } from './service';

const dealParamsSchema = z.object({ dealId: dealActivityParamsSchema.shape.dealId });

export async function activitiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/deals/:dealId/activities',
    { schema: { params: dealParamsSchema, querystring: pageQuerySchema, response: { 200: activityPageSchema } } },
    async (req) => {
      const after = app.cursors.open(req.query.cursor, req.user.id, 'activities');
      const page = await listActivities(app.db, req.user.id, req.params.dealId, { limit: req.query.limit, after });
      return app.cursors.pageOf(page, req.user.id, 'activities');
    },
  );

  r.post(
    '/api/deals/:dealId/activities',
    { schema: { params: dealParamsSchema, body: activityInputSchema, response: { 201: activitySchema } } },
    async (req, reply) => reply.code(201).send(await createActivity(app.db, req.user.id, req.params.dealId, req.body)),
  );

  r.post(
    '/api/deals/:dealId/activities/:id/complete',
    { schema: { params: dealActivityParamsSchema, response: { 200: activitySchema } } },
    (req) => completeActivity(app.db, req.user.id, req.params.dealId, req.params.id),
  );

  r.delete(
    '/api/deals/:dealId/activities/:id',
    { schema: { params: dealActivityParamsSchema } },
    async (req, reply) => {
      await deleteActivity(app.db, req.user.id, req.params.dealId, req.params.id);
      return reply.code(204).send();
    },
  );
}
